// satbench checks each case of the tables against the host memory it may use before allocating
// anything: a case that does not fit reads "no memory" with both sizes, and the rest still run and
// are reported (without the check, 32768^2 with the CPU peers grows to 17 GB and the OOM killer
// ends satbench before any table is printed). --memory-limit sets the figure here.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "host_memory.h"
#include "run_command.h"

#ifndef SATBENCH_EXE
#error "SATBENCH_EXE must name the satbench binary"
#endif

namespace satbench {
namespace {

BenchCase frame(sat::ElementType type, int width, int height, int planes = 1) {
  return {Suite::Frames, type, {width, height}, planes};
}

TEST(SatbenchHostMemory, CaseBytesCountInputTablesAndOpenCvOutput) {
  // u8 1920x1080: input 1 B/px, the reference 4 B/px, the scratch as large as the padded table
  // (1921 x 1081 x 4 B), and cv::integral's padded table when OpenCV is a peer.
  const std::uint64_t input = 1920ull * 1080, table = 1920ull * 1080 * 4, padded = 1921ull * 1081 * 4;
  const BenchCase c = frame(sat::ElementType::U8ToU32, 1920, 1080);
  EXPECT_EQ(case_host_bytes(c, {Peer::CpuParallel}), input + table + padded);
  EXPECT_EQ(case_host_bytes(c, {Peer::CpuParallel, Peer::OpenCv}), input + table + 2 * padded);
  // A batch: the planes stacked; OpenCV does not run on batches.
  const BenchCase batch = frame(sat::ElementType::F32ToF32, 256, 256, 64);
  EXPECT_EQ(case_host_bytes(batch, {Peer::OpenCv}), 3ull * 256 * 256 * 64 * 4);
  // u16 → u32: cv::integral writes a padded table of doubles and the check converts it into a
  // W x H table of u32.
  const BenchCase u16 = frame(sat::ElementType::U16ToU32, 1920, 1080);
  const std::uint64_t input16 = 1920ull * 1080 * 2, doubles = 1921ull * 1081 * 8;
  EXPECT_EQ(case_host_bytes(u16, {Peer::CpuParallel}), input16 + table + padded);
  EXPECT_EQ(case_host_bytes(u16, {Peer::CpuParallel, Peer::OpenCv}), input16 + table + padded + doubles + table);
}

TEST(SatbenchHostMemory, LimitCapsWhatIsAllowedAndNamesBothSizes) {
  const auto allowed = host_bytes_allowed(0.005);
  ASSERT_TRUE(allowed.has_value());
  EXPECT_LE(*allowed, 5'000'000u);
  const BenchCase small = frame(sat::ElementType::U8ToU32, 64, 48);
  const BenchCase large = frame(sat::ElementType::U8ToU32, 1920, 1080);
  EXPECT_EQ(host_memory_shortfall(small, {Peer::CpuParallel}, 0.005), "");
  EXPECT_EQ(host_memory_shortfall(large, {Peer::CpuParallel, Peer::OpenCv}, 0.005),
            "needs 27.0 MB, 5.0 MB available");  // 26 980 808 bytes, see above
  EXPECT_EQ(host_memory_shortfall(frame(sat::ElementType::F32ToF32, 32768, 32768), {Peer::OpenCv}, 8),
            "needs 17.2 GB, 8.0 GB available");
}

// End to end, with or without a GPU (only CPU peers are asked for): the size that fits is measured,
// the one that does not reads "no memory" in the table, on stderr and in the JSON; exit 0.
TEST(SatbenchHostMemory, CaseOverTheLimitIsNotRunAndTheRestIsReported) {
  const std::string json = ::testing::TempDir() + "satbench_memory_limit.json";
  std::string output;
  const int status = sat::test::run_command(
      std::string(SATBENCH_EXE) + " --algorithms none --peers cpu_parallel,opencv --suite frames" +
          " --sizes 64x48,1920x1080 --memory-limit 0.005 --reps 2 --warmup 0" + " --no-color --json " + json,
      output);
  EXPECT_EQ(status, 0) << output;
  EXPECT_NE(output.find("satbench: u8->u32 1920x1080: not run: host memory: needs 27.0 MB, 5.0 MB available"),
            std::string::npos)
      << output;
  EXPECT_NE(output.find("  1920x1080: not run: host memory: needs 27.0 MB, 5.0 MB available"), std::string::npos)
      << "the table's notes\n"
      << output;
  std::ifstream file(json);
  ASSERT_TRUE(file) << json;
  const nlohmann::json report = nlohmann::json::parse(file);
  int measured = 0, not_run = 0;
  for (const auto& r : report.at("results")) {
    if (r.at("width") == 64) {
      EXPECT_EQ(r.at("status"), "ok") << r.dump();
      ++measured;
    } else {
      EXPECT_EQ(r.at("status"), "no memory") << r.dump();
      EXPECT_NE(r.at("note").get<std::string>().find("available"), std::string::npos) << r.dump();
      ++not_run;
    }
  }
  EXPECT_EQ(measured, 8) << "cpu_parallel and opencv, u8, u8x4, u16 -> u32 and u16 -> u64, at 64x48";
  EXPECT_EQ(not_run, 8) << "the same at 1920x1080";
  EXPECT_NE(output.find("needs 107.9 MB, 5.0 MB available"), std::string::npos) << "u8x4: one unit for both\n"
                                                                                << output;
  EXPECT_NE(output.find("8 measurements, 8 not run for want of host memory"), std::string::npos) << output;
  std::remove(json.c_str());
}

}  // namespace
}  // namespace satbench
