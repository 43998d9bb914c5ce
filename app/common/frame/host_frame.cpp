#include "common/frame/host_frame.h"

#include "common/cuda/cuda_check.h"
#include "common/frame/frame_ingest.h"
#include "common/frame/frame_to_bgr.h"
#include "sat/error.h"

namespace satapp {

Frame host_frame(const cv::Mat& image) {
  Frame frame;
  if (image.empty()) return frame;
  switch (image.type()) {
    case CV_8UC1:
      frame.view.layout = PixelLayout::Gray8;
      break;
    case CV_8UC3:
      frame.view.layout = PixelLayout::Bgr;
      break;
    case CV_8UC4:
      frame.view.layout = PixelLayout::Bgra;
      break;
    default:
      throw sat::Error(sat::ErrorCode::InvalidArgument, "host_frame",
                       "the image must be 8-bit gray, BGR or BGRA (got type " + std::to_string(image.type()) + ")");
  }
  frame.view.width = image.cols;
  frame.view.height = image.rows;
  frame.view.plane[0] = image.data;
  frame.view.pitch[0] = image.step[0];
  // A header of its own: the image's reference count keeps the pixels while the frame lives.
  frame.owner = std::make_shared<const cv::Mat>(image);
  return frame;
}

cv::Mat host_bgr(const Frame& frame, cv::Mat& buffer) {
  if (frame.empty()) return {};
  const FrameView& view = frame.view;
  if (view.on_device) {
    if (frame.ready) SAT_CUDA_CHECK(cudaEventSynchronize(frame.ready));  // the planes are written
    download_bgr(view, buffer);
    return buffer;
  }
  if (view.layout == PixelLayout::Bgr)
    return cv::Mat(view.height, view.width, CV_8UC3, const_cast<uint8_t*>(view.plane[0]), view.pitch[0]);
  to_bgr_cpu(view, buffer);
  return buffer;
}

cv::Mat host_luma(const Frame& frame, cv::Mat& buffer) {
  if (frame.empty()) return {};
  const std::optional<sat::ConstImage8> luma = luma_plane(frame.view);
  if (!luma) return {};
  if (!frame.on_device())
    return cv::Mat(luma->height, luma->width, CV_8UC1, const_cast<uint8_t*>(luma->data), luma->pitch);
  if (frame.ready) SAT_CUDA_CHECK(cudaEventSynchronize(frame.ready));  // the planes are written
  buffer.create(luma->height, luma->width, CV_8UC1);
  SAT_CUDA_CHECK(cudaMemcpy2D(buffer.data, buffer.step[0], luma->data, luma->pitch, std::size_t(luma->width),
                              std::size_t(luma->height), cudaMemcpyDeviceToHost));
  return buffer;
}

}  // namespace satapp
