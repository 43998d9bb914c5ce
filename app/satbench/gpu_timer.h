// Timing GPU work with CUDA events, and a watchdog for work that never finishes (a deadlocked
// kernel would otherwise stall the whole benchmark).
#pragma once

#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>

#include "common/timing/event_timer.h"

namespace satbench {

// GPU work that did not finish in time. The device cannot be used afterwards.
class GpuHang : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Waits until `event` has completed. Throws GpuHang after timeout_s seconds (naming `what`) and
// sat::Error when the work before the event failed.
void wait_for(cudaEvent_t event, double timeout_s, const std::string& what);

// satapp::EventTimer on one stream whose elapsed_ms() waits for the work under the watchdog.
class GpuTimer {
 public:
  GpuTimer(cudaStream_t stream, double timeout_s);
  void start();
  void stop();
  double elapsed_ms(const std::string& what);  // waits for stop (watchdog) and returns the interval in ms

 private:
  cudaStream_t stream_;
  double timeout_s_;
  satapp::EventTimer events_;
};

}  // namespace satbench
