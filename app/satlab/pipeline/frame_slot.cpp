#include "pipeline/frame_slot.h"

#include "common/cuda/cuda_check.h"
#include "pipeline/pinned_mat.h"

namespace satlab {

void FrameSlot::allocate(int width, int height, const sat::Options& options) {
  release();  // free before allocating: a size change must not need twice the memory
  engine.emplace(sat::Backend::Cuda, sat::Extent{width, height}, options);
  engine->enable_stage_timing(true);
  staging = pinned_mat(height, width, CV_8UC3);
  bgr = satapp::DeviceImage(width, height, 3);
  bgra = satapp::DeviceImage(width, height, 4);
  gray = satapp::DeviceImage(width, height, 1);
  out_bgra = satapp::DeviceImage(width, height, 4);
  out_gray = satapp::DeviceImage(width, height, 1);
}

void FrameSlot::release() {
  engine.reset();
  staging.release();  // the memory itself goes with the last Mat that shares it (a source's frame)
  for (satapp::DeviceImage* image : {&bgr, &bgra, &gray, &out_bgra, &out_gray}) *image = satapp::DeviceImage();
  in_flight_ = false;
}

void FrameSlot::begin_frame(bool engine_runs) {
  timer.reset();
  engine_runs_ = engine_runs;
}

void FrameSlot::end_frame(cudaStream_t stream) {
  SATAPP_CUDA_CHECK(cudaEventRecord(done_.get(), stream));
  in_flight_ = true;
}

void FrameSlot::abandon_frame() {
  timer.reset();
  engine_runs_ = false;
  in_flight_ = false;
}

bool FrameSlot::finished() const {
  if (!in_flight_) return true;
  const cudaError_t status = cudaEventQuery(done_.get());
  if (status == cudaErrorNotReady) return false;  // not an error: the frame is still on the GPU
  SATAPP_CUDA_CHECK(status);
  return true;
}

void FrameSlot::wait() const {
  if (in_flight_) SATAPP_CUDA_CHECK(cudaEventSynchronize(done_.get()));
}

StageTimings FrameSlot::timings() const {
  StageTimings t;
  t[Stage::Upload] = timer.elapsed_ms(Stage::Upload);
  t[Stage::Convert] = timer.elapsed_ms(Stage::Convert);
  t[Stage::Display] = timer.elapsed_ms(Stage::Display);
  if (engine_runs_ && engine) {
    const sat::StageTimes e = engine->last_stage_times();
    t[Stage::Convert] += e.convert_ms;  // 0: the engine gets converted input
    t[Stage::Sat] = e.sat_ms;
    t[Stage::Filter] = e.filter_ms;
  }
  return t;
}

}  // namespace satlab
