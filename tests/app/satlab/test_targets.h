// A display target for testing pipelines without GL: HostTarget takes host uploads only (the CPU
// backend's path); a CUDA write into it is a test failure. The GPU tests' targets, which give CUDA
// a surface as InteropTexture does with and without interop, are in satlab_gpu_test.cpp.
#pragma once

#include <gtest/gtest.h>

#include <opencv2/core.hpp>

#include <cstring>

#include "pipeline/display_target.h"
#include "sat/error.h"

namespace satlab::test {

class HostTarget final : public DisplayTarget {
 public:
  void resize(int width, int height) override {
    if (rgba.cols == width && rgba.rows == height) return;
    rgba.create(height, width, CV_8UC4);
    ++resizes;
  }
  cudaSurfaceObject_t begin_cuda_write(cudaStream_t) override {
    ADD_FAILURE() << "a CUDA write into a target that takes host uploads only";
    throw sat::Error(sat::ErrorCode::InvalidArgument, "HostTarget::begin_cuda_write", "host uploads only");
  }
  void end_cuda_write(cudaStream_t) noexcept override {}
  void upload_host(const uint8_t* data, std::size_t pitch) override {
    for (int y = 0; y < rgba.rows; ++y) std::memcpy(rgba.ptr(y), data + y * pitch, std::size_t(rgba.cols) * 4);
    ++uploads;
  }
  const char* display_path() const override { return uploads > 0 ? kDisplayHostUpload : ""; }

  cv::Mat rgba;
  int resizes = 0, uploads = 0;
};

}  // namespace satlab::test
