#include "frame_detector.h"

#include <cuda_runtime_api.h>

#include "gray_plane.h"
#include "sat/device.h"
#include "sat/error.h"

namespace sat_gst {
namespace {

void check_cuda(cudaError_t status, const char* call) {
  if (status != cudaSuccess) throw sat::Error(sat::ErrorCode::CudaError, call, sat::describe_cuda_error(status));
}

}  // namespace

// A pitched device plane of the configured extent, freed with its owner.
struct FrameDetector::DeviceFrame {
  void* data = nullptr;
  std::size_t pitch = 0;
  sat::Extent extent;

  explicit DeviceFrame(sat::Extent e) : extent(e) {
    check_cuda(cudaMallocPitch(&data, &pitch, std::size_t(e.width), std::size_t(e.height)), "cudaMallocPitch");
  }
  ~DeviceFrame() { cudaFree(data); }
  DeviceFrame(const DeviceFrame&) = delete;
  DeviceFrame& operator=(const DeviceFrame&) = delete;

  sat::ConstImage8 upload(sat::ConstImage8 gray) {
    check_cuda(cudaMemcpy2D(data, pitch, gray.data, gray.pitch, std::size_t(gray.width), std::size_t(gray.height),
                            cudaMemcpyHostToDevice),
               "cudaMemcpy2D");
    return {static_cast<const uint8_t*>(data), pitch, gray.width, gray.height, 1};
  }
};

sat::Backend available_backend() {
  return sat::cuda_availability().usable() ? sat::Backend::Cuda : sat::Backend::Cpu;
}

FrameDetector::FrameDetector(sat::Backend backend) : backend_(backend) {}
FrameDetector::~FrameDetector() = default;

void FrameDetector::load(const std::string& profile) {
  if (profile == profile_) return;
  profile_.clear();  // until the new one has loaded
  cascade_ = sat::load_haar_cascade(profile);
  profile_ = profile;
}

void FrameDetector::configure(const DetectSettings& s, sat::Extent extent) {
  const bool same_params = detector_ && s.params.scale_factor == settings_.params.scale_factor &&
                           s.params.min_neighbors == settings_.params.min_neighbors &&
                           s.params.min_size.width == settings_.params.min_size.width &&
                           s.params.min_size.height == settings_.params.min_size.height &&
                           s.params.max_size.width == settings_.params.max_size.width &&
                           s.params.max_size.height == settings_.params.max_size.height;
  const bool same_extent = extent.width == extent_.width && extent.height == extent_.height;
  settings_.min_stddev = s.min_stddev;
  if (s.profile == profile_ && same_params && same_extent) return;
  detector_.reset();
  load(s.profile);
  settings_ = s;
  extent_ = extent;
  detector_.emplace(backend_, cascade_, extent, s.params);
  if (backend_ == sat::Backend::Cuda && (!device_ || !same_extent)) {
    device_.reset();
    device_ = std::make_unique<DeviceFrame>(extent);
  }
}

const std::vector<sat::Box>& FrameDetector::detect(sat::ConstImage8 gray) {
  if (settings_.min_stddev > 0 && standard_deviation(gray) < settings_.min_stddev) return none_;
  if (backend_ == sat::Backend::Cuda) return detector_->detect(device_->upload(gray));
  return detector_->detect(gray);
}

}  // namespace sat_gst
