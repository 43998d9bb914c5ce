#include "frame_detector.h"

#include <cuda_runtime_api.h>

#include "common/cuda_sharing.h"
#include "gray_plane.h"
#include "red_first_gray.h"

namespace sat_gst {

FrameDetector::FrameDetector(sat::Backend backend) : backend_(backend) {}

void FrameDetector::load(const std::string& profile) {
  if (profile == profile_) return;
  profile_.clear();  // until the new one has loaded
  cascade_ = sat::load_haar_cascade(profile);
  profile_ = profile;
}

void FrameDetector::configure(const DetectSettings& s, sat::Extent extent) {
  settings_.min_stddev = s.min_stddev;
  if (!session_ || s.profile != profile_) {
    session_.reset();
    load(s.profile);
    session_.emplace(backend_, cascade_, s.params);
  }
  session_->set_params(s.params);
  try {
    session_->reserve(extent);  // parameters satcore refuses are refused here, not at the frame
  } catch (...) {
    session_.reset();
    throw;
  }
  settings_ = s;
}

const std::vector<sat::Box>& FrameDetector::detect(sat::ConstImage8 gray) {
  if (settings_.min_stddev > 0 && standard_deviation(gray) < settings_.min_stddev) return none_;
  return session_->detect_host(gray);
}

const std::vector<sat::Box>& FrameDetector::detect_packed(sat::ConstImage8 frame, bool red_first) {
  const int width = frame.width, height = frame.height;
  if (!red_first) return session_->detect_host(frame);  // the detector converts blue-first colour itself
  if (backend_ == sat::Backend::Cpu) {
    host_gray_.resize(std::size_t(width) * std::size_t(height));
    const sat::Image8 gray{host_gray_.data(), std::size_t(width), width, height, 1};
    packed_to_gray(frame, red_first, gray);
    return session_->detect_host(gray);
  }
  if (device_gray_.empty() || device_gray_.row_bytes() < std::size_t(width) ||
      device_gray_.rows() < std::size_t(height))
    device_gray_ = sat::PitchedBuffer(std::size_t(width), std::size_t(height));
  const sat::Image8 gray{device_gray_.data(), device_gray_.pitch(), width, height, 1};
  red_first_to_gray_device(session_->stage_host(frame), gray, session_->stream());
  return detect_device(gray);
}

const std::vector<sat::Box>& FrameDetector::detect_device(sat::ConstImage8 frame) {
  return session_->detect_device(frame, session_->stream());
}

}  // namespace sat_gst
