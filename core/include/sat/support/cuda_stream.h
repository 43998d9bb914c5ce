// A CUDA stream that does not synchronize with the legacy default stream, destroyed with its
// owner. Move-only.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>
#include <type_traits>

namespace sat {

class CudaStream {
 public:
  CudaStream();  // throws sat::Error
  cudaStream_t get() const { return stream_.get(); }

 private:
  struct Destroy {
    void operator()(cudaStream_t stream) const noexcept;
  };
  std::unique_ptr<std::remove_pointer_t<cudaStream_t>, Destroy> stream_;
};

}  // namespace sat
