// Timing of the pipeline's stages on the GPU: an event timer per stage recorded in the frame's
// stream, read once the stream has passed them (GPU time, not host time). CPU stages use
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
  // must have passed the stage's end event (e.g. after cudaStreamSynchronize).
  double elapsed_ms(Stage stage) const;

 private:
  std::array<satapp::EventTimer, kStageCount> stages_;
  std::array<bool, kStageCount> recorded_{};
};

}  // namespace satlab
