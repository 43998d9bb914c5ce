// Host images to and from device images of the same layout, for satlab's GPU tests (synchronous
// copies: for setting up and checking, not for what is measured).
#pragma once

#include <cuda_runtime_api.h>

#include <opencv2/core.hpp>

#include "common/cuda/cuda_check.h"
#include "common/cuda/device_image.h"

namespace satlab::test {

inline satapp::DeviceImage upload(const cv::Mat& host) {
  satapp::DeviceImage image(host.cols, host.rows, host.channels());
  const sat::Image8 v = image.view();
  SAT_CUDA_CHECK(cudaMemcpy2D(v.data, v.pitch, host.data, host.step[0], std::size_t(host.cols) * host.channels(),
                              host.rows, cudaMemcpyHostToDevice));
  return image;
}

inline cv::Mat download(const satapp::DeviceImage& image) {
  const sat::Image8 v = image.view();
  cv::Mat host(v.height, v.width, CV_8UC(v.channels));
  SAT_CUDA_CHECK(cudaMemcpy2D(host.data, host.step[0], v.data, v.pitch, std::size_t(v.width) * v.channels, v.height,
                              cudaMemcpyDeviceToHost));
  return host;
}

}  // namespace satlab::test
