#include "common/frame/frame_slot.h"

#include <string>

#include "common/cuda/cuda_check.h"
#include "common/frame/pinned_mat.h"
#include "sat/error.h"

namespace satapp {

namespace {
unsigned event_flags(bool timing) { return timing ? cudaEventDefault : cudaEventDisableTiming; }
}  // namespace

FrameSlot::FrameSlot(bool timing)
    : timing_(timing),
      timers_{EventTimer(event_flags(timing)), EventTimer(event_flags(timing)), EventTimer(event_flags(timing)),
              EventTimer(event_flags(timing))} {}

void FrameSlot::allocate(const FrameLayout& layout, const sat::Options& options) {
  release();  // free before allocating: a size change must not need twice the memory
  const int w = layout.width, h = layout.height;
  session_.emplace(sat::Backend::Cuda, options);
  session_->enable_stage_timing(timing_);
  session_->engine(sat::Extent{w, h});  // made now, not at the first frame
  if (layout.staging) staging_ = pinned_mat(h, w, CV_8UC(layout.channels));
  input_ = DeviceImage(w, h, layout.channels);
  if (layout.bgra) bgra_ = DeviceImage(w, h, 4);
  if (layout.gray) gray_ = DeviceImage(w, h, 1);
  for (int channels : layout.outputs) outputs_.emplace_back(w, h, channels);
}

void FrameSlot::release() {
  session_.reset();
  staging_.release();  // the memory itself goes with the last Mat that shares it (a source's frame)
  input_ = DeviceImage();
  bgra_ = DeviceImage();
  gray_ = DeviceImage();
  outputs_.clear();
  abandon_frame();
}

sat::Image8 FrameSlot::converted(FrameConvert convert) const {
  switch (convert) {
    case FrameConvert::Bgra:
      return bgra_.view();
    case FrameConvert::Gray:
      return gray_.view();
    case FrameConvert::None:
      break;
  }
  return input_.view();
}

sat::Image8 FrameSlot::output(int channels) const {
  for (const DeviceImage& image : outputs_)
    if (image.view().channels == channels) return image.view();
  throw sat::Error(sat::ErrorCode::InvalidArgument, "FrameSlot::output",
                   "the slot has no " + std::to_string(channels) + "-channel output");
}

void FrameSlot::begin_frame() {
  for (bool& recorded : recorded_) recorded = false;
  uploaded_ = false;
  luma_uploaded_ = false;
}

void FrameSlot::begin(Stage stage, cudaStream_t stream) { timers_[stage].start(stream); }

void FrameSlot::end(Stage stage, cudaStream_t stream) {
  timers_[stage].stop(stream);
  recorded_[stage] = true;
}

void FrameSlot::end_frame(cudaStream_t stream) {
  SAT_CUDA_CHECK(cudaEventRecord(done_.get(), stream));
  in_flight_ = true;
}

void FrameSlot::abandon_frame() {
  begin_frame();
  in_flight_ = false;
}

bool FrameSlot::finished() const {
  if (!in_flight_) return true;
  const cudaError_t status = cudaEventQuery(done_.get());
  if (status == cudaErrorNotReady) return false;  // not an error: the frame is still on the GPU
  SAT_CUDA_CHECK(status);
  return true;
}

void FrameSlot::wait() const {
  if (in_flight_) SAT_CUDA_CHECK(cudaEventSynchronize(done_.get()));
}

FrameTimes FrameSlot::times() const {
  FrameTimes t;
  if (!timing_) return t;
  auto elapsed = [&](Stage stage) { return recorded_[stage] ? timers_[stage].elapsed_ms() : 0.0; };
  t.upload_ms = elapsed(kUpload);
  t.convert_ms = elapsed(kConvert);
  t.compute_ms = elapsed(kCompute);
  t.finish_ms = elapsed(kFinish);
  if (recorded_[kCompute] && session_) {  // the engine ran for this frame
    const sat::StageTimes e = session_->last_stage_times();
    t.convert_ms += e.convert_ms;
    t.sat_ms = e.sat_ms;
    t.filter_ms = e.filter_ms;
  }
  return t;
}

}  // namespace satapp
