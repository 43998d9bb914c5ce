// Display targets for testing pipelines without GL: HostTarget takes host uploads only (the
// host-copy path); SurfaceTarget (GPU tests) is a CUDA array behind a surface object, as a
// GL texture is when CUDA-GL interop works.
#pragma once

#include <opencv2/core.hpp>

#include <cstring>

#include "pipeline/display_target.h"

namespace satlab::test {

class HostTarget final : public DisplayTarget {
 public:
  void resize(int width, int height) override {
    if (rgba.cols == width && rgba.rows == height) return;
    rgba.create(height, width, CV_8UC4);
    ++resizes;
  }
  std::optional<cudaSurfaceObject_t> begin_cuda_write(cudaStream_t) override { return std::nullopt; }
  void end_cuda_write(cudaStream_t) noexcept override {}
  void upload_host(const uint8_t* data, std::size_t pitch) override {
    for (int y = 0; y < rgba.rows; ++y) std::memcpy(rgba.ptr(y), data + y * pitch, std::size_t(rgba.cols) * 4);
    ++uploads;
  }

  cv::Mat rgba;
  int resizes = 0, uploads = 0;
};

}  // namespace satlab::test
