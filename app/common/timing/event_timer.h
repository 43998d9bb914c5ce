// GPU time of work on one stream, between two CUDA events: start(stream), enqueue the work,
// stop(stream); once the stream has passed the stop event (after a synchronize, or a wait on
// stopped()), elapsed_ms() reads the interval. It includes the launch gaps of the work in between
// but not how long the host takes to notice completion, and costs the stream no synchronization.
#pragma once

#include <cuda_runtime_api.h>

#include "sat/support/cuda_event.h"

namespace satapp {

class EventTimer {
 public:
  EventTimer() : EventTimer(cudaEventDefault) {}
  // cudaEventDisableTiming: the events only order work (other streams may wait for stopped());
  // elapsed_ms() is then unavailable.
  explicit EventTimer(unsigned event_flags) : start_(event_flags), stop_(event_flags) {}

  void start(cudaStream_t stream);  // throws sat::Error
  void stop(cudaStream_t stream);
  cudaEvent_t stopped() const { return stop_.get(); }  // completes when the timed work has
  double elapsed_ms() const;  // throws sat::Error (e.g. cudaErrorNotReady before the stop event)

 private:
  sat::CudaEvent start_, stop_;
};

}  // namespace satapp
