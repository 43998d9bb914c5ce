// satbench's 16-bit frames: the frames suite plans u16 -> u32 and u16 -> u64 at 1920x1080 and
// 3840x2160 (--quick: 1920x1080), and, end to end with only CPU peers asked for (with or without
// a GPU), cpu_parallel's and OpenCV's tables (cv::integral CV_16U -> CV_64F, its doubles checked
// as satcore's integers) pass the check against cpu_reference.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>

#include "bench_cases.h"
#include "bench_options.h"
#include "run_command.h"

#ifndef SATBENCH_EXE
#error "SATBENCH_EXE must name the satbench binary"
#endif

namespace satbench {
namespace {

std::set<std::pair<int, int>> sizes_of(const std::vector<BenchCase>& cases, sat::ElementType type) {
  std::set<std::pair<int, int>> sizes;
  for (const BenchCase& c : cases)
    if (c.type == type) {
      EXPECT_EQ(c.suite, Suite::Frames);
      sizes.insert({c.extent.width, c.extent.height});
    }
  return sizes;
}

TEST(SatbenchSixteenBit, FramesSuitePlansHdAndUhd) {
  BenchOptions options;
  options.frame_suite = true;
  const std::set<std::pair<int, int>> both{{1920, 1080}, {3840, 2160}};
  EXPECT_EQ(sizes_of(plan_cases(options), sat::ElementType::U16ToU32), both);
  EXPECT_EQ(sizes_of(plan_cases(options), sat::ElementType::U16ToU64), both);
  options.quick = true;
  EXPECT_EQ(sizes_of(plan_cases(options), sat::ElementType::U16ToU64), (std::set<std::pair<int, int>>{{1920, 1080}}));
}

TEST(SatbenchSixteenBit, CpuPeersPassTheCheck) {
  const std::string json = ::testing::TempDir() + "satbench_sixteen_bit.json";
  std::string output;
  const int status = sat::test::run_command(std::string(SATBENCH_EXE) +
                                                " --algorithms none --peers cpu_parallel,opencv --suite frames" +
                                                " --sizes 67x45 --reps 2 --warmup 0 --no-color --json " + json,
                                            output);
  EXPECT_EQ(status, 0) << output;
  EXPECT_EQ(output.find("WRONG:"), std::string::npos) << output;
  std::ifstream file(json);
  ASSERT_TRUE(file) << json;
  const nlohmann::json report = nlohmann::json::parse(file);
  std::set<std::string> ok;
  for (const auto& r : report.at("results")) {
    const std::string type = r.at("type").get<std::string>();
    if (type.rfind("u16", 0) != 0) continue;
    const std::string method = r.at("method").get<std::string>();
    if (method == "opencv" && r.at("status") == "not built") continue;  // satbench built without OpenCV
    if (method != "cpu_parallel" && method != "opencv") continue;
    EXPECT_EQ(r.at("status"), "ok") << r.dump();
    if (r.at("status") == "ok") ok.insert(type + " " + method);
  }
  EXPECT_TRUE(ok.count("u16->u32 cpu_parallel") && ok.count("u16->u64 cpu_parallel")) << report.at("results").dump(1);
  std::remove(json.c_str());
}

}  // namespace
}  // namespace satbench
