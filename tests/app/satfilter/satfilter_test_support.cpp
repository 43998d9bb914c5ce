#include "satfilter_test_support.h"

#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

#ifndef SATFILTER_EXE
#error "SATFILTER_EXE must name the satfilter binary"
#endif

extern char** environ;

namespace satfilter_test {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Smooth noise: blurred uniform noise, so that thresholds see structure at several scales.
cv::Mat smooth_noise(int width, int height, int type, int seed) {
  cv::RNG rng(seed);
  cv::Mat noise(height, width, type);
  rng.fill(noise, cv::RNG::UNIFORM, 0, 256);
  cv::Mat smooth;
  cv::GaussianBlur(noise, smooth, cv::Size(0, 0), 2.0);
  cv::Mat fine(height, width, type);
  rng.fill(fine, cv::RNG::UNIFORM, 0, 40);
  return smooth + fine;  // saturating
}

bool write_video(const std::string& path, const char* fourcc, int frames, int seed, int width = 64, int height = 48) {
  cv::VideoWriter writer(path, cv::CAP_FFMPEG, cv::VideoWriter::fourcc(fourcc[0], fourcc[1], fourcc[2], fourcc[3]),
                         10.0, cv::Size(width, height), true);
  if (!writer.isOpened()) return false;
  for (int i = 0; i < frames; ++i) {
    cv::Mat frame = smooth_noise(width, height, CV_8UC3, seed + i);
    cv::rectangle(frame, cv::Rect(4 * i, 10, 12, 20), cv::Scalar(255, 255, 255), cv::FILLED);  // motion
    writer.write(frame);
  }
  writer.release();
  return true;
}

// Starts satfilter with stdout and stderr into files (and stdin from `stdin_path` if given).
int spawn_satfilter(const std::vector<std::string>& args, const std::string& out_path, const std::string& err_path,
                    const std::string& stdin_path, std::string* error) {
  std::vector<std::string> argv_strings = {SATFILTER_EXE};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!stdin_path.empty()) posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, stdin_path.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    *error = std::string("posix_spawn failed: ") + std::strerror(spawned);
    return -1;
  }
  return pid;
}

RunResult reap(int pid, const std::string& out_path, const std::string& err_path) {
  RunResult result;
  int wstatus = 0;
  while (::waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
  }
  result.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
  result.out = slurp(out_path);
  result.err = slurp(err_path);
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  return result;
}

std::string capture_base() {
  static int counter = 0;
  return std::filesystem::temp_directory_path().string() + "/satfilter-run-" + std::to_string(::getpid()) + "-" +
         std::to_string(counter++);
}

}  // namespace

RunResult run_satfilter(const std::vector<std::string>& args, const std::string& stdin_path) {
  const std::string base = capture_base();
  RunResult result;
  const int pid = spawn_satfilter(args, base + ".out", base + ".err", stdin_path, &result.err);
  if (pid < 0) return result;
  return reap(pid, base + ".out", base + ".err");
}

SatfilterProcess::SatfilterProcess(const std::vector<std::string>& args, const std::string& stdin_path,
                                   const std::string& stdout_path) {
  const std::string base = capture_base();
  out_path_ = stdout_path.empty() ? base + ".out" : stdout_path;
  err_path_ = base + ".err";
  std::string error;
  pid_ = spawn_satfilter(args, out_path_, err_path_, stdin_path, &error);
  if (!stdout_path.empty()) out_path_ = base + ".out";  // not ours to read back or remove
}

SatfilterProcess::~SatfilterProcess() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  reap(pid_, out_path_, err_path_);
}

void SatfilterProcess::signal(int signal_number) const {
  if (pid_ > 0) ::kill(pid_, signal_number);
}

std::optional<RunResult> SatfilterProcess::wait_for(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (pid_ > 0) {
    int wstatus = 0;
    const int reaped = ::waitpid(pid_, &wstatus, WNOHANG);
    if (reaped == pid_) {
      RunResult result;
      result.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
      result.out = slurp(out_path_);
      result.err = slurp(err_path_);
      std::remove(out_path_.c_str());
      std::remove(err_path_.c_str());
      pid_ = -1;
      return result;
    }
    if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return std::nullopt;
}

bool SatfilterProcess::handles_signals() const {
  std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("SigCgt:", 0) == 0) return line.find_first_not_of("0\t ", 7) != std::string::npos;
  return false;
}

RunResult SatfilterProcess::wait() {
  if (pid_ <= 0) return RunResult{};
  const RunResult result = reap(pid_, out_path_, err_path_);
  pid_ = -1;
  return result;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

MediaDir::MediaDir() {
  std::string pattern = std::filesystem::temp_directory_path().string() + "/satfilter-e2e-XXXXXX";
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  dir_ = pattern;

  cv::imwrite(path("color.png"), smooth_noise(97, 61, CV_8UC3, 1));
  cv::imwrite(path("gray.pgm"), smooth_noise(64, 40, CV_8UC1, 2));
  cv::imwrite(path("bgra.png"), smooth_noise(50, 30, CV_8UC4, 3));
  if (!write_video(path("clip.avi"), "MJPG", 12, 10)) throw std::runtime_error("cannot write an MJPG AVI");
  has_mkv_ = write_video(path("clip.mkv"), "FFV1", 8, 30);

  const std::string avi = slurp(path("clip.avi"));
  std::ofstream(path("truncated.avi"), std::ios::binary).write(avi.data(), std::streamsize(avi.size() / 2));
  std::ofstream(path("text.png")) << "this is not an image\n";
  std::ofstream(path("text.avi")) << "this is not a video\n";
  std::ofstream(path("empty.png"));
}

MediaDir::~MediaDir() {
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

std::vector<std::string> MediaDir::entries() const {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir_)) names.push_back(entry.path().filename().string());
  return names;
}

void SatfilterTest::expect_clean_failure(const RunResult& result, const std::string& output) const {
  EXPECT_NE(result.status, 0);
  EXPECT_LT(result.status, 128) << "killed by a signal";
  const std::vector<std::string> lines = lines_of(result.err);
  ASSERT_EQ(lines.size(), 1u) << "stderr:\n" << result.err;
  EXPECT_EQ(lines[0].rfind("satfilter: error: ", 0), 0u) << lines[0];
  EXPECT_GT(lines[0].size(), std::string("satfilter: error: ").size() + 5);
  EXPECT_FALSE(file_exists(output)) << output << " was left behind";
  for (const std::string& name : media.entries())
    EXPECT_EQ(name.find(".satfilter-"), std::string::npos) << "temporary file left behind: " << name;
}

void expect_no_temporaries(const MediaDir& media) {
  for (const auto& entry : std::filesystem::recursive_directory_iterator(media.dir()))
    EXPECT_EQ(entry.path().filename().string().find(".satfilter-"), std::string::npos)
        << "temporary left behind: " << entry.path();
}

std::string file_bytes(const std::string& path) { return slurp(path); }

bool write_test_video(const std::string& path, int frames, int width, int height) {
  return write_video(path, "MJPG", frames, 50, width, height);
}

bool file_exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

std::vector<cv::Mat> read_video(const std::string& path, double* fps) {
  cv::VideoCapture capture(path);
  std::vector<cv::Mat> frames;
  if (!capture.isOpened()) return frames;
  if (fps) *fps = capture.get(cv::CAP_PROP_FPS);
  for (cv::Mat frame; capture.read(frame);) frames.push_back(frame.clone());
  return frames;
}

double mismatch_fraction(const cv::Mat& a, const cv::Mat& b) {
  if (a.size() != b.size() || a.type() != b.type()) return 1.0;
  cv::Mat diff;
  cv::compare(a.reshape(1), b.reshape(1), diff, cv::CMP_NE);
  return double(cv::countNonZero(diff)) / double(diff.total());
}

void expect_frames_equal(const std::string& output, const std::vector<cv::Mat>& inputs,
                         const std::function<cv::Mat(const cv::Mat&)>& expected, const std::string& what) {
  const std::vector<cv::Mat> outputs = read_video(output);
  ASSERT_EQ(outputs.size(), inputs.size()) << what << output;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    EXPECT_EQ(cv::norm(outputs[i], expected(inputs[i]), cv::NORM_INF), 0.0) << what << "frame " << i;
}

cv::Mat box_blurred(const cv::Mat& frame, cv::Size ksize) {
  cv::Mat blurred;
  cv::blur(frame, blurred, ksize);
  return blurred;
}

cv::Mat threshold_as_bgr(const cv::Mat& frame, int block, double C) {
  cv::Mat gray, binary, bgr;
  cv::cvtColor(frame, gray, cv::COLOR_BGR2GRAY);
  cv::adaptiveThreshold(gray, binary, 255, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY, block, C);
  cv::cvtColor(binary, bgr, cv::COLOR_GRAY2BGR);
  return bgr;
}

}  // namespace satfilter_test
