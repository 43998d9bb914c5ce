// Images for satlab's tests: frames of the synthetic scene, seeded random images, and the count of
// pixels in which two images differ.
#pragma once

#include <opencv2/core.hpp>

#include <memory>
#include <stdexcept>
#include <vector>

#include "common/frame/frame.h"
#include "sources/synthetic_source.h"

namespace satlab::test {

// One poll of a source that makes its frames on the host, as the source controller polls it:
// whether a frame came, into `buffer`. Throws std::logic_error when the frame it gave is not the
// BGR frame in `buffer` (FrameSource::poll's contract for host frames).
inline bool poll_host(FrameSource& source, cv::Mat& buffer, double now_s) {
  satapp::Frame frame;
  if (!source.poll(frame, buffer, now_s)) return false;
  if (frame.on_device() || frame.view.layout != sat::PixelLayout::Bgr || frame.view.plane[0] != buffer.data ||
      frame.view.width != buffer.cols || frame.view.height != buffer.rows || frame.view.pitch[0] != buffer.step[0])
    throw std::logic_error("the source's host frame does not view the buffer it wrote");
  return true;
}

// The synthetic scene's frame `index` (0: the first) at width×height, BGR.
inline cv::Mat synthetic_frame(int width, int height, long long index) {
  SyntheticSource source(width, height);
  cv::Mat frame;
  for (long long i = 0; i <= index; ++i) poll_host(source, frame, 0.0);
  return frame;
}

inline cv::Mat random_image(int width, int height, int channels, unsigned seed) {
  cv::Mat m(height, width, CV_8UC(channels));
  cv::RNG rng(seed);
  rng.fill(m, cv::RNG::UNIFORM, 0, 256);
  return m;
}

// One-channel 16-bit samples spread over the whole range of `bits`, 0 ... 2^bits − 1.
inline cv::Mat random_image16(int width, int height, unsigned seed, int bits = 16) {
  cv::Mat m(height, width, CV_16UC1);
  cv::RNG rng(seed);
  rng.fill(m, cv::RNG::UNIFORM, 0, 1 << bits);
  return m;
}

// A host P010 frame whose luma values are `values` (10-bit, CV_16UC1, even size): each word holds
// its value in the high 10 bits; chroma neutral (512 << 6). The frame holds its planes.
inline satapp::Frame p010_frame(const cv::Mat& values) {
  auto planes = std::make_shared<std::vector<cv::Mat>>();
  cv::Mat y;
  values.convertTo(y, CV_16UC1, 64.0);  // << 6
  planes->push_back(y);
  planes->push_back(cv::Mat(values.rows / 2, values.cols / 2, CV_16UC2, cv::Scalar(512 << 6, 512 << 6)));
  satapp::Frame frame;
  frame.view.layout = satapp::PixelLayout::P010;
  frame.view.width = values.cols;
  frame.view.height = values.rows;
  for (int p = 0; p < 2; ++p) {
    frame.view.plane[p] = (*planes)[p].data;
    frame.view.pitch[p] = (*planes)[p].step[0];
  }
  frame.owner = planes;
  return frame;
}

// Pixels in which a and b differ in any channel; -1 when their sizes or types differ.
inline long long differing(const cv::Mat& a, const cv::Mat& b) {
  if (a.size() != b.size() || a.type() != b.type()) return -1;
  cv::Mat ne, any;
  cv::compare(a, b, ne, cv::CMP_NE);
  cv::reduce(ne.reshape(1, static_cast<int>(ne.total())), any, 1, cv::REDUCE_MAX);
  return cv::countNonZero(any);
}

// A host NV12 frame of width×height (even) with random planes (random_image's); the frame holds them.
inline satapp::Frame nv12_frame(int width, int height, unsigned seed) {
  auto planes = std::make_shared<std::vector<cv::Mat>>();
  planes->push_back(random_image(width, height, 1, seed));              // Y
  planes->push_back(random_image(width / 2, height / 2, 2, seed + 1));  // U, V interleaved
  satapp::Frame frame;
  frame.view.layout = satapp::PixelLayout::Nv12;
  frame.view.width = width;
  frame.view.height = height;
  for (int p = 0; p < 2; ++p) {
    frame.view.plane[p] = (*planes)[p].data;
    frame.view.pitch[p] = (*planes)[p].step[0];
  }
  frame.owner = planes;
  return frame;
}

}  // namespace satlab::test
