// satbench without a CUDA device: the CPU peers still run (this test needs a machine without
// one, and skips elsewhere, where the GPU path is what runs).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include <cuda_runtime_api.h>

#ifndef SATBENCH_EXE
#error "SATBENCH_EXE must name the satbench binary"
#endif

namespace {

bool cuda_device_present() {
  int count = 0;
  const bool present = cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
  cudaGetLastError();
  return present;
}

// Runs a shell command; stdout and stderr together.
int run(const std::string& command, std::string& output) {
  std::FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return -1;
  std::array<char, 4096> buffer{};
  for (std::size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0;) output.append(buffer.data(), n);
  const int status = ::pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(SatbenchWithoutGpu, CpuPeersRunAndGpuAlgorithmsAreSaidToBeSkipped) {
  if (cuda_device_present()) GTEST_SKIP() << "a CUDA device is present: the GPU path runs instead";
  std::string output;
  const int status = run(std::string(SATBENCH_EXE) +
                             " --peers cpu_parallel,opencv --suite frames --sizes 64x48 --reps 2 --warmup 0 --no-color",
                         output);
  EXPECT_EQ(status, 0) << output;
  EXPECT_NE(output.find("GPU algorithms"), std::string::npos) << output;
  EXPECT_NE(output.find("no usable CUDA device"), std::string::npos) << output;
  EXPECT_NE(output.find("cpu_parallel"), std::string::npos) << output;
  EXPECT_EQ(output.find("WRONG:"), std::string::npos) << output;
}

TEST(SatbenchWithoutGpu, BatchesSuiteChecksEveryPlaneAndReportsPlanes) {
  if (cuda_device_present()) GTEST_SKIP() << "a CUDA device is present: the GPU path runs instead";
  const std::string json = ::testing::TempDir() + "satbench_batches.json";
  std::string output;
  const int status = run(std::string(SATBENCH_EXE) + " --peers cpu_parallel,cpu_reference,npp --suite batches --quick" +
                             " --reps 2 --warmup 0 --no-color --json " + json,
                         output);
  EXPECT_EQ(status, 0) << output;
  EXPECT_NE(output.find("== batches: u8->u32"), std::string::npos) << output;
  EXPECT_NE(output.find("64x256^2"), std::string::npos) << output;
  EXPECT_EQ(output.find("WRONG:"), std::string::npos) << "cpu_parallel_batch against the per-plane reference";
  std::string text;
  ASSERT_EQ(run("cat " + json, text), 0);
  EXPECT_NE(text.find("\"suite\": \"batches\""), std::string::npos) << text.substr(0, 2000);
  EXPECT_NE(text.find("\"planes\": 64"), std::string::npos) << text.substr(0, 2000);
  std::remove(json.c_str());
}

TEST(SatbenchWithoutGpu, GpuOnlyPeersStillRefuse) {
  if (cuda_device_present()) GTEST_SKIP() << "a CUDA device is present";
  std::string output;
  EXPECT_EQ(run(std::string(SATBENCH_EXE) + " --peers npp --algorithms all", output), 1) << output;
  EXPECT_NE(output.find("only the CPU peers"), std::string::npos) << output;
}

}  // namespace
