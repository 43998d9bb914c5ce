// satbench without a CUDA device: the CPU peers still run and are reported; the GPU methods asked
// for read "no GPU" and make the exit status 1, as --help says (this test needs a machine without
// a device, and skips elsewhere, where the GPU path is what runs).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cuda_test_support.h"
#include "run_command.h"
#include "sat/device.h"

#ifndef SATBENCH_EXE
#error "SATBENCH_EXE must name the satbench binary"
#endif

namespace {

// The reason in satcore's words (the same as satlab's and satfilter's), never the runtime's
// "CUDA driver version is insufficient".
std::string no_gpu_reason() { return sat::cuda_unavailable_reason(); }

TEST(SatbenchWithoutGpu, CpuPeersAloneRunAndExitZero) {
  if (sat::test::has_cuda_device()) GTEST_SKIP() << "a CUDA device is present: the GPU path runs instead";
  std::string output;
  const int status = sat::test::run_command(std::string(SATBENCH_EXE) +
                                                " --algorithms none --peers cpu_parallel,opencv --suite frames" +
                                                " --sizes 64x48 --reps 2 --warmup 0 --no-color",
                                            output);
  EXPECT_EQ(status, 0) << "only CPU peers were asked for, and they were measured\n" << output;
  EXPECT_NE(output.find("GPU         none: " + no_gpu_reason()), std::string::npos) << output;
  EXPECT_NE(output.find("cpu_parallel"), std::string::npos) << output;
  EXPECT_EQ(output.find("WRONG:"), std::string::npos) << output;
  EXPECT_EQ(output.find("insufficient"), std::string::npos) << output;
}

// The default asks for the GPU algorithms (and here NPP): the CPU peers are still measured and
// reported, NPP reads "no GPU" (not ">1000ms", the --cap-ms skip), and the exit status is 1, as
// --help says.
TEST(SatbenchWithoutGpu, GpuMethodsAskedForAreNoGpuAndExitOne) {
  if (sat::test::has_cuda_device()) GTEST_SKIP() << "a CUDA device is present: the GPU path runs instead";
  const std::string json = ::testing::TempDir() + "satbench_no_gpu.json";
  std::string output;
  const int status =
      sat::test::run_command(std::string(SATBENCH_EXE) + " --peers npp,cpu_parallel --suite frames --sizes 64x48" +
                                 " --reps 2 --warmup 0 --no-color --json " + json,
                             output);
  EXPECT_EQ(status, 1) << output;
  const std::string reason = no_gpu_reason();
  EXPECT_NE(output.find("satbench: " + reason +
                        ": the GPU algorithms, the copy baseline and NPP cannot run; measuring the CPU peers only"),
            std::string::npos)
      << output;
  EXPECT_NE(output.find("satbench: error: " + reason + ": the GPU methods asked for were not measured"),
            std::string::npos)
      << output;
  EXPECT_NE(output.find("no GPU = a GPU method, not measured: " + reason), std::string::npos) << output;
  // NPP's row: "no GPU" in every cell, never the cap's ">1000ms".
  bool npp_row = false;
  std::istringstream table(output);
  for (std::string line; std::getline(table, line);)
    if (line.rfind("npp", 0) == 0) {
      npp_row = true;
      EXPECT_NE(line.find("no GPU"), std::string::npos) << line;
      EXPECT_EQ(line.find(">"), std::string::npos) << line;
    }
  EXPECT_TRUE(npp_row) << output;
  EXPECT_NE(output.find("4 measurements, 4 no GPU"), std::string::npos) << "u8, u8x4, u16 -> u32, u16 -> u64\n"
                                                                        << output;
  // The JSON: the reason, NPP's status.
  std::ifstream file(json);
  ASSERT_TRUE(file) << json;
  const nlohmann::json report = nlohmann::json::parse(file);
  EXPECT_EQ(report.at("no_gpu_reason"), reason);
  bool npp = false, cpu_parallel = false;
  for (const auto& r : report.at("results")) {
    if (r.at("method") == "npp") npp = r.at("status") == "no GPU";
    if (r.at("method") == "cpu_parallel") cpu_parallel = r.at("status") == "ok";
  }
  EXPECT_TRUE(npp && cpu_parallel) << report.at("results").dump(1);
  std::remove(json.c_str());
}

TEST(SatbenchWithoutGpu, BatchesSuiteChecksEveryPlaneAndReportsPlanes) {
  if (sat::test::has_cuda_device()) GTEST_SKIP() << "a CUDA device is present: the GPU path runs instead";
  const std::string json = ::testing::TempDir() + "satbench_batches.json";
  std::string output;
  const int status = sat::test::run_command(std::string(SATBENCH_EXE) +
                                                " --peers cpu_parallel,cpu_reference,npp --suite batches --quick" +
                                                " --reps 2 --warmup 0 --no-color --json " + json,
                                            output);
  EXPECT_EQ(status, 1) << "the GPU algorithms and NPP were asked for too\n" << output;
  EXPECT_NE(output.find("== batches: u8->u32"), std::string::npos) << output;
  EXPECT_NE(output.find("64x256^2"), std::string::npos) << output;
  EXPECT_EQ(output.find("WRONG:"), std::string::npos) << "cpu_parallel_batch against the per-plane reference";
  // The JSON report read back: every record has the documented fields, the batch records say
  // how many planes they hold, and the CPU peer's batch passed its check.
  std::ifstream file(json);
  ASSERT_TRUE(file) << json;
  const nlohmann::json report = nlohmann::json::parse(file);
  EXPECT_EQ(report.at("satbench"), 1);
  ASSERT_TRUE(report.at("results").is_array());
  bool cpu_parallel_ok = false;
  for (const auto& r : report.at("results")) {
    for (const char* key : {"suite", "type", "width", "height", "planes", "method", "status", "median_ms", "note"})
      EXPECT_TRUE(r.contains(key)) << key << " missing in " << r.dump();
    EXPECT_EQ(r.at("suite"), "batches");
    EXPECT_EQ(r.at("planes"), 64);
    EXPECT_EQ(r.at("width"), 256);
    if (r.at("method") == "cpu_parallel" && r.at("status") == "ok") {
      cpu_parallel_ok = true;
      EXPECT_GT(r.at("median_ms").get<double>(), 0.0);
    }
    if (r.at("method") == "npp") {
      EXPECT_EQ(r.at("status"), "n/a") << "NPP takes one image per call";
    }
  }
  EXPECT_TRUE(cpu_parallel_ok) << report.at("results").dump(1);
  std::remove(json.c_str());
}

TEST(SatbenchWithoutGpu, GpuOnlyPeersStillRefuse) {
  if (sat::test::has_cuda_device()) GTEST_SKIP() << "a CUDA device is present";
  std::string output;
  EXPECT_EQ(sat::test::run_command(std::string(SATBENCH_EXE) + " --peers npp --algorithms all", output), 1) << output;
  EXPECT_NE(output.find("satbench: error: " + no_gpu_reason() + ": without a GPU only the CPU peers can run"),
            std::string::npos)
      << output;
}

}  // namespace
