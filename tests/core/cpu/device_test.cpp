// sat/device.h: whether CUDA can run and why not, in one wording, and the library's own errors
// (C++ and the C ABI's sat_last_error) in that wording when there is no driver or GPU. The words
// for each CUDA status are checked on any machine; what this machine says is checked both ways
// (without a device: the plain reason; with one: usable, and a device index out of range).
#include "sat/device.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cuda_error_text.h"
#include "cuda_test_support.h"
#include "sat/filters.h"
#include "sat/sat.h"
#include "sat/sat_c.h"

namespace sat {
namespace {

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// What the CUDA runtime says with no driver installed; the plain wording never says it.
constexpr const char* kRuntimeWording = "insufficient";

TEST(DescribeCudaError, NoDriverAndNoDeviceAreSaidPlainly) {
  // cudaErrorInsufficientDriver with driver version 0 is a machine without a driver.
  EXPECT_EQ(detail::describe_cuda_error(cudaErrorInsufficientDriver, 0, 13000), "no NVIDIA driver / GPU found");
  EXPECT_EQ(detail::describe_cuda_error(cudaErrorNoDevice, 12080, 13000), "no NVIDIA driver / GPU found");
  EXPECT_STREQ(kNoNvidiaGpu, "no NVIDIA driver / GPU found");
}

TEST(DescribeCudaError, ADriverTooOldIsNamedWithBothVersions) {
  const std::string text = detail::describe_cuda_error(cudaErrorInsufficientDriver, 12020, 13000);
  EXPECT_EQ(text,
            "the NVIDIA driver supports CUDA 12.2, older than the CUDA runtime 13.0 satcore uses: update the NVIDIA "
            "driver");
}

TEST(DescribeCudaError, OtherErrorsKeepTheRuntimesNameAndText) {
  EXPECT_EQ(describe_cuda_error(cudaErrorLaunchFailure),
            std::string("cudaErrorLaunchFailure (") + cudaGetErrorString(cudaErrorLaunchFailure) + ")");
  EXPECT_EQ(describe_cuda_error(cudaErrorNoDevice), kNoNvidiaGpu);
}

TEST(CudaAvailability, WithoutADeviceSaysWhyPlainly) {
  if (test::has_cuda_device()) GTEST_SKIP() << "a CUDA device is present";
  const CudaAvailability a = cuda_availability();
  EXPECT_FALSE(a.usable());
  EXPECT_EQ(a.device_count, 0);
  EXPECT_FALSE(a.reason.empty());
  EXPECT_FALSE(mentions(a.reason, kRuntimeWording)) << a.reason;
  EXPECT_EQ(cuda_unavailable_reason(), a.reason);
  int driver = -1;
  // This machine's case (no driver at all, or a driver without a GPU): the plain words exactly.
  if (cudaDriverGetVersion(&driver) == cudaSuccess && driver == 0) {
    EXPECT_EQ(a.reason, kNoNvidiaGpu);
  }
}

TEST(CudaAvailability, WithADeviceIsUsableAndChecksTheIndex) {
  if (!test::has_cuda_device()) GTEST_SKIP() << "no CUDA device";
  const CudaAvailability a = cuda_availability();
  EXPECT_TRUE(a.usable()) << a.reason;
  EXPECT_GE(a.device_count, 1);
  EXPECT_EQ(cuda_unavailable_reason(0), "");
  const std::string beyond = cuda_unavailable_reason(a.device_count);
  EXPECT_TRUE(mentions(beyond, "CUDA device " + std::to_string(a.device_count) + " asked for")) << beyond;
  EXPECT_FALSE(cuda_unavailable_reason(-1).empty());
}

// The library's own error from a CUDA call on a machine without a driver or GPU: sat::Error and
// the C ABI's sat_last_error carry the same reason as cuda_unavailable_reason, never the runtime's
// "CUDA driver version is insufficient".
TEST(NoGpuErrors, LibraryErrorsCarryThePlainReason) {
  if (test::has_cuda_device()) GTEST_SKIP() << "a CUDA device is present";
  const std::string reason = cuda_unavailable_reason();
  std::vector<uint8_t> in(64, 1);
  std::vector<uint32_t> out(64);
  const Problem problem{ElementType::U8ToU32, {8, 8}, in.data(), 8, out.data(), 32};
  Workspace workspace;
  try {
    workspace.compute(problem, Options{}, nullptr);
    FAIL() << "a table on the GPU without one";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::CudaError);
    EXPECT_TRUE(mentions(e.what(), reason)) << e.what();
    EXPECT_FALSE(mentions(e.what(), kRuntimeWording)) << e.what();
  }

  try {
    FilterEngine engine(Backend::Cuda, {8, 8});
    FAIL() << "a CUDA filter engine without a GPU";
  } catch (const Error& e) {
    EXPECT_TRUE(mentions(e.what(), reason)) << e.what();
    EXPECT_FALSE(mentions(e.what(), kRuntimeWording)) << e.what();
  }

  const sat_problem p{SAT_U8_TO_U32, 8, 8, in.data(), 8, out.data(), 32};
  sat_workspace* ws = nullptr;
  ASSERT_EQ(sat_workspace_create(&ws), SAT_OK);
  EXPECT_EQ(sat_compute_in(ws, &p, nullptr, nullptr, nullptr), SAT_ERROR_CUDA);
  const std::string message = sat_last_error();
  EXPECT_TRUE(mentions(message, reason)) << message;
  EXPECT_FALSE(mentions(message, kRuntimeWording)) << message;
  sat_workspace_destroy(ws);
  sat_filter_engine* engine = nullptr;
  EXPECT_NE(sat_filter_engine_create(SAT_BACKEND_CUDA, 8, 8, nullptr, &engine), SAT_OK);
  EXPECT_TRUE(mentions(sat_last_error(), reason)) << sat_last_error();
  EXPECT_FALSE(mentions(sat_last_error(), kRuntimeWording)) << sat_last_error();
}

}  // namespace
}  // namespace sat
