#include "frame_detector.h"

#include <cuda_runtime_api.h>

#include "common/cuda_sharing.h"
#include "gray_plane.h"
#include "red_first_gray.h"
#include "sat/support/cuda_check.h"

namespace sat_gst {

sat::Backend available_backend() { return cuda_memory_usable() ? sat::Backend::Cuda : sat::Backend::Cpu; }

FrameDetector::FrameDetector(sat::Backend backend) : backend_(backend) {
  if (backend_ == sat::Backend::Cuda) stream_.emplace();
}

void FrameDetector::load(const std::string& profile) {
  if (profile == profile_) return;
  profile_.clear();  // until the new one has loaded
  cascade_ = sat::load_haar_cascade(profile);
  profile_ = profile;
}

void FrameDetector::configure(const DetectSettings& s, sat::Extent extent) {
  const sat::DetectParams &now = s.params, &was = settings_.params;
  const bool same_params = now.scale_factor == was.scale_factor && now.min_neighbors == was.min_neighbors &&
                           now.min_size.width == was.min_size.width && now.min_size.height == was.min_size.height &&
                           now.max_size.width == was.max_size.width && now.max_size.height == was.max_size.height;
  const bool same_extent = extent.width == extent_.width && extent.height == extent_.height;
  settings_.min_stddev = s.min_stddev;
  if (detector_ && s.profile == profile_ && same_params && same_extent) return;
  detector_.reset();
  load(s.profile);
  settings_ = s;
  extent_ = extent;
  detector_.emplace(backend_, cascade_, extent, s.params);
  if (backend_ == sat::Backend::Cuda && !same_extent)
    device_gray_ = sat::PitchedBuffer(std::size_t(extent.width), std::size_t(extent.height));
}

const std::vector<sat::Box>& FrameDetector::detect(sat::ConstImage8 gray) {
  if (settings_.min_stddev > 0 && standard_deviation(gray) < settings_.min_stddev) return none_;
  if (backend_ == sat::Backend::Cpu) return detector_->detect(gray);
  SAT_CUDA_CHECK(cudaMemcpy2DAsync(device_gray_.data(), device_gray_.pitch(), gray.data, gray.pitch,
                                   std::size_t(gray.width), std::size_t(gray.height), cudaMemcpyHostToDevice,
                                   stream_->get()));
  return detect_device({device_gray_.data(), device_gray_.pitch(), gray.width, gray.height, 1});
}

const std::vector<sat::Box>& FrameDetector::detect_packed(sat::ConstImage8 frame, bool red_first) {
  const int width = frame.width, height = frame.height;
  if (backend_ == sat::Backend::Cpu) {
    if (!red_first) return detector_->detect(frame);
    host_gray_.resize(std::size_t(width) * std::size_t(height));
    const sat::Image8 gray{host_gray_.data(), std::size_t(width), width, height, 1};
    packed_to_gray(frame, red_first, gray);
    return detector_->detect(gray);
  }
  // The rows with their padding, in one copy: from pageable memory one contiguous copy is the
  // driver's fastest (a pitched copy would move the same bytes row by row).
  const std::size_t bytes = frame.pitch * std::size_t(height - 1) + std::size_t(width) * std::size_t(frame.channels);
  if (device_frame_.size() < bytes) device_frame_ = sat::DeviceBuffer(bytes);
  SAT_CUDA_CHECK(cudaMemcpyAsync(device_frame_.data(), frame.data, bytes, cudaMemcpyHostToDevice, stream_->get()));
  const sat::ConstImage8 device{device_frame_.data(), frame.pitch, width, height, frame.channels};
  if (!red_first) return detect_device(device);  // the detector converts blue-first colour itself
  const sat::Image8 gray{device_gray_.data(), device_gray_.pitch(), width, height, 1};
  red_first_to_gray_device(device, gray, stream_->get());
  return detect_device(gray);
}

const std::vector<sat::Box>& FrameDetector::detect_device(sat::ConstImage8 frame) {
  return detector_->detect(frame, stream_->get());
}

}  // namespace sat_gst
