#include "common/frame/frame_to_bgr.h"

#include <cstring>
#include <vector>

#include "common/cuda/cuda_check.h"
#include "common/frame/pixel_to_bgr.h"

namespace satapp {

void to_bgr_cpu(const FrameView& frame, cv::Mat& bgr) {
  bgr.create(frame.height, frame.width, CV_8UC3);  // no-op when it already is
  for (int y = 0; y < frame.height; ++y) {
    uint8_t* out = bgr.ptr<uint8_t>(y);
    if (frame.layout == PixelLayout::Bgr) {  // already what the pipelines take
      std::memcpy(out, frame.plane[0] + static_cast<std::size_t>(y) * frame.pitch[0], std::size_t(frame.width) * 3);
      continue;
    }
    for (int x = 0; x < frame.width; ++x) pixel_to_bgr(frame, x, y, out + 3 * x);
  }
}

void download_bgr(const FrameView& frame, cv::Mat& bgr) {
  // Each plane's rows: the packed layouts' bytes per pixel, or luma and (sub-sampled) chroma.
  const auto row_bytes = [&](int plane) -> std::size_t {
    switch (frame.layout) {
      case PixelLayout::Bgr:
        return std::size_t(frame.width) * 3;
      case PixelLayout::Gray:
        return std::size_t(frame.width);
      case PixelLayout::Nv12:
        return std::size_t(plane == 0 ? frame.width : 2 * ((frame.width + 1) / 2));
      case PixelLayout::I420:
        return std::size_t(plane == 0 ? frame.width : (frame.width + 1) / 2);
      default:
        return std::size_t(frame.width) * 4;
    }
  };
  std::vector<uint8_t> planes[3];
  FrameView host = frame;
  host.on_device = false;
  for (int p = 0; p < plane_count(frame.layout); ++p) {
    const int rows = p == 0 ? frame.height : (frame.height + 1) / 2;
    planes[p].resize(row_bytes(p) * rows);
    SAT_CUDA_CHECK(cudaMemcpy2D(planes[p].data(), row_bytes(p), frame.plane[p], frame.pitch[p], row_bytes(p), rows,
                                cudaMemcpyDeviceToHost));
    host.plane[p] = planes[p].data();
    host.pitch[p] = row_bytes(p);
  }
  to_bgr_cpu(host, bgr);
}

}  // namespace satapp
