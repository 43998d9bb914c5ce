#include "common/timing/event_timer.h"

#include "common/cuda/cuda_check.h"

namespace satapp {

void EventTimer::start(cudaStream_t stream) { SAT_CUDA_CHECK(cudaEventRecord(start_.get(), stream)); }

void EventTimer::stop(cudaStream_t stream) { SAT_CUDA_CHECK(cudaEventRecord(stop_.get(), stream)); }

double EventTimer::elapsed_ms() const {
  float ms = 0;
  SAT_CUDA_CHECK(cudaEventElapsedTime(&ms, start_.get(), stop_.get()));
  return ms;
}

}  // namespace satapp
