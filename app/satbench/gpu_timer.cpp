// The watchdog wait, and the event timer under it.
#include "gpu_timer.h"

#include <chrono>
#include <thread>

#include "common/cuda/cuda_check.h"
#include "common/timing/stopwatch.h"
#include "sat/support/device_hang.h"

namespace satbench {

void wait_for(cudaEvent_t event, double timeout_s, const std::string& what) {
  const satapp::Stopwatch waiting;
  for (long polls = 0;; ++polls) {
    const cudaError_t status = cudaEventQuery(event);
    if (status == cudaSuccess) return;
    if (status != cudaErrorNotReady) sat::throw_cuda_error(status, "waiting for " + what);
    const double waited = waiting.elapsed_s();
    if (waited > timeout_s) {
      sat::mark_device_hung();  // before unwinding: no destructor may wait for the hung work
      throw GpuHang(what + " has not finished after " + std::to_string(int(timeout_s)) +
                    " s (deadlock? raise --hang-s if it is only slow)");
    }
    // Spin briefly (short kernels), then sleep: the host's polling does not enter the event interval.
    if (polls < 1000)
      std::this_thread::yield();
    else
      std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}

GpuTimer::GpuTimer(cudaStream_t stream, double timeout_s) : stream_(stream), timeout_s_(timeout_s) {}

void GpuTimer::start() { events_.start(stream_); }

void GpuTimer::stop() { events_.stop(stream_); }

double GpuTimer::elapsed_ms(const std::string& what) {
  wait_for(events_.stopped(), timeout_s_, what);
  return events_.elapsed_ms();
}

}  // namespace satbench
