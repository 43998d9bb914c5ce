#include "frame_detector.h"

#include <cuda_runtime_api.h>

#include "common/cuda/cuda_check.h"
#include "common/cuda_sharing.h"
#include "gray_plane.h"

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
    device_gray_ = satapp::PitchedBuffer(std::size_t(extent.width), std::size_t(extent.height));
}

const std::vector<sat::Box>& FrameDetector::detect(sat::ConstImage8 gray) {
  if (settings_.min_stddev > 0 && standard_deviation(gray) < settings_.min_stddev) return none_;
  if (backend_ == sat::Backend::Cpu) return detector_->detect(gray);
  SATAPP_CUDA_CHECK(cudaMemcpy2DAsync(device_gray_.data(), device_gray_.pitch(), gray.data, gray.pitch,
                                      std::size_t(gray.width), std::size_t(gray.height), cudaMemcpyHostToDevice,
                                      stream_->get()));
  return detect_device({device_gray_.data(), device_gray_.pitch(), gray.width, gray.height, 1});
}

const std::vector<sat::Box>& FrameDetector::detect_device(sat::ConstImage8 frame) {
  return detector_->detect(frame, stream_->get());
}

}  // namespace sat_gst
