// Timing of the pipeline's stages. CUDA: a pair of events per stage recorded in the frame's
// stream, read once the stream has passed them (GPU time, not host time). CPU: a steady clock.
#pragma once

#include <cuda_runtime_api.h>

#include <array>
#include <chrono>

#include "common/cuda/cuda_event.h"
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
  std::array<satapp::CudaEvent, kStageCount> begin_, end_;
  std::array<bool, kStageCount> recorded_{};
};

class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace satlab
