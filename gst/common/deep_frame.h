// The filter on a frame of 16-bit samples (GRAY16_LE, P010_10LE, I420_10LE; video_formats.h):
// the gray or luma plane filtered as a 16-bit image, chroma passed through or made neutral.
//   GRAY16_LE  the plane as it is, 0 … 65535;
//   I420_10LE  luma's values as they are (10 bits in the low bits), the result clamped to 1023;
//   P010_10LE  luma's values Y >> 6 into a 16-bit image, the result written back as
//              min(v, 1023) << 6 (the low 6 bits zero).
// A threshold's 16-bit foreground (65535) thus becomes 1023 on the 10-bit formats, and neutral
// chroma is 512 (P010: 512 << 6).
#pragma once

#include <cuda_runtime_api.h>
#include <gst/video/video.h>

#include <cstdint>
#include <vector>

#include "common/filter_runner.h"
#include "sat/pixel_layout.h"

namespace sat_gst {

// The spec a filter runs with on samples of `bits` significant bits. Sauvola's dynamic range r
// left at its default (0: half the range of the image's type, 32767.5 for 16-bit images) is
// half the range of the data instead: 511.5 for 10 bits, as 127.5 is for 8 (scikit-image takes
// r as half the dtype's range; 10-bit data in a 16-bit image would otherwise be judged against
// 16 bits' range and give almost no foreground). An r that is set is kept.
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
