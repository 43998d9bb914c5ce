// A display target for testing pipelines without GL: HostTarget takes host uploads only (the CPU
// backend's path); a CUDA write into it is a test failure. The GPU tests' targets, which give CUDA
// a surface as InteropTexture does with and without interop, are in satlab_gpu_test.cpp.
#pragma once

#include <gtest/gtest.h>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

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
  // Rows of RGBA, in place: the bands make the whole image, and `uploads` counts the images.
  void upload_host(int y, sat::ConstImage8 band) override {
    EXPECT_EQ(band.channels, 4);
    EXPECT_EQ(band.width, rgba.cols);
    EXPECT_LE(y + band.height, rgba.rows);
    for (int r = 0; r < band.height; ++r)
      std::memcpy(rgba.ptr(y + r), band.data + r * band.pitch, std::size_t(rgba.cols) * 4);
    if (y == 0) ++uploads;
  }
  // Kept as the gray image (gray_uploads counts them) and shown in `rgba` as GL samples it.
  void upload_host_gray(sat::ConstImage8 image) override {
    const cv::Mat view(image.height, image.width, CV_8UC1, const_cast<uint8_t*>(image.data), image.pitch);
    view.copyTo(gray);
    cv::cvtColor(gray, rgba, cv::COLOR_GRAY2RGBA);
    ++uploads;
    ++gray_uploads;
  }
  const char* display_path() const override { return uploads > 0 ? kDisplayHostUpload : ""; }

  cv::Mat rgba, gray;
  int resizes = 0, uploads = 0, gray_uploads = 0;
};

}  // namespace satlab::test
