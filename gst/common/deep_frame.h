// The filter on a frame of 16-bit samples (GRAY16_LE, P010_10LE, I420_10LE; video_formats.h):
// the gray or luma plane filtered as a 16-bit image, chroma passed through or made neutral.
//   GRAY16_LE  the plane as it is, 0 … 65535;
//   I420_10LE  luma's values as they are (10 bits in the low bits), the result clamped to 1023;
//   P010_10LE  luma's values Y >> 6 into a 16-bit image, the result written back as
//              min(v, 1023) << 6 (the low 6 bits zero).
// A threshold's result is in 16-bit levels (0 and max_value · 257, satcore's 16-bit thresholds):
// on the 10-bit formats it is rescaled, round(v · 1023 / 65535), so that 65535 becomes 1023 and
// max_value keeps its meaning (a fraction of the range). Neutral chroma is 512 (P010: 512 << 6).
#pragma once

#include <cuda_runtime_api.h>
#include <gst/video/video.h>

#include <cstdint>
#include <vector>

#include "common/filter_runner.h"
#include "sat/pixel_layout.h"

namespace sat_gst {

// The spec a filter runs with on samples of `bits` significant bits (16: the spec as it is).
// satcore's 16-bit filters take intensity parameters in 8-bit units and scale them by 257 to
// 16 bits; 10-bit data would then be judged in 16-bit units. On 10-bit frames the parameters are
// scaled to 10 bits instead (× 1023 / 255, handed to satcore as × 1023 / 65535): Sauvola's r —
// its default (0: 127.5, half the 8-bit range) becomes 511.5, half the 10-bit range, where 16-bit
// images get 32767.5 — mean-C's C, local statistics' scale, gain and c, and the guided filter's
// eps (squared levels: × the factor squared). Bradley's t is a percentage and stays.
sat::FilterSpec spec_for_bits(const sat::FilterSpec& spec, int bits);

// Host scratch of the system-memory path, reused from frame to frame.
struct DeepScratch {
  std::vector<uint16_t> samples;
};

// Mapped frames of one deep format (in, out), in system memory: synchronous.
void filter_deep_system_frame(FilterRunner& runner, const sat::FilterSpec& spec, const std::vector<ImageParam>& images,
                              bool gray_output, GstVideoFrame* in, GstVideoFrame* out, DeepScratch& scratch);
// In CUDA memory (CUDA backend), enqueued on `stream`.
void filter_deep_cuda_frame(FilterRunner& runner, const sat::FilterSpec& spec, const std::vector<ImageParam>& images,
                            bool gray_output, GstVideoFrame* in, GstVideoFrame* out, cudaStream_t stream);

}  // namespace sat_gst
