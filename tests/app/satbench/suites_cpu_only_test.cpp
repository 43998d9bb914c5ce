// satbench's application suites without a CUDA device: `--suite filters` measures every filter of
// satcore's catalog on the CPU backend and OpenCV's twin, compares the twin's output with ours,
// and writes the records to --json; the GPU's cells read "no GPU". `--suite detect` counts the
// same faces on our CPU backend as cv::CascadeClassifier. (Skipped where a device is present:
// there the GPU path runs, which the lead's GPU run covers.)
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cuda_test_support.h"
#include "run_command.h"
#include "sat/filter_spec.h"

#ifndef SATBENCH_EXE
#error "SATBENCH_EXE must name the satbench binary"
#endif

namespace {

nlohmann::json read_json(const std::string& path) {
  std::ifstream file(path);
  EXPECT_TRUE(file) << path;
  return file ? nlohmann::json::parse(file) : nlohmann::json::object();
}

TEST(SatbenchFiltersSuite, EveryCatalogFilterOnTheCpuAndItsOpenCvTwin) {
  if (sat::test::has_cuda_device()) GTEST_SKIP() << "a CUDA device is present: the GPU path runs instead";
  const std::string json = ::testing::TempDir() + "satbench_filters.json";
  std::string output;
  const int status = sat::test::run_command(std::string(SATBENCH_EXE) +
                                                " --suite filters --algorithms none --peers cpu_parallel,opencv" +
                                                " --sizes 67x45 --reps 2 --warmup 0 --no-color --json " + json,
                                            output);
  EXPECT_EQ(status, 0) << output;
  EXPECT_NE(output.find("filters (medians in ms"), std::string::npos) << output;
  const nlohmann::json report = read_json(json);
  ASSERT_TRUE(report.contains("results")) << output;
  EXPECT_EQ(report.at("complete"), true);
  std::set<std::string> cases;
  std::map<std::string, std::string> twin_of;
  for (const auto& r : report.at("results")) {
    for (const char* key : {"suite", "case", "width", "height", "channels", "contender", "method", "status",
                            "median_ms", "stages_ms", "max_diff_vs_cpu"})
      EXPECT_TRUE(r.contains(key)) << key << " missing in " << r.dump();
    EXPECT_EQ(r.at("suite"), "filters");
    EXPECT_EQ(r.at("width"), 67);
    EXPECT_NE(r.at("status"), "error") << r.dump();
    cases.insert(r.at("case").get<std::string>());
    if (r.at("contender") == "opencv" && r.at("status") == "ok") twin_of[r.at("case")] = r.at("method");
    // Where OpenCV's twin is exact (box blur, mean-C, the variable blur's per-radius blur), its
    // output is ours.
    if (r.at("contender") == "opencv" && !r.at("max_diff_vs_cpu").is_null()) {
      EXPECT_EQ(r.at("max_diff_vs_cpu"), 0) << r.dump();
    }
  }
  // Every filter of the catalog is in the suite, each at gray and BGRA.
  for (const sat::FilterInfo& info : sat::filter_catalog()) {
    bool found = false;
    for (const std::string& c : cases) found = found || c.rfind(std::string(info.name), 0) == 0;
    EXPECT_TRUE(found) << info.name << " is not measured";
  }
  EXPECT_EQ(twin_of["box 3x3 reflect101"], "cv::blur") << report.at("results").dump(1);
  std::remove(json.c_str());
}

TEST(SatbenchDetectSuite, SameFacesAsOpenCvOnTheCpu) {
  if (sat::test::has_cuda_device()) GTEST_SKIP() << "a CUDA device is present: the GPU path runs instead";
  const std::string json = ::testing::TempDir() + "satbench_detect.json";
  std::string output;
  const int status =
      sat::test::run_command(std::string(SATBENCH_EXE) + " --suite detect --peers cpu_parallel,opencv" +
                                 " --sizes 960x540 --reps 1 --warmup 0 --cap-ms 100000 --no-color --json " + json,
                             output);
  EXPECT_EQ(status, 1) << "the GPU was asked for (the default) and cannot run\n" << output;
  const nlohmann::json report = read_json(json);
  ASSERT_TRUE(report.contains("results")) << output;
  std::map<std::string, std::map<std::string, nlohmann::json>> by_case;
  for (const auto& r : report.at("results")) by_case[r.at("case")][r.at("contender")] = r;
  ASSERT_EQ(by_case.size(), 3u) << report.dump(1);  // faces, no faces, and the upper-body (tilted) cascade
  for (auto& [name, contenders] : by_case) {
    EXPECT_EQ(contenders["gpu"].at("status"), "no GPU");
    if (contenders["cpu"].at("status") == "not built") GTEST_SKIP() << contenders["cpu"].at("note");
    ASSERT_EQ(contenders["cpu"].at("status"), "ok") << contenders["cpu"].dump();
    ASSERT_EQ(contenders["opencv"].at("status"), "ok") << contenders["opencv"].dump();
    EXPECT_EQ(contenders["cpu"].at("objects"), contenders["opencv"].at("objects")) << name;
    if (name == "faces") {
      EXPECT_GT(contenders["cpu"].at("objects").get<int>(), 0);
    }
  }
  std::remove(json.c_str());
}

}  // namespace
