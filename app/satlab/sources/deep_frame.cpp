#include "sources/deep_frame.h"

#include "common/cuda/cuda_check.h"
#include "sat/error.h"

namespace satlab {

bool is_deep(const satapp::Frame& frame) { return sat::is_deep(sat::layout_info(frame.view.layout)); }

int sample_bits(const satapp::Frame& frame) { return sat::layout_info(frame.view.layout).bits; }

sat::ConstImage16 deep_luma(const satapp::FrameView& view, int& shift) {
  const sat::PixelLayoutInfo& info = sat::layout_info(view.layout);
  if (!sat::is_deep(info) || info.luma_plane < 0)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "deep_luma",
                     std::string(info.name) + " is not a layout of 16-bit luma samples");
  shift = info.sample_shift;
  const int p = info.luma_plane;
  return {reinterpret_cast<const uint16_t*>(view.plane[p]), view.pitch[p], view.width, view.height, 1};
}

cv::Mat host_samples16(const satapp::Frame& frame, cv::Mat& buffer) {
  int shift = 0;
  const sat::ConstImage16 luma = deep_luma(frame.view, shift);
  const cv::Mat plane(luma.height, luma.width, CV_16UC1, const_cast<uint16_t*>(luma.data), luma.pitch);
  if (!frame.on_device()) {
    if (shift == 0) return plane;
    buffer.create(luma.height, luma.width, CV_16UC1);
  } else {
    if (frame.ready) SAT_CUDA_CHECK(cudaEventSynchronize(frame.ready));  // the planes are written
    buffer.create(luma.height, luma.width, CV_16UC1);
    SAT_CUDA_CHECK(cudaMemcpy2D(buffer.data, buffer.step[0], luma.data, luma.pitch, std::size_t(luma.width) * 2,
                                std::size_t(luma.height), cudaMemcpyDeviceToHost));
    if (shift == 0) return buffer;
  }
  // P010: the 10 bits sit at the top of each word.
  for (int y = 0; y < luma.height; ++y) {
    const uint16_t* in = frame.on_device() ? buffer.ptr<uint16_t>(y) : plane.ptr<uint16_t>(y);
    uint16_t* out = buffer.ptr<uint16_t>(y);
    for (int x = 0; x < luma.width; ++x) out[x] = uint16_t(in[x] >> shift);
  }
  return buffer;
}

void deep_to_bgr8(const satapp::Frame& frame, cv::Mat& bgr) {
  cv::Mat values;
  const cv::Mat samples = host_samples16(frame, values);
  const int drop = sample_bits(frame) - 8;
  bgr.create(samples.rows, samples.cols, CV_8UC3);
  for (int y = 0; y < samples.rows; ++y) {
    const uint16_t* in = samples.ptr<uint16_t>(y);
    uint8_t* out = bgr.ptr<uint8_t>(y);
    for (int x = 0; x < samples.cols; ++x, out += 3) out[0] = out[1] = out[2] = uint8_t(in[x] >> drop);
  }
}

satapp::Frame host_frame16(const cv::Mat& gray16) {
  satapp::Frame frame;
  if (gray16.empty()) return frame;
  if (gray16.type() != CV_16UC1)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "host_frame16",
                     "the image must be 16-bit gray (got type " + std::to_string(gray16.type()) + ")");
  frame.view.layout = sat::PixelLayout::Gray16;
  frame.view.width = gray16.cols;
  frame.view.height = gray16.rows;
  frame.view.plane[0] = gray16.data;
  frame.view.pitch[0] = gray16.step[0];
  frame.owner = std::make_shared<const cv::Mat>(gray16);  // its reference count keeps the pixels
  return frame;
}

}  // namespace satlab
