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
      const RunResult r = as_input ? run_satfilter({out(pattern), out("y.png"), "--filter", "box", "--backend", "cpu"})
                                   : run_satfilter({in("color.png"), out(pattern), "--filter", "box", "--backend", "cpu"});
      EXPECT_EQ(r.status, 2) << pattern << ": " << r.err;
      ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
      EXPECT_NE(r.err.find("'" + out(pattern) + "'"), std::string::npos) << r.err;
      EXPECT_NE(r.err.find("wider than 18 digits"), std::string::npos) << r.err;
    }
  }
}

}  // namespace
}  // namespace satfilter_test
