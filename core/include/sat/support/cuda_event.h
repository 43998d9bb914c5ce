// A CUDA event, destroyed with its owner. Move-only.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>
#include <type_traits>

namespace sat {

class CudaEvent {
 public:
  CudaEvent() : CudaEvent(cudaEventDefault) {}  // records timestamps
  // cudaEventDisableTiming makes an event that only orders work (cheaper to record and wait for).
  explicit CudaEvent(unsigned flags);  // throws sat::Error
  cudaEvent_t get() const { return event_.get(); }

 private:
  struct Destroy {
    void operator()(cudaEvent_t event) const noexcept;
  };
  std::unique_ptr<std::remove_pointer_t<cudaEvent_t>, Destroy> event_;
};

}  // namespace sat
