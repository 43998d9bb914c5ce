// Timing of a scene's stages on the GPU: an event timer per stage recorded in the stream that
// runs the stage, read once the streams have passed them (GPU time, not host time). A stage is
// its position in the scene's StageTimeline (an enum declared in the order of its names). One
// per frame in flight: a frame's events are recorded again only after that frame finished. CPU
// stages use satapp::Stopwatch.
#pragma once

#include <cuda_runtime_api.h>

#include <array>

#include "common/timing/event_timer.h"
#include "common/timing/stage_timeline.h"

namespace satlab {

class CudaStageTimer {
 public:
  CudaStageTimer() = default;              // creates the events (throws sat::Error without CUDA)
  void reset() { recorded_.fill(false); }  // at the start of a frame
  template <typename StageIndex>
  void begin(StageIndex stage, cudaStream_t stream) {
    stages_.at(index(stage)).start(stream);
  }
  template <typename StageIndex>
  void end(StageIndex stage, cudaStream_t stream) {
    stages_.at(index(stage)).stop(stream);
    recorded_.at(index(stage)) = true;
  }
  // Milliseconds between begin and end of `stage` (0 when not recorded this frame). The stream
  // must have passed the stage's end event (e.g. after waiting for the frame's last event).
  template <typename StageIndex>
  double elapsed_ms(StageIndex stage) const {
    return recorded_.at(index(stage)) ? stages_.at(index(stage)).elapsed_ms() : 0.0;
  }

 private:
  static constexpr int kStages = satapp::StageTimeline::kCapacity;
  template <typename StageIndex>
  static std::size_t index(StageIndex stage) {
    return static_cast<std::size_t>(stage);
  }

  std::array<satapp::EventTimer, kStages> stages_;
  std::array<bool, kStages> recorded_{};
};

}  // namespace satlab
