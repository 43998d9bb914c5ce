// Random decoded frames for the GPU tests of the ingest (common/frame/frame_ingest.h): any layout
// of sat/pixel_layout.h at any size (odd ones too, so that NV12's and I420's last chroma column
// and row cover one pixel), each plane's rows padded past their bytes (pitched as a decoder's
// are), on the host and copied to the device. The host view is the CPU reference's input.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <random>
#include <vector>

#include "common/frame/frame_view.h"
#include "cuda_test_support.h"

namespace satapp::test {

class RandomFrame {
 public:
  // `padding` bytes after each plane row; NV12 and I420 use `yuv`.
  RandomFrame(PixelLayout layout, int width, int height, unsigned seed, int padding = 13, YuvMatrix yuv = YuvMatrix{}) {
    const sat::PixelLayoutInfo& info = sat::layout_info(layout);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> byte(0, 255);
    for (FrameView* view : {&host_, &device_}) {
      view->layout = layout;
      view->width = width;
      view->height = height;
      view->yuv = yuv;
    }
    device_.on_device = true;
    for (int p = 0; p < info.planes; ++p) {
      const std::size_t pitch = sat::plane_row_bytes(info, p, width) + std::size_t(padding);
      const std::size_t bytes = pitch * std::size_t(sat::plane_rows(info, p, height));
      bytes_[p].resize(bytes);
      for (uint8_t& b : bytes_[p]) b = static_cast<uint8_t>(byte(rng));
      memory_[p] = sat::test::DeviceBuffer(bytes);
      sat::test::cuda_check(cudaMemcpy(memory_[p].get(), bytes_[p].data(), bytes, cudaMemcpyHostToDevice),
                            "RandomFrame upload");
      host_.plane[p] = bytes_[p].data();
      device_.plane[p] = static_cast<const uint8_t*>(memory_[p].get());
      host_.pitch[p] = device_.pitch[p] = pitch;
    }
  }

  const FrameView& host() const { return host_; }
  const FrameView& device() const { return device_; }

 private:
  FrameView host_, device_;
  std::vector<uint8_t> bytes_[3];
  sat::test::DeviceBuffer memory_[3];
};

}  // namespace satapp::test
