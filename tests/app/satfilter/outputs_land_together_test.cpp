// The outputs of one run land together or not at all: OUTPUT (every output of a batch, every
// frame of a sequence) and the --json report appear only when all of them are complete, and a
// failure anywhere leaves the user's files as they were.
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include <filesystem>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using OutputsLandTogetherTest = SatfilterTest;

// A report that cannot be written is known before the run: nothing is filtered, nothing written.
TEST_F(OutputsLandTogetherTest, ReportInAMissingFolderWritesNothing) {
  const std::string report = out("nodir/r.json");
  const RunResult r =
      run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--backend", "cpu", "--json", report});
  expect_clean_failure(r, out("out.png"));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("'" + report + "'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("No such file or directory"), std::string::npos) << r.err;
}

// The second input of a batch cannot be decoded: the first one's output, complete, is not left.
TEST_F(OutputsLandTogetherTest, FailedInputOfABatchLeavesNoOutputOfIt) {
  std::filesystem::create_directory(out("results"));
  const RunResult r = run_satfilter({"-o", out("results"), in("color.png"), in("empty.png"), "--filter", "box",
                                     "--backend", "cpu", "--json", out("report.json")});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("empty.png"), std::string::npos) << r.err;
  EXPECT_TRUE(std::filesystem::is_empty(out("results"))) << "an output of the batch landed alone";
  EXPECT_FALSE(file_exists(out("report.json")));
  expect_no_temporaries(media);
}

// When the last step fails on one output (a sequence's frame that is found, only then, to be an
// input), those already placed are taken back: a file replaced with -y comes back as it was.
TEST_F(OutputsLandTogetherTest, PlacedOutputsAreTakenBackWhenALaterOneFails) {
  for (int i = 0; i < 8; ++i)
    ASSERT_TRUE(cv::imwrite(in("in_" + std::to_string(i) + ".png"), cv::Mat(12, 16, CV_8UC1, cv::Scalar(20 * i))));
  ASSERT_TRUE(cv::imwrite(out("out_0.png"), cv::Mat(3, 3, CV_8UC1, cv::Scalar(1))));
  const std::string old_frame = file_bytes(out("out_0.png"));
  ASSERT_EQ(::link(in("in_5.png").c_str(), out("out_5.png").c_str()), 0);
  const RunResult r = run_satfilter(
      {in("in_%d.png"), out("out_%d.png"), "--filter", "box", "--backend", "cpu", "-y", "--json", out("report.json")});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(file_bytes(out("out_0.png")), old_frame) << "the frame replaced with -y did not come back";
  for (int i = 1; i < 8; ++i)
    if (i != 5) {
      EXPECT_FALSE(file_exists(out("out_" + std::to_string(i) + ".png"))) << "frame " << i << " stayed";
    }
  EXPECT_FALSE(file_exists(out("report.json")));
  expect_no_temporaries(media);
}

// With room and no fault, every output of a batch and the report land.
TEST_F(OutputsLandTogetherTest, EveryOutputLandsWhenAllSucceed) {
  std::filesystem::create_directory(out("results"));
  const RunResult r = run_satfilter({"-o", out("results"), in("color.png"), in("gray.pgm"), "--filter", "box",
                                     "--backend", "cpu", "--json", out("report.json")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(cv::imread(out("results/color.png")).size(), cv::Size(97, 61));
  EXPECT_EQ(cv::imread(out("results/gray.pgm"), cv::IMREAD_UNCHANGED).size(), cv::Size(64, 40));
  EXPECT_NE(file_bytes(out("report.json")).find("gray.pgm"), std::string::npos);
  expect_no_temporaries(media);
}

// A batch holds every output's temporary until the end: more than the signal handler's first
// block of 16 entries.
TEST_F(OutputsLandTogetherTest, ALargeBatchLandsWhole) {
  std::filesystem::create_directory(out("inputs"));
  std::filesystem::create_directory(out("results"));
  std::vector<std::string> args = {"-o", out("results"), "--filter", "box", "--backend", "cpu"};
  for (int i = 0; i < 40; ++i) {
    const std::string name = out("inputs/g" + std::to_string(i) + ".pgm");
    std::filesystem::copy_file(in("gray.pgm"), name);
    args.push_back(name);
  }
  const RunResult r = run_satfilter(args);
  ASSERT_EQ(r.status, 0) << r.err;
  for (int i = 0; i < 40; ++i)
    EXPECT_EQ(cv::imread(out("results/g" + std::to_string(i) + ".pgm"), cv::IMREAD_UNCHANGED).size(), cv::Size(64, 40));
  for (const auto& entry : std::filesystem::directory_iterator(out("results")))
    EXPECT_EQ(entry.path().filename().string().find(".satfilter-"), std::string::npos) << entry.path();
}

}  // namespace
}  // namespace satfilter_test
