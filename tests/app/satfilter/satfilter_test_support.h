// Shared by the end-to-end tests of satfilter: a scratch directory with generated media, a way
// to run the program and capture what it prints, and the checks every failure must pass.
#pragma once

#include <gtest/gtest.h>
#include <opencv2/core.hpp>

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace satfilter_test {

struct RunResult {
  int status = -1;  // exit status; 128 + signal when killed
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs satfilter (the build's binary) with `args`, stdout and stderr captured; stdin is
// `stdin_path` when given (else inherited).
RunResult run_satfilter(const std::vector<std::string>& args, const std::string& stdin_path = "");

// satfilter running in the background, for tests that signal it. stdin is `stdin_path` when
// given (else inherited); stdout goes to `stdout_path` when given (e.g. a terminal; then
// RunResult::out stays empty), else is captured.
class SatfilterProcess {
 public:
  explicit SatfilterProcess(const std::vector<std::string>& args, const std::string& stdin_path = "",
                            const std::string& stdout_path = "");
  ~SatfilterProcess();  // kills and reaps it if wait() was not called
  SatfilterProcess(const SatfilterProcess&) = delete;
  SatfilterProcess& operator=(const SatfilterProcess&) = delete;
  bool started() const { return pid_ > 0; }
  void signal(int signal_number) const;
  RunResult wait();
  // The result if it ends within `timeout`, else nullopt (it keeps running).
  std::optional<RunResult> wait_for(std::chrono::milliseconds timeout);
  // Whether it has installed its signal handlers yet (a signal before that would kill it).
  bool handles_signals() const;

 private:
  int pid_ = -1;
  std::string out_path_, err_path_;
};

// Lines of `text` (a trailing newline ends the last one).
std::vector<std::string> lines_of(const std::string& text);

// The test media, written by MediaDir's constructor:
//   color.png     97x61 BGR, smooth noise            gray.pgm   64x40 gray
//   bgra.png      50x30 BGRA                          clip.avi   64x48, 12 frames, 10 fps, MJPG
//   clip.mkv      64x48, 8 frames, 10 fps, FFV1 (lossless; absent when FFV1 is unavailable)
//   truncated.avi the first half of clip.avi          text.png, text.avi: a line of text
//   empty.png     zero bytes
class MediaDir {
 public:
  MediaDir();
  ~MediaDir();
  MediaDir(const MediaDir&) = delete;
  MediaDir& operator=(const MediaDir&) = delete;
  std::string path(const std::string& name) const { return dir_ + "/" + name; }
  const std::string& dir() const { return dir_; }
  bool has_mkv() const { return has_mkv_; }
  // Names in the directory (temporary outputs included).
  std::vector<std::string> entries() const;

 private:
  std::string dir_;
  bool has_mkv_ = false;
};

class SatfilterTest : public ::testing::Test {
 protected:
  MediaDir media;
  std::string in(const std::string& name) const { return media.path(name); }
  std::string out(const std::string& name) const { return media.path(name); }
  // A failed run as promised: non-zero exit, exactly one line "satfilter: error: ..." on stderr,
  // `output` absent and no temporary file left in the directory.
  void expect_clean_failure(const RunResult& result, const std::string& output) const;
};

// No temporary output (".satfilter-...") anywhere under the test's directory.
void expect_no_temporaries(const MediaDir& media);

bool file_exists(const std::string& path);
// The whole file as bytes ("" when unreadable).
std::string file_bytes(const std::string& path);
// Writes a 64x48 MJPG AVI of `frames` frames at 10 fps; false when no encoder.
bool write_test_video(const std::string& path, int frames, int width = 64, int height = 48);
// Every frame of a video (BGR), and its frame rate.
std::vector<cv::Mat> read_video(const std::string& path, double* fps = nullptr);
// Fraction of pixels that differ.
double mismatch_fraction(const cv::Mat& a, const cv::Mat& b);

// The video `output` against `inputs` frame by frame: as many frames, each expected(its input)
// to the last bit; `what` (e.g. "depth 3 ") starts each failure's text.
void expect_frames_equal(const std::string& output, const std::vector<cv::Mat>& inputs,
                         const std::function<cv::Mat(const cv::Mat&)>& expected, const std::string& what = "");
// cv::blur of the frame (reflect-101 border): what --filter box --ksize writes.
cv::Mat box_blurred(const cv::Mat& frame, cv::Size ksize);
// What --filter threshold --block B --C C writes into a colour video: the mean-C threshold of the
// frame's gray (cv::adaptiveThreshold), as gray-looking BGR.
cv::Mat threshold_as_bgr(const cv::Mat& frame, int block, double C);

}  // namespace satfilter_test
