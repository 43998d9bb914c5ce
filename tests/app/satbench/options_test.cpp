// satbench's option parser: what the CPU-only run relies on (--peers) and its errors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bench_options.h"

namespace satbench {
namespace {

BenchOptions parse(std::vector<std::string> args) {
  args.insert(args.begin(), "satbench");
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  return parse_options(int(argv.size()), argv.data());
}

TEST(SatbenchOptions, PeersListIsParsedInOrder) {
  const BenchOptions o = parse({"--peers", "cpu_parallel,opencv"});
  ASSERT_EQ(o.peers.size(), 2u);
  EXPECT_TRUE(has_cpu_peer(o.peers));
  EXPECT_EQ(std::string(to_string(o.peers[0])), "opencv") << "peers are kept in kAllPeers order";
  EXPECT_EQ(std::string(to_string(o.peers[1])), "cpu_parallel");
}

TEST(SatbenchOptions, OnlyNppIsNoCpuPeer) {
  EXPECT_FALSE(has_cpu_peer(parse({"--peers", "npp"}).peers));
  EXPECT_FALSE(has_cpu_peer(parse({"--peers", "none"}).peers));
  EXPECT_TRUE(has_cpu_peer(parse({}).peers)) << "all peers by default";
}

TEST(SatbenchOptions, AlgorithmsNoneLeavesThePeersAlone) {
  EXPECT_TRUE(parse({"--algorithms", "none", "--peers", "cpu_parallel"}).algorithms.empty());
  EXPECT_EQ(parse({}).algorithms.size(), std::size(sat::kAllAlgorithms));
  EXPECT_THROW(parse({"--algorithms", "none", "--peers", "none"}), UsageError) << "nothing to measure";
}

TEST(SatbenchOptions, HelpStatesTheExitStatusWithoutAGpu) {
  const std::string help = usage_text();
  EXPECT_NE(help.find("1 runtime error or no GPU for what was asked"), std::string::npos) << help;
  EXPECT_NE(help.find("--algorithms none --peers cpu_parallel,cpu_reference,opencv"), std::string::npos) << help;
}

TEST(SatbenchOptions, BadValuesAreUsageErrors) {
  EXPECT_THROW(parse({"--peers", "cuda_magic"}), UsageError);
  EXPECT_THROW(parse({"--reps", "zero"}), UsageError);
  EXPECT_THROW(parse({"--frobnicate"}), UsageError);
}

TEST(SatbenchOptions, QuickSetsItsDefaultsButKeepsExplicitOnes) {
  const BenchOptions quick = parse({"--quick"});
  EXPECT_TRUE(quick.quick);
  EXPECT_EQ(quick.reps, 5);
  EXPECT_EQ(parse({"--quick", "--reps", "7"}).reps, 7);
}

}  // namespace
}  // namespace satbench
