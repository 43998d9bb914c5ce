// An image too large for the memory satfilter may use is refused before the pipeline allocates,
// with the sizes in the message (on Linux the allocation itself would "succeed" and the OOM
// killer would strike later), the filter's scratch counted as the catalog states it
// (sat::scratch_memory). The limit is an address-space limit (ulimit -v) on the child.
#include <sys/wait.h>

#include <opencv2/imgcodecs.hpp>

#include <cstdio>

#include "sat/filter_spec.h"
#include "satfilter_test_support.h"

#ifndef SATFILTER_EXE
#error "SATFILTER_EXE must name the satfilter binary"
#endif

namespace satfilter_test {
namespace {

using MemoryTest = SatfilterTest;

// satfilter with its address space limited to `limit_kib`; stdout and stderr together.
RunResult run_limited(long limit_kib, const std::string& arguments) {
  RunResult result;
  const std::string command =
      "ulimit -v " + std::to_string(limit_kib) + " && exec " + SATFILTER_EXE + " " + arguments + " 2>&1";
  std::FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return result;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) result.err.append(buffer, n);
  const int status = ::pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

// An 8192 x 4096 gray image (32 MiB decoded) under 572 MiB of address space: satfilter maps
// about 0.3 GiB before it filters, which leaves about 0.25 GiB.
constexpr long kLimitKib = 572 << 10;

void write_gradient(const std::string& path, int width, int height) {
  cv::Mat big(height, width, CV_8UC1);
  for (int y = 0; y < height; ++y) big.row(y).setTo(y % 256);
  ASSERT_TRUE(cv::imwrite(path, big));
}

// The filter's own figure from the catalog decides, not a flat guess: Kuwahara's tables for
// radius 1024 keep 2082 rows of 16 bytes per pixel (0.25 GiB here) besides the 64 MiB of frames,
// more than is left; the box filter's running sums need a few rows and run under the same limit.
// (Each filter is counted with its own figure: at a flat 4 bytes per pixel Kuwahara would pass
// the check and fail allocating its 0.5 GiB of scratch.)
TEST_F(MemoryTest, ImageLargerThanTheMemoryLeftIsRefusedWithItsSize) {
  write_gradient(in("big.png"), 8192, 4096);
  const RunResult r =
      run_limited(kLimitKib, in("big.png") + " " + out("out.bmp") + " --filter kuwahara --radius 1024 --backend cpu");
  EXPECT_EQ(r.status, 1) << r.err;
  ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
  EXPECT_NE(r.err.find("'" + in("big.png") + "' (8192x4096)"), std::string::npos) << r.err;
  // The amount: the two frames and the catalog's figure.
  const std::size_t scratch = sat::scratch_memory(sat::KuwaharaParams{1024}, {8192, 4096}, 1).cpu_bytes;
  char needed[64];
  std::snprintf(needed, sizeof needed, "needs about %.1f GiB of memory",
                double(2 * 8192 * 4096 + scratch) / double(1ull << 30));
  EXPECT_NE(r.err.find(needed), std::string::npos) << r.err << " lacks " << needed;
  EXPECT_FALSE(file_exists(out("out.bmp")));
  for (const std::string& name : media.entries())
    EXPECT_EQ(name.find(".satfilter-"), std::string::npos) << "temporary file left behind: " << name;

  const RunResult box = run_limited(kLimitKib, in("big.png") + " " + out("box.bmp") + " --filter box --backend cpu");
  EXPECT_EQ(box.status, 0) << box.err;
  EXPECT_TRUE(file_exists(out("box.bmp")));
}

TEST_F(MemoryTest, ImageThatFitsRunsUnderTheSameLimit) {
  const RunResult r = run_limited(1 << 20, in("color.png") + " " + out("out.png") + " --filter box --backend cpu");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(file_exists(out("out.png")));
}

}  // namespace
}  // namespace satfilter_test
