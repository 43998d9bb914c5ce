// What satfilter must never do to the user's files: leave a temporary behind (even on a second
// Ctrl-C), overwrite its input or an existing output unasked, or turn a 16-bit image into a black
// 8-bit one (sixteen_bit_test.cpp: what satfilter does with 16-bit images). And a parameter satcore rejects is a
// command-line error (exit status 2).
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <chrono>
#include <csignal>
#include <thread>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using SafetyTest = SatfilterTest;

bool temporary_exists(const MediaDir& media) {
  for (const std::string& name : media.entries())
    if (name.find(".satfilter-") != std::string::npos) return true;
  return false;
}

// Starts a run long enough to be interrupted, waits until its temporary output exists, then sends
// `first` and `second` back to back, as a user pressing Ctrl-C twice does.
void interrupt_twice(const MediaDir& media, int first, int second) {
  ASSERT_TRUE(write_test_video(media.path("long.avi"), 200, 320, 240));
  SatfilterProcess process(
      {media.path("long.avi"), media.path("o.mkv"), "--filter", "sauvola", "--window", "31", "--backend", "cpu"});
  ASSERT_TRUE(process.started());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!temporary_exists(media) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ASSERT_TRUE(temporary_exists(media)) << "the run never created its temporary output";
  process.signal(first);
  process.signal(second);
  const RunResult r = process.wait();
  EXPECT_EQ(r.status, 130) << r.err;
  EXPECT_FALSE(file_exists(media.path("o.mkv")));
  for (const std::string& name : media.entries())
    EXPECT_EQ(name.find(".satfilter-"), std::string::npos) << "temporary file left behind: " << name;
}

TEST_F(SafetyTest, SecondInterruptLeavesNoTemporaryOutput) { interrupt_twice(media, SIGINT, SIGINT); }

TEST_F(SafetyTest, TerminateAfterInterruptLeavesNoTemporaryOutput) { interrupt_twice(media, SIGINT, SIGTERM); }

// A 16-bit colour image for a filter that takes 16-bit gray images only is refused naming the
// file and the reason, never converted down to 8 bits or to gray behind the user's back.
TEST_F(SafetyTest, SixteenBitColourImageForAGrayOnlyFilterIsRefused) {
  cv::Mat deep(40, 60, CV_16UC3);
  for (int y = 0; y < deep.rows; ++y)
    for (int x = 0; x < deep.cols; ++x) deep.at<cv::Vec3w>(y, x) = cv::Vec3w(uint16_t(x * 1000), uint16_t(y * 1500), 7);
  ASSERT_TRUE(cv::imwrite(in("deep.png"), deep));
  ASSERT_EQ(cv::imread(in("deep.png"), cv::IMREAD_UNCHANGED).depth(), CV_16U);
  const RunResult r = run_satfilter({in("deep.png"), out("out.png"), "--filter", "kuwahara", "--backend", "cpu"});
  expect_clean_failure(r, out("out.png"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("deep.png"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("must have 1 channel"), std::string::npos) << r.err;
}

TEST_F(SafetyTest, FloatImageIsRefused) {
  ASSERT_TRUE(cv::imwrite(in("float.tif"), cv::Mat(8, 8, CV_32FC1, cv::Scalar(0.5))));
  const RunResult r = run_satfilter({in("float.tif"), out("out.tif"), "--filter", "box", "--backend", "cpu"});
  expect_clean_failure(r, out("out.tif"));
  EXPECT_NE(r.err.find("32-bit float"), std::string::npos) << r.err;
}

TEST_F(SafetyTest, OutputThatIsTheInputIsRefusedEvenWithY) {
  const std::string before = file_bytes(in("clip.avi"));
  for (const std::vector<std::string>& extra : {std::vector<std::string>{}, std::vector<std::string>{"-y"}}) {
    // The same file under another spelling: identity, not string comparison.
    std::vector<std::string> args = {in("clip.avi"), media.dir() + "/./clip.avi", "--filter", "box", "--backend",
                                     "cpu"};
    args.insert(args.end(), extra.begin(), extra.end());
    const RunResult r = run_satfilter(args);
    EXPECT_EQ(r.status, 2) << r.err;
    ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
    EXPECT_NE(r.err.find("is the INPUT"), std::string::npos) << r.err;
  }
  EXPECT_EQ(file_bytes(in("clip.avi")), before) << "the input was modified";
  EXPECT_FALSE(temporary_exists(media));
}

TEST_F(SafetyTest, ExistingOutputIsKeptUnlessY) {
  cv::imwrite(out("out.png"), cv::Mat(5, 5, CV_8UC1, cv::Scalar(7)));
  const std::string before = file_bytes(out("out.png"));
  for (const std::vector<std::string>& extra : {std::vector<std::string>{}, std::vector<std::string>{"-n"}}) {
    std::vector<std::string> args = {in("color.png"), out("out.png"), "--filter", "box", "--backend", "cpu"};
    args.insert(args.end(), extra.begin(), extra.end());
    const RunResult r = run_satfilter(args);
    EXPECT_EQ(r.status, 1) << r.err;
    ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
    EXPECT_NE(r.err.find("already exists (use -y"), std::string::npos) << r.err;
    EXPECT_EQ(file_bytes(out("out.png")), before);
  }
  const RunResult r = run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--backend", "cpu", "-y"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(cv::imread(out("out.png")).size(), cv::Size(97, 61));
  EXPECT_FALSE(temporary_exists(media));
}

TEST_F(SafetyTest, YAndNTogetherIsABadCommandLine) {
  const RunResult r = run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "-y", "-n"});
  expect_clean_failure(r, out("out.png"));
  EXPECT_EQ(r.status, 2);
}

}  // namespace
}  // namespace satfilter_test
