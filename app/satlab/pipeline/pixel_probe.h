// The pixel inspector's read-back without a stall: a pixel of the newest output is copied into
// page-locked memory in stream order, and its value is shown once the GPU has it (the next frame,
// in practice). One request is outstanding at a time; the mouse moving on meanwhile only delays
// the next one. 8-bit images of 1, 3 or 4 channels and one-channel 16-bit images.
#pragma once

#include <opencv2/core.hpp>

#include <cuda_runtime_api.h>

#include <cstdint>

#include "common/cuda/pinned_image.h"
#include "sat/filters.h"
#include "sat/support/cuda_event.h"

namespace satlab {

class PixelProbe {
 public:
  PixelProbe();  // throws sat::Error without CUDA

  // Asks for pixel (x, y) of `image` (device memory, valid in `stream` order) unless a request is
  // outstanding. Returns the newest answer for (x, y) as FramePipeline::read_output_pixel does (1
  // for gray, 3 for colour, the channels in `value`), or 0 when there is none yet. Never waits.
  int probe(sat::ConstImage8 image, int x, int y, cudaStream_t stream, cv::Vec3b& value);
  // The same for a one-channel 16-bit image: 1 and the sample in `value`, or 0.
  int probe(sat::ConstImage16 image, int x, int y, cudaStream_t stream, uint16_t& value);
  // Forgets the answers (the image they came from is gone).
  void clear() { answer_ = {}; }

 private:
  struct Request {
    int x = -1, y = -1, channels = 0, sample_bytes = 1;
  };
  // The request's bookkeeping for either sample type: takes a finished copy as the answer, asks for
  // the `pixel_bytes` at `pixel` (null: outside the image) when none is outstanding; returns the
  // answer's bytes when it is for (x, y) with samples of `sample_bytes`, else null.
  const unsigned char* exchange(const void* pixel, int channels, int sample_bytes, int x, int y, cudaStream_t stream);

  sat::PinnedBuffer bytes_;  // 4 bytes the GPU writes
  sat::CudaEvent copied_{cudaEventDisableTiming};
  Request pending_, answer_;
  unsigned char answer_bytes_[4] = {0, 0, 0, 0};
};

}  // namespace satlab
