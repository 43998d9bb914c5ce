// Without a GPU every program tells one story: satlab, satfilter, satbench and the Python module
// give the reason in satcore's words (sat::cuda_unavailable_reason, e.g. "no NVIDIA driver / GPU
// found"), never the runtime's "CUDA driver version is insufficient"; an explicit --backend cuda
// fails in satlab and satfilter with the same message and exit status 1; an automatic fallback
// says that it uses the CPU backend and which CUDA-only options it ignores. The programs run as a
// user would run them; their stderr lines are compared.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sat/device.h"

#if !defined(SATLAB_EXE) || !defined(SATFILTER_EXE) || !defined(SATBENCH_EXE) || !defined(PYTHON_EXE)
#error "the build names the programs"
#endif

namespace {

struct Outcome {
  int status = -1;
  std::string out, err;
};

std::string read_file(const std::string& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string work_dir() {
  static const std::string dir = [] {
    std::string d = ::testing::TempDir() + "no_gpu_story_" + std::to_string(::getpid());
    std::system(("mkdir -p '" + d + "'").c_str());
    return d;
  }();
  return dir;
}

// `command` through the shell, without a display (satlab goes headless), stdout and stderr apart.
Outcome run(const std::string& command) {
  const std::string out = work_dir() + "/stdout", err = work_dir() + "/stderr";
  const int raw =
      std::system(("env -u DISPLAY -u WAYLAND_DISPLAY " + command + " >'" + out + "' 2>'" + err + "'").c_str());
  Outcome r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = read_file(out);
  r.err = read_file(err);
  return r;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

bool has_line(const std::string& text, const std::string& line) {
  for (const std::string& l : lines(text))
    if (l == line) return true;
  return false;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A small 8-bit gray image (binary PGM) for satfilter.
std::string gray_image() {
  const std::string path = work_dir() + "/gray.pgm";
  std::ofstream file(path, std::ios::binary);
  file << "P5\n16 12\n255\n";
  for (int i = 0; i < 16 * 12; ++i) file.put(static_cast<char>(i * 7 % 256));
  return path;
}

std::string quoted(const std::string& s) { return "'" + s + "'"; }

// satlab needs an OpenGL context even headless (EGL); where there is none the GUI checks skip.
bool no_egl(const Outcome& r) { return contains(r.err, "no headless OpenGL 3.3 context through EGL"); }

const std::string kSatlabRun = std::string(SATLAB_EXE) + " --headless --source synthetic:160x120 --frames 2";

class WithoutGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    reason_ = sat::cuda_unavailable_reason();
    if (reason_.empty()) GTEST_SKIP() << "a CUDA device is present: the no-GPU story does not apply";
  }
  std::string reason_;
};

TEST_F(WithoutGpu, EveryProgramGivesTheSameReasonInTheSameWords) {
  EXPECT_FALSE(contains(reason_, "insufficient")) << reason_;

  const Outcome filter = run(std::string(SATFILTER_EXE) + " " + quoted(gray_image()) + " " +
                             quoted(work_dir() + "/out.pgm") + " -y --filter box --ksize 3x3");
  EXPECT_EQ(filter.status, 0) << filter.err;
  EXPECT_TRUE(has_line(filter.err, "satfilter: note: " + reason_ + ", using the CPU backend")) << filter.err;

  const Outcome bench = run(std::string(SATBENCH_EXE) +
                            " --algorithms none --peers cpu_parallel --suite frames --sizes 64x48 --reps 1 --warmup 0");
  EXPECT_EQ(bench.status, 0) << bench.err;
  EXPECT_TRUE(has_line(bench.err, "satbench: " + reason_ + ": no GPU; measuring the CPU peers only")) << bench.err;
  EXPECT_TRUE(contains(bench.out, "GPU         none: " + reason_)) << bench.out;

  const Outcome lab = run(kSatlabRun);
  if (no_egl(lab)) GTEST_SKIP() << "no EGL OpenGL driver here: satlab's fallback line is not checked";
  EXPECT_EQ(lab.status, 0) << lab.err;
  EXPECT_TRUE(has_line(lab.err, "satlab: warning: " + reason_ + ", using the CPU backend")) << lab.err;
  for (const Outcome* r : {&filter, &bench, &lab}) EXPECT_FALSE(contains(r->err, "insufficient")) << r->err;
}

TEST_F(WithoutGpu, ThePythonModuleGivesTheSameReason) {
  if (std::string(PYTHON_EXE).empty()) GTEST_SKIP() << "the Python module is not built";
  const Outcome python = run("env PYTHONPATH=" + quoted(SATCORE_PYTHONPATH) + " " + quoted(PYTHON_EXE) +
                             " -c 'from satcore import _satcore; print(_satcore.cuda_unavailable_reason()); "
                             "print(_satcore.cuda_device_count())'");
  EXPECT_EQ(python.status, 0) << python.err;
  EXPECT_EQ(python.out, reason_ + "\n0\n");
}

TEST_F(WithoutGpu, ExplicitBackendCudaFailsAlikeInSatlabAndSatfilter) {
  const std::string message = "error: --backend cuda: " + reason_;
  const Outcome lab = run(kSatlabRun + " --backend cuda");
  EXPECT_EQ(lab.status, 1) << lab.err;
  EXPECT_TRUE(has_line(lab.err, "satlab: " + message)) << lab.err;

  const std::string output = work_dir() + "/cuda.pgm";
  std::remove(output.c_str());
  const Outcome filter = run(std::string(SATFILTER_EXE) + " " + quoted(gray_image()) + " " + quoted(output) +
                             " --filter box --ksize 3x3 --backend cuda");
  EXPECT_EQ(filter.status, 1) << filter.err;
  EXPECT_TRUE(has_line(filter.err, "satfilter: " + message)) << filter.err;
  EXPECT_NE(::access(output.c_str(), F_OK), 0) << "no output from a refused run";
}

TEST_F(WithoutGpu, SatlabFallbackNamesTheCudaOnlyOptionsItIgnores) {
  const Outcome lab = run(kSatlabRun + " --algorithm 2r1w --tile 64");
  if (no_egl(lab)) GTEST_SKIP() << "no EGL OpenGL driver here";
  EXPECT_EQ(lab.status, 0) << lab.err;
  EXPECT_TRUE(has_line(lab.err, "satlab: warning: " + reason_ + ", using the CPU backend")) << lab.err;
  EXPECT_TRUE(has_line(lab.err, "satlab: warning: --algorithm 2r1w and --tile 64 are ignored on the CPU backend"))
      << lab.err;
}

TEST(WithGpu, ExplicitBackendCudaRuns) {
  if (!sat::cuda_unavailable_reason().empty()) GTEST_SKIP() << "no CUDA device";
  const Outcome filter = run(std::string(SATFILTER_EXE) + " " + quoted(gray_image()) + " " +
                             quoted(work_dir() + "/gpu.pgm") + " -y --filter box --ksize 3x3 --backend cuda");
  EXPECT_EQ(filter.status, 0) << filter.err;
  EXPECT_FALSE(contains(filter.err, "using the CPU backend")) << filter.err;
}

}  // namespace
