// satbench's option parser: what the CPU-only run relies on (--peers) and its errors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "options_test_support.h"

namespace satbench {
namespace {

TEST(SatbenchOptions, PeersListIsParsedInOrder) {
  const BenchOptions o = parse_args({"--peers", "cpu_parallel,opencv"});
  ASSERT_EQ(o.peers.size(), 2u);
  EXPECT_TRUE(has_cpu_peer(o.peers));
  EXPECT_EQ(std::string(to_string(o.peers[0])), "opencv") << "peers are kept in kAllPeers order";
  EXPECT_EQ(std::string(to_string(o.peers[1])), "cpu_parallel");
}

TEST(SatbenchOptions, OnlyNppIsNoCpuPeer) {
  EXPECT_FALSE(has_cpu_peer(parse_args({"--peers", "npp"}).peers));
  EXPECT_FALSE(has_cpu_peer(parse_args({"--peers", "none"}).peers));
  EXPECT_TRUE(has_cpu_peer(parse_args({}).peers)) << "all peers by default";
}

TEST(SatbenchOptions, AlgorithmsNoneLeavesThePeersAlone) {
  EXPECT_TRUE(parse_args({"--algorithms", "none", "--peers", "cpu_parallel"}).algorithms.empty());
  EXPECT_EQ(parse_args({}).algorithms.size(), std::size(sat::kAllAlgorithms));
  EXPECT_THROW(parse_args({"--algorithms", "none", "--peers", "none"}), UsageError) << "nothing to measure";
}

TEST(SatbenchOptions, HelpStatesTheExitStatusWithoutAGpu) {
  const std::string help = usage_text();
  EXPECT_NE(help.find("1 runtime error or no GPU for what was asked"), std::string::npos) << help;
  EXPECT_NE(help.find("--algorithms none --peers cpu_parallel,cpu_reference,opencv"), std::string::npos) << help;
}

TEST(SatbenchOptions, BadValuesAreUsageErrors) {
  EXPECT_THROW(parse_args({"--peers", "cuda_magic"}), UsageError);
  EXPECT_THROW(parse_args({"--reps", "zero"}), UsageError);
  EXPECT_THROW(parse_args({"--frobnicate"}), UsageError);
}

TEST(SatbenchOptions, QuickSetsItsDefaultsButKeepsExplicitOnes) {
  const BenchOptions quick = parse_args({"--quick"});
  EXPECT_TRUE(quick.quick);
  EXPECT_EQ(quick.reps, 5);
  EXPECT_EQ(parse_args({"--quick", "--reps", "7"}).reps, 7);
}

}  // namespace
}  // namespace satbench
