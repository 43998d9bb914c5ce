// satfilter --keep-going: a batch goes on past inputs that fail, lists them in --json, lands the
// outputs of the inputs that succeeded and none of those that failed, and exits non-zero.
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <filesystem>
#include <fstream>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using KeepGoingTest = SatfilterTest;

nlohmann::json read_json(const std::string& path) {
  std::ifstream file(path);
  return nlohmann::json::parse(file);
}

// text.png cannot be decoded; truncated.avi fails after some of its frames were encoded.
TEST_F(KeepGoingTest, FailedInputsAreReportedAndTheOthersLand) {
  std::filesystem::create_directory(out("results"));
  const RunResult r = run_satfilter({"-o", out("results"), in("color.png"), in("text.png"), in("truncated.avi"),
                                     in("clip.avi"), "--keep-going", "--filter", "box", "--ksize", "3", "--backend",
                                     "cpu", "--json", out("report.json")});
  EXPECT_EQ(r.status, 1) << r.err;
  // The outputs of the inputs that succeeded, complete.
  cv::Mat expected;
  cv::blur(cv::imread(in("color.png"), cv::IMREAD_UNCHANGED), expected, cv::Size(3, 3));
  EXPECT_EQ(cv::norm(cv::imread(out("results/color.png"), cv::IMREAD_UNCHANGED), expected, cv::NORM_INF), 0.0);
  EXPECT_EQ(read_video(out("results/clip.avi")).size(), 12u);
  // None of those that failed.
  EXPECT_FALSE(file_exists(out("results/text.png")));
  EXPECT_FALSE(file_exists(out("results/truncated.avi")));
  expect_no_temporaries(media);
  // Each failure on stderr, naming its input.
  EXPECT_NE(r.err.find("satfilter: error: cannot decode '" + in("text.png") + "'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("'" + in("truncated.avi") + "'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("2 of 4 inputs failed"), std::string::npos) << r.err;
  // And in the report.
  ASSERT_TRUE(file_exists(out("report.json")));
  const nlohmann::json doc = read_json(out("report.json"));
  ASSERT_EQ(doc.at("runs").size(), 2u);
  EXPECT_EQ(doc.at("runs")[0].at("input"), in("color.png"));
  EXPECT_EQ(doc.at("runs")[1].at("input"), in("clip.avi"));
  ASSERT_EQ(doc.at("failures").size(), 2u);
  const nlohmann::json& text = doc.at("failures")[0];
  EXPECT_EQ(text.at("input"), in("text.png"));
  EXPECT_EQ(text.at("output"), out("results/text.png"));
  EXPECT_NE(text.at("error").get<std::string>().find("not a valid image"), std::string::npos) << text;
  EXPECT_EQ(doc.at("failures")[1].at("input"), in("truncated.avi"));
  EXPECT_NE(doc.at("failures")[1].at("error").get<std::string>().find("ended early"), std::string::npos)
      << doc.at("failures")[1];
}

TEST_F(KeepGoingTest, EveryInputFailingStillWritesTheReport) {
  std::filesystem::create_directory(out("results"));
  const RunResult r = run_satfilter({"-o", out("results"), in("text.png"), in("empty.png"), "--keep-going", "--filter",
                                     "box", "--backend", "cpu", "--json", out("report.json")});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_TRUE(std::filesystem::is_empty(out("results")));
  ASSERT_TRUE(file_exists(out("report.json")));
  const nlohmann::json doc = read_json(out("report.json"));
  EXPECT_EQ(doc.at("runs").size(), 0u);
  ASSERT_EQ(doc.at("failures").size(), 2u);
  EXPECT_EQ(doc.at("failures")[1].at("input"), in("empty.png"));
  expect_no_temporaries(media);
}

TEST_F(KeepGoingTest, WithoutItTheFirstFailureStopsTheBatch) {
  std::filesystem::create_directory(out("results"));
  const RunResult r = run_satfilter({"-o", out("results"), in("text.png"), in("color.png"), "--filter", "box",
                                     "--backend", "cpu", "--json", out("report.json")});
  expect_clean_failure(r, out("report.json"));
  EXPECT_TRUE(std::filesystem::is_empty(out("results")));
}

TEST_F(KeepGoingTest, ABatchThatSucceedsExitsZeroWithNoFailures) {
  std::filesystem::create_directory(out("results"));
  const RunResult r = run_satfilter({"-o", out("results"), in("color.png"), in("gray.pgm"), "--keep-going", "--filter",
                                     "box", "--backend", "cpu", "--json", "-"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc.at("runs").size(), 2u);
  EXPECT_EQ(doc.at("failures").size(), 0u);
}

}  // namespace
}  // namespace satfilter_test
