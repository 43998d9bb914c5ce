#include "common/frame/frame_to_bgr.h"

#include <cstring>
#include <vector>

#include "common/cuda/cuda_check.h"
#include "common/frame/pixel_to_bgr.h"

namespace satapp {

void to_bgr_cpu(const FrameView& frame, cv::Mat& bgr) {
  require_8bit(frame.layout, "to_bgr_cpu");
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
  require_8bit(frame.layout, "download_bgr");
  const sat::PixelLayoutInfo& layout = sat::layout_info(frame.layout);
  std::vector<uint8_t> planes[3];
  FrameView host = frame;
  host.on_device = false;
  for (int p = 0; p < layout.planes; ++p) {
    const std::size_t row_bytes = sat::plane_row_bytes(layout, p, frame.width);
    const int rows = sat::plane_rows(layout, p, frame.height);
    planes[p].resize(row_bytes * rows);
    SAT_CUDA_CHECK(cudaMemcpy2D(planes[p].data(), row_bytes, frame.plane[p], frame.pitch[p], row_bytes, rows,
                                cudaMemcpyDeviceToHost));
    host.plane[p] = planes[p].data();
    host.pitch[p] = row_bytes;
  }
  to_bgr_cpu(host, bgr);
}

}  // namespace satapp
