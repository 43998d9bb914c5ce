// sat/support without a device: the one CUDA check (what a failure says, its code and status),
// sat::Error's fields, and the owners that hold nothing.
#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include <string>
#include <utility>

#include "sat/error.h"
#include "sat/support/buffers.h"
#include "sat/support/cuda_check.h"
#include "sat/support/cuda_event.h"

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(CudaCheck, SuccessPassesSilently) {
  EXPECT_NO_THROW(SAT_CUDA_CHECK(cudaSuccess));
  EXPECT_NO_THROW(sat::check_cuda(cudaSuccess, "nothing"));
}

TEST(CudaCheck, FailureNamesTheCallAndKeepsItsPartsAsFields) {
  try {
    SAT_CUDA_CHECK(cudaErrorInvalidValue);
    FAIL() << "no exception";
  } catch (const sat::Error& e) {
    EXPECT_EQ(e.call(), "cudaErrorInvalidValue");
    EXPECT_EQ(e.code(), sat::ErrorCode::CudaError);
    EXPECT_EQ(e.cuda_status(), int(cudaErrorInvalidValue));
    EXPECT_TRUE(contains(e.message(), "cudaErrorInvalidValue")) << e.message();
    EXPECT_EQ(std::string(e.what()), e.call() + ": " + e.message());
  }
}

TEST(CudaCheck, RefusedAllocationIsOutOfMemory) {
  try {
    sat::check_cuda(cudaErrorMemoryAllocation, "cudaMalloc(64 bytes)");
    FAIL() << "no exception";
  } catch (const sat::Error& e) {
    EXPECT_EQ(e.code(), sat::ErrorCode::OutOfMemory);
    EXPECT_EQ(e.call(), "cudaMalloc(64 bytes)");
    EXPECT_EQ(e.cuda_status(), int(cudaErrorMemoryAllocation));
  }
}

TEST(SatError, FieldsWithoutCuda) {
  const sat::Error e(sat::ErrorCode::InvalidArgument, "sat::compute", "width must be >= 1 (got 0)");
  EXPECT_EQ(e.message(), "width must be >= 1 (got 0)");
  EXPECT_EQ(e.call(), "sat::compute");
  EXPECT_EQ(e.cuda_status(), 0);
  EXPECT_STREQ(e.what(), "sat::compute: width must be >= 1 (got 0)");
}

TEST(CudaOwners, EmptyOwnersHoldNothingAndMovesHandOver) {
  sat::DeviceArray<float> none, zero(0);
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(zero.data(), nullptr);
  EXPECT_EQ(zero.size(), 0u);
  EXPECT_EQ(zero.bytes(), 0u);
  sat::DeviceArray<float> moved(std::move(none));
  EXPECT_TRUE(none.empty());  // NOLINT(bugprone-use-after-move): a moved-from owner is empty
  EXPECT_TRUE(moved.empty());
  EXPECT_TRUE(sat::PinnedBuffer(0).empty());
}

// Without a device nothing can be had: an error naming the call and the size, OutOfMemory or
// CudaError as the runtime says.
TEST(CudaOwners, DeviceMemoryWithoutADeviceIsAnError) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0) GTEST_SKIP() << "a CUDA device is present";
  (void)cudaGetLastError();
  try {
    sat::DeviceArray<float> d(16);
    ADD_FAILURE() << "device memory without a device";
  } catch (const sat::Error& e) {
    EXPECT_EQ(e.call(), "cudaMalloc(64 bytes)");
    EXPECT_NE(e.cuda_status(), 0);
  }
  EXPECT_THROW(sat::CudaEvent event, sat::Error);
}

}  // namespace
