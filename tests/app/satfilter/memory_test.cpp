// An image too large for the memory satfilter may use is refused before the pipeline allocates,
// with the sizes in the message (on Linux the allocation itself would "succeed" and the OOM
// killer would strike later). The limit is an address-space limit (ulimit -v) on the child.
#include <sys/wait.h>

#include <opencv2/imgcodecs.hpp>

#include <cstdio>

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

TEST_F(MemoryTest, ImageLargerThanTheMemoryLeftIsRefusedWithItsSize) {
  // 8192² gray: 64 MiB decoded, about 0.6 GiB for the CPU pipeline (frames in flight and the
  // engine's 4-byte stage per pixel); 512 MiB of address space (satfilter itself maps about
  // 0.3 GiB) leaves far less.
  cv::Mat big(8192, 8192, CV_8UC1);
  for (int y = 0; y < big.rows; ++y) big.row(y).setTo(y % 256);
  ASSERT_TRUE(cv::imwrite(in("big.png"), big));
  const RunResult r =
      run_limited(1 << 19, in("big.png") + " " + out("out.png") + " --filter box --backend cpu");
  EXPECT_EQ(r.status, 1) << r.err;
  ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
  EXPECT_NE(r.err.find("'" + in("big.png") + "' (8192x8192)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("GiB of memory"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(out("out.png")));
  for (const std::string& name : media.entries())
    EXPECT_EQ(name.find(".satfilter-"), std::string::npos) << "temporary file left behind: " << name;
}

TEST_F(MemoryTest, ImageThatFitsRunsUnderTheSameLimit) {
  const RunResult r = run_limited(1 << 20, in("color.png") + " " + out("out.png") + " --filter box --backend cpu");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(file_exists(out("out.png")));
}

}  // namespace
}  // namespace satfilter_test
