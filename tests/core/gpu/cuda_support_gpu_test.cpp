// sat/support on a device: the owners allocate, move and free; the one CUDA check clears the
// non-sticky error it reports, so the next call does not fail with it; an event times work.
#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "cuda_test_support.h"
#include "sat/error.h"
#include "sat/support/buffers.h"
#include "sat/support/cuda_check.h"
#include "sat/support/cuda_event.h"
#include "sat/support/cuda_stream.h"
#include "sat/support/pitched_buffer.h"

namespace {

TEST(CudaSupportGpu, CheckClearsTheNonStickyErrorItReports) {
  SAT_REQUIRE_GPU();
  void* p = nullptr;
  const cudaError_t refused = cudaMalloc(&p, ~std::size_t(0) >> 2);  // far more than any device holds
  ASSERT_EQ(refused, cudaErrorMemoryAllocation);
  try {
    sat::check_cuda(refused, "cudaMalloc");
    FAIL() << "no exception";
  } catch (const sat::Error& e) {
    EXPECT_EQ(e.code(), sat::ErrorCode::OutOfMemory);
  }
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_NO_THROW(SAT_CUDA_CHECK(cudaDeviceSynchronize()));
}

TEST(CudaSupportGpu, RefusedAllocationIsOutOfMemoryAndLeavesTheRuntimeClean) {
  SAT_REQUIRE_GPU();
  try {
    sat::DeviceBuffer huge(~std::size_t(0) >> 2);
    FAIL() << "no exception";
  } catch (const sat::Error& e) {
    EXPECT_EQ(e.code(), sat::ErrorCode::OutOfMemory);
    EXPECT_EQ(e.cuda_status(), int(cudaErrorMemoryAllocation));
  }
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  sat::DeviceBuffer small(64);  // the next allocation succeeds
  EXPECT_NE(small.data(), nullptr);
}

TEST(CudaSupportGpu, OwnersRoundTripDataAndHandItOverOnMove) {
  SAT_REQUIRE_GPU();
  const std::size_t n = 1000;
  sat::PinnedArray<std::uint32_t> host(n);
  for (std::size_t i = 0; i < n; ++i) host.data()[i] = std::uint32_t(i * 2654435761u);
  sat::DeviceArray<std::uint32_t> device(n);
  const sat::CudaStream stream;
  const sat::CudaEvent start, stop;
  SAT_CUDA_CHECK(cudaEventRecord(start.get(), stream.get()));
  SAT_CUDA_CHECK(cudaMemcpyAsync(device.data(), host.data(), device.bytes(), cudaMemcpyHostToDevice, stream.get()));
  sat::DeviceArray<std::uint32_t> moved = std::move(device);
  EXPECT_TRUE(device.empty());  // NOLINT(bugprone-use-after-move): a moved-from owner is empty
  std::vector<std::uint32_t> back(n);
  SAT_CUDA_CHECK(cudaMemcpyAsync(back.data(), moved.data(), moved.bytes(), cudaMemcpyDeviceToHost, stream.get()));
  SAT_CUDA_CHECK(cudaEventRecord(stop.get(), stream.get()));
  SAT_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
  EXPECT_TRUE(std::equal(back.begin(), back.end(), host.data()));
  float ms = -1;
  SAT_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
  EXPECT_GE(ms, 0.0f);

  const sat::PitchedBuffer pitched(333, 7);
  EXPECT_GE(pitched.pitch(), 333u);
  EXPECT_EQ(pitched.rows(), 7u);
  SAT_CUDA_CHECK(cudaMemset2D(pitched.data(), pitched.pitch(), 0x5A, 333, 7));
  SAT_CUDA_CHECK(cudaDeviceSynchronize());
}

}  // namespace
