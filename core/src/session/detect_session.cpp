#include "sat/detect_session.h"

#include <optional>
#include <utility>

#include "sat/error.h"
#include "sat/support/cuda_stream.h"
#include "session/frame_bytes.h"

namespace sat {

bool same_detect_params(const DetectParams& a, const DetectParams& b) {
  return a.scale_factor == b.scale_factor && a.min_neighbors == b.min_neighbors &&
         a.min_size.width == b.min_size.width && a.min_size.height == b.min_size.height &&
         a.max_size.width == b.max_size.width && a.max_size.height == b.max_size.height;
}

struct DetectSession::Impl {
  Impl(Backend b, HaarCascade c, const DetectParams& p) : backend(b), cascade(std::move(c)), params(p) {}

  Backend backend;
  HaarCascade cascade;
  DetectParams params;
  std::optional<Detector> detector;
  Extent extent{0, 0};  // the detector's, kept when the parameters make it again
  int detectors_made = 0;
  bool stage_timing = false;
  std::optional<CudaStream> stream;  // Backend::Cuda, made at first use
  session::DeviceFrame staged;       // Backend::Cuda, host frames

  Detector& detector_for(Extent frame) {
    if (detector && session::holds(detector->max_extent(), frame)) return *detector;
    const Extent size = session::grown(extent, frame);
    detector.reset();  // its buffers go before the larger ones come
    detector.emplace(backend, cascade, size, params);
    extent = size;
    ++detectors_made;
    detector->enable_stage_timing(stage_timing);
    return *detector;
  }
  cudaStream_t own_stream() {
    if (backend != Backend::Cuda) return nullptr;
    if (!stream) stream.emplace();
    return stream->get();
  }
  void require_cuda(const char* call) const {
    if (backend != Backend::Cuda)
      throw Error(ErrorCode::InvalidArgument, call,
                  "device frames need the CUDA backend (this session runs on the CPU: use detect_host)");
  }
};

DetectSession::DetectSession(Backend backend, HaarCascade cascade, DetectParams params)
    : impl_(std::make_unique<Impl>(backend, std::move(cascade), params)) {}
DetectSession::~DetectSession() = default;
DetectSession::DetectSession(DetectSession&&) noexcept = default;
DetectSession& DetectSession::operator=(DetectSession&&) noexcept = default;

Backend DetectSession::backend() const { return impl_->backend; }
const HaarCascade& DetectSession::cascade() const { return impl_->cascade; }
const DetectParams& DetectSession::params() const { return impl_->params; }

void DetectSession::set_params(const DetectParams& params) {
  if (same_detect_params(params, impl_->params)) return;
  impl_->params = params;
  impl_->detector.reset();  // made again, of the extent it had, at the next frame
}

Extent DetectSession::extent() const { return impl_->detector ? impl_->extent : Extent{0, 0}; }
Detector& DetectSession::reserve(Extent frame) { return impl_->detector_for(frame); }
int DetectSession::detectors_made() const { return impl_->detectors_made; }

void DetectSession::enable_stage_timing(bool on) {
  impl_->stage_timing = on;
  if (impl_->detector) impl_->detector->enable_stage_timing(on);
}
DetectTimes DetectSession::last_times() const {
  return impl_->detector ? impl_->detector->last_times() : DetectTimes{};
}

const std::vector<Box>& DetectSession::detect_host(ConstImage8 frame) {
  if (impl_->backend == Backend::Cpu) return impl_->detector_for({frame.width, frame.height}).detect(frame);
  Detector& detector = impl_->detector_for({frame.width, frame.height});  // refuses a bad frame size first
  return detector.detect(stage_host(frame), impl_->own_stream());
}

const std::vector<Box>& DetectSession::detect_device(ConstImage8 frame, cudaStream_t stream) {
  impl_->require_cuda("DetectSession::detect_device");
  return impl_->detector_for({frame.width, frame.height}).detect(frame, stream);
}

ConstImage8 DetectSession::stage_host(ConstImage8 frame) {
  impl_->require_cuda("DetectSession::stage_host");
  return impl_->staged.upload(frame, impl_->own_stream()).as8("DetectSession::stage_host");
}

cudaStream_t DetectSession::stream() { return impl_->own_stream(); }

}  // namespace sat
