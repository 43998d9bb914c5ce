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
