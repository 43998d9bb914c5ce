// Timing of the pipeline's stages on the GPU: an event timer per stage recorded in the stream that
// runs the stage, read once the streams have passed them (GPU time, not host time). One per frame
// in flight: a frame's events are recorded again only after that frame finished. CPU stages use
// satapp::Stopwatch.
#pragma once

#include <cuda_runtime_api.h>

#include <array>

#include "common/timing/event_timer.h"
#include "pipeline/frame_pipeline.h"

namespace satlab {

class CudaStageTimer {
 public:
  CudaStageTimer() = default;  // creates the events (throws sat::Error without CUDA)
  void reset() { recorded_.fill(false); }  // at the start of a frame
  void begin(Stage stage, cudaStream_t stream);
  void end(Stage stage, cudaStream_t stream);
  // Milliseconds between begin and end of `stage` (0 when not recorded this frame). The stream
  // must have passed the stage's end event (e.g. after waiting for the frame's last event).
  double elapsed_ms(Stage stage) const;
  // The end event of `stage`: another stream waits for it to use what the stage produced.
  cudaEvent_t ended(Stage stage) const { return stages_[static_cast<int>(stage)].stopped(); }

 private:
  std::array<satapp::EventTimer, kStageCount> stages_;
  std::array<bool, kStageCount> recorded_{};
};

}  // namespace satlab
