// Helpers shared by the test suites: device detection (GPU tests skip without one) and RAII
// device buffers.
#pragma once

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <string>

namespace sat::test {

// True when a CUDA device is usable. Computed once.
bool has_cuda_device();

// In a GPU test body: GTEST_SKIP() with a reason when there is no CUDA device.
#define SAT_REQUIRE_GPU()                                                  \
  do {                                                                     \
    if (!::sat::test::has_cuda_device()) GTEST_SKIP() << "no CUDA device"; \
  } while (0)

// Throws std::runtime_error naming `what` on a CUDA error.
void cuda_check(cudaError_t status, const char* what);

// Pitched or linear device memory, freed on destruction.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer&& o) noexcept;
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  void* get() const { return ptr_; }
  std::size_t size() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace sat::test
