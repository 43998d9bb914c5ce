// The one CUDA error check: what a failure says, which sat::ErrorCode it carries, and that the
// destructor variant only warns.
#include <gtest/gtest.h>

#include <string>

#include "common/cuda/cuda_check.h"

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(CudaCheck, SuccessPassesSilently) { EXPECT_NO_THROW(SATAPP_CUDA_CHECK(cudaSuccess)); }

TEST(CudaCheck, FailureNamesTheCallFileLineAndError) {
  try {
    SATAPP_CUDA_CHECK(cudaErrorInvalidValue);
    FAIL() << "no exception";
  } catch (const satapp::CudaError& e) {
    const std::string what = e.what();
    EXPECT_TRUE(contains(what, "cudaErrorInvalidValue")) << what;
    EXPECT_TRUE(contains(what, "cuda_check_test.cpp:")) << what;
    EXPECT_EQ(e.call(), "cudaErrorInvalidValue");
    EXPECT_EQ(e.status(), cudaErrorInvalidValue);
    EXPECT_EQ(e.code(), sat::ErrorCode::CudaError);
    EXPECT_FALSE(e.out_of_memory());
  }
}

TEST(CudaCheck, RefusedAllocationIsOutOfMemory) {
  try {
    satapp::throw_cuda_error(cudaErrorMemoryAllocation, "cudaMalloc(64 bytes)", __FILE__, __LINE__);
  } catch (const sat::Error& e) {  // code that handles satcore's errors handles these too
    EXPECT_EQ(e.code(), sat::ErrorCode::OutOfMemory);
    EXPECT_TRUE(contains(std::string(e.what()), "cudaMalloc(64 bytes): ")) << std::string(e.what());
    EXPECT_TRUE(dynamic_cast<const satapp::CudaError&>(e).out_of_memory());
    return;
  }
  FAIL() << "no exception";
}

TEST(CudaCheck, NothrowVariantWarnsOnStderr) {
  testing::internal::CaptureStderr();
  SATAPP_CUDA_CHECK_NOTHROW(cudaErrorInvalidValue);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(contains(err, "warning: cudaErrorInvalidValue failed: ")) << err;
  EXPECT_TRUE(contains(err, "cuda_check_test.cpp:")) << err;
}

}  // namespace
