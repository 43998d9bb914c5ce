// The pixel inspector's read-back without a stall: a pixel of the newest output is copied into
// page-locked memory in stream order, and its value is shown once the GPU has it (the next frame,
// in practice). One request is outstanding at a time; the mouse moving on meanwhile only delays
// the next one.
#pragma once

#include <opencv2/core.hpp>

#include <cuda_runtime_api.h>

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
  // Forgets the answers (the image they came from is gone).
  void clear() { answer_ = {}; }

 private:
  struct Request {
    int x = -1, y = -1, channels = 0;
  };
  sat::PinnedBuffer bytes_;  // 4 bytes the GPU writes
  sat::CudaEvent copied_{cudaEventDisableTiming};
  Request pending_, answer_;
  cv::Vec3b answer_value_;
};

}  // namespace satlab
