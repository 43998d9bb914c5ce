// Command lines satfilter refuses before any work, with exit status 2 and a clear message: a
// binary image for a terminal, a sequence pattern too wide to be one.
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using UsageTest = SatfilterTest;

TEST_F(UsageTest, BinaryImageForATerminalIsRefused) {
  const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) GTEST_SKIP() << "no pseudo-terminal here";
  const std::string terminal = ::ptsname(master);
  SatfilterProcess process({in("color.png"), "-", "--format", "png", "--filter", "box", "--backend", "cpu"}, "",
                           terminal);
  const std::optional<RunResult> r = process.wait_for(std::chrono::seconds(30));
  ::close(master);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->status, 2) << r->err;
  ASSERT_EQ(lines_of(r->err).size(), 1u) << r->err;
  EXPECT_NE(r->err.find("terminal"), std::string::npos) << r->err;
}

TEST_F(UsageTest, SequencePatternTooWideIsABadCommandLine) {
  for (const std::string pattern : {"x_%099999999999d.png", "x_%019d.png"}) {
    for (const bool as_input : {false, true}) {
      const RunResult r = as_input
                              ? run_satfilter({out(pattern), out("y.png"), "--filter", "box", "--backend", "cpu"})
                              : run_satfilter({in("color.png"), out(pattern), "--filter", "box", "--backend", "cpu"});
      EXPECT_EQ(r.status, 2) << pattern << ": " << r.err;
      ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
      EXPECT_NE(r.err.find("'" + out(pattern) + "'"), std::string::npos) << r.err;
      EXPECT_NE(r.err.find("wider than 18 digits"), std::string::npos) << r.err;
    }
  }
}

// A Bool parameter passed through by a script: --invert=false is off, --invert=true on.
TEST_F(UsageTest, BoolParametersTakeTrueAndFalse) {
  const std::vector<std::string> base = {in("gray.pgm"), "", "--filter", "threshold", "--backend", "cpu"};
  const auto run = [&](const std::string& output, const std::vector<std::string>& extra) {
    std::vector<std::string> args = base;
    args[1] = out(output);
    args.insert(args.end(), extra.begin(), extra.end());
    return run_satfilter(args);
  };
  ASSERT_EQ(run("plain.png", {}).status, 0);
  ASSERT_EQ(run("inverted.png", {"--invert"}).status, 0);
  const RunResult off = run("off.png", {"--invert=false"});
  ASSERT_EQ(off.status, 0) << off.err;
  EXPECT_EQ(file_bytes(out("off.png")), file_bytes(out("plain.png")));
  ASSERT_EQ(run("on.png", {"--invert=true"}).status, 0);
  EXPECT_EQ(file_bytes(out("on.png")), file_bytes(out("inverted.png")));
  EXPECT_NE(file_bytes(out("on.png")), file_bytes(out("off.png")));
  const RunResult bad = run("bad.png", {"--invert=maybe"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("=true or =false"), std::string::npos) << bad.err;
}

// One rule for the box kernel's size: --radius 3 --kernel-width 5 is refused, not run as 5x7.
TEST_F(UsageTest, OneWayOfGivingTheKernelSize) {
  for (const std::vector<std::string>& sizes : {std::vector<std::string>{"--radius", "3", "--kernel-width", "5"},
                                                {"--ksize", "5", "--kernel-height", "3"},
                                                {"--ksize", "5", "--radius", "1"}}) {
    std::vector<std::string> args = {in("color.png"), out("out.png"), "--filter", "box", "--backend", "cpu"};
    args.insert(args.end(), sizes.begin(), sizes.end());
    const RunResult r = run_satfilter(args);
    EXPECT_EQ(r.status, 2) << r.err;
    ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
    EXPECT_NE(r.err.find("give one of --ksize, --radius or --kernel-width/--kernel-height"), std::string::npos)
        << r.err;
    EXPECT_FALSE(file_exists(out("out.png")));
  }
}

}  // namespace
}  // namespace satfilter_test
