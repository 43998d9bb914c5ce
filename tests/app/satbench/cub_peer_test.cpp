// The cub-scan-1d peer without a GPU: it is chosen like the other peers (and on by default), its
// 1-D scan check accepts a true prefix and catches what is not one, and a run without a device
// reports it as "no GPU" in the table and the JSON, with the CUB version in the JSON's peers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cuda_test_support.h"
#include "options_test_support.h"
#include "run_command.h"
#include "scan_check.h"

#ifndef SATBENCH_EXE
#error "SATBENCH_EXE must name the satbench binary"
#endif

namespace satbench {
namespace {

bool has(const std::vector<Peer>& peers, Peer peer) {
  return std::find(peers.begin(), peers.end(), peer) != peers.end();
}

TEST(SatbenchCubPeerOptions, ChosenByNameAndOnByDefaultInEverySuite) {
  EXPECT_STREQ(to_string(Peer::Cub), "cub-scan-1d");
  const BenchOptions cub = parse_args({"--peers", "cub-scan-1d"});
  ASSERT_EQ(cub.peers.size(), 1u);
  EXPECT_EQ(cub.peers[0], Peer::Cub);
  EXPECT_TRUE(is_gpu_peer(Peer::Cub));
  EXPECT_FALSE(has_cpu_peer(cub.peers)) << "CUB alone cannot run without a GPU";
  EXPECT_TRUE(has_gpu_peer(cub.peers));
  EXPECT_FALSE(has_gpu_peer(parse_args({"--peers", "cpu_parallel,opencv"}).peers));
  for (const char* suite : {"square", "frames", "batches", "all"})
    EXPECT_TRUE(has(parse_args({"--suite", suite}).peers, Peer::Cub)) << suite;
  EXPECT_TRUE(has(parse_args({"--peers", "all"}).peers, Peer::Cub));
  EXPECT_FALSE(has(parse_args({"--peers", "npp,opencv"}).peers, Peer::Cub));
  const BenchOptions ordered = parse_args({"--peers", "cpu_reference,cub-scan-1d,npp"});
  ASSERT_EQ(ordered.peers.size(), 3u);
  EXPECT_EQ(ordered.peers[1], Peer::Cub) << "kept in kAllPeers order: the GPU peers first";
}

TEST(SatbenchCubPeerOptions, HelpAndErrorsNameIt) {
  const std::string help = usage_text();
  EXPECT_NE(help.find("cub-scan-1d"), std::string::npos) << help;
  EXPECT_NE(help.find("cub::DeviceScan::InclusiveSum"), std::string::npos) << help;
  try {
    parse_args({"--peers", "cub"});
    ADD_FAILURE() << "'cub' is not a peer's name";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("cub-scan-1d"), std::string::npos) << e.what();
  }
}

TEST(SatbenchScanCheck, PositionsHoldTheFirstRowTheLastElementAndAFixedSample) {
  const std::vector<std::size_t> p = scan_positions(1000000, 640);
  ASSERT_GE(p.size(), 641u);
  for (std::size_t i = 0; i < 640; ++i) EXPECT_EQ(p[i], i);
  EXPECT_EQ(p.back(), 999999u);
  EXPECT_TRUE(std::is_sorted(p.begin(), p.end()));
  EXPECT_EQ(std::adjacent_find(p.begin(), p.end()), p.end()) << "distinct";
  EXPECT_GT(p.size(), 640u + 200u) << "a few hundred random positions beyond the first row";
  EXPECT_EQ(p, scan_positions(1000000, 640)) << "the same sample on every run";
  EXPECT_EQ(scan_positions(3, 640), (std::vector<std::size_t>{0, 1, 2})) << "never past the end";
  EXPECT_EQ(scan_positions(1, 1, 0), (std::vector<std::size_t>{0}));
}

TEST(SatbenchScanCheck, U8ToU32ComparesModulo2To32) {
  // 255s: the true prefix passes 2^32 after 16843009 terms; the u32 scan wraps as satcore's tables do.
  const std::size_t count = 16843009 + 1000;
  const std::vector<std::uint8_t> input(count, 255);
  std::vector<std::uint32_t> got(count, 0);
  const std::vector<std::size_t> positions = scan_positions(count, 64);
  for (std::size_t p : positions) got[p] = static_cast<std::uint32_t>(std::uint64_t(255) * (p + 1));
  ASSERT_GT(std::uint64_t(255) * count, std::uint64_t(1) << 32);
  const CheckOutcome ok = check_scan(sat::ElementType::U8ToU32, input.data(), got.data(), positions, 0);
  EXPECT_TRUE(ok.ok) << ok.first;
  EXPECT_EQ(ok.max_error, 0.0);

  got[count - 1] += 1;  // the last element, one off
  const CheckOutcome off = check_scan(sat::ElementType::U8ToU32, input.data(), got.data(), positions, 0);
  EXPECT_FALSE(off.ok);
  EXPECT_EQ(off.mismatches, 1);
  EXPECT_NE(off.first.find("element " + std::to_string(count - 1)), std::string::npos) << off.first;
  EXPECT_NE(describe_scan(off, positions.size()).find("1 value at " + std::to_string(positions.size())),
            std::string::npos)
      << describe_scan(off, positions.size());
}

TEST(SatbenchScanCheck, U8x4ToU32x4ChecksEveryChannel) {
  const std::size_t count = 5000;
  std::vector<std::uint8_t> input(count * 4);
  for (std::size_t i = 0; i < input.size(); ++i) input[i] = std::uint8_t(i * 37 + 11);
  std::vector<std::uint32_t> got(count * 4);
  std::uint32_t sum[4] = {};
  for (std::size_t i = 0; i < count; ++i)
    for (int c = 0; c < 4; ++c) got[i * 4 + std::size_t(c)] = sum[c] += input[i * 4 + std::size_t(c)];
  const std::vector<std::size_t> positions = scan_positions(count, 100);
  EXPECT_TRUE(check_scan(sat::ElementType::U8x4ToU32x4, input.data(), got.data(), positions, 0).ok);

  // A scan of the bytes as if they were one channel (a wrong iterator) is caught.
  std::vector<std::uint32_t> flat(count * 4);
  std::uint32_t run = 0;
  for (std::size_t i = 0; i < flat.size(); ++i) flat[i] = run += input[i];
  const CheckOutcome wrong = check_scan(sat::ElementType::U8x4ToU32x4, input.data(), flat.data(), positions, 0);
  EXPECT_FALSE(wrong.ok);
  EXPECT_NE(wrong.first.find("channel"), std::string::npos) << wrong.first;
}

TEST(SatbenchScanCheck, F32IsExactForSmallIntegerSumsAndBoundedBeyond) {
  // Integers 0..3 as satbench's float inputs: every prefix below 2^24 must be exact.
  const std::size_t count = 10000;
  std::vector<float> input(count);
  for (std::size_t i = 0; i < count; ++i) input[i] = float(i % 4);
  std::vector<float> got(count);
  double sum = 0;
  for (std::size_t i = 0; i < count; ++i) got[i] = float(sum += input[i]);
  const std::vector<std::size_t> positions = scan_positions(count, 1024);
  EXPECT_TRUE(check_scan(sat::ElementType::F32ToF32, input.data(), got.data(), positions, 2e-4).ok);
  got[300] = std::nextafter(got[300], 1e30f);  // one ulp off where the sum is exact
  EXPECT_FALSE(check_scan(sat::ElementType::F32ToF32, input.data(), got.data(), positions, 2e-4).ok)
      << "integer sums below 2^24 leave no room for rounding";
  got[300] = std::numeric_limits<float>::quiet_NaN();  // a value never written (the poisoned output)
  EXPECT_FALSE(check_scan(sat::ElementType::F32ToF32, input.data(), got.data(), positions, 2e-4).ok);

  // 0.1f terms: rounding is allowed, within gamma(n - 1) x S (n terms, u = 2^-24) up to rtol x S.
  std::vector<float> tenths(count, 0.1f);
  std::vector<float> sums(count);
  const double tenth = double(0.1f);
  for (std::size_t i = 0; i < count; ++i) sums[i] = float(tenth * double(i + 1));
  EXPECT_TRUE(check_scan(sat::ElementType::F32ToF32, tenths.data(), sums.data(), positions, 2e-4).ok);
  // At element 1000: the bound is min(999 u / (1 - 999 u), 2e-4) x 1000 x 0.1f, about 6e-3.
  const std::size_t k = 1000;
  ASSERT_TRUE(std::binary_search(positions.begin(), positions.end(), k));
  const double s = tenth * double(k + 1), u = std::ldexp(1.0, -24), bound = std::min(k * u / (1 - k * u), 2e-4) * s;
  sums[k] = float(s + 0.5 * bound);
  EXPECT_TRUE(check_scan(sat::ElementType::F32ToF32, tenths.data(), sums.data(), positions, 2e-4).ok);
  sums[k] = float(s + 2 * bound);
  const CheckOutcome out = check_scan(sat::ElementType::F32ToF32, tenths.data(), sums.data(), positions, 2e-4);
  EXPECT_FALSE(out.ok);
  EXPECT_NEAR(out.max_error, 2 * bound / s, 0.1 * bound / s) << "relative to the sum of |x|";
}

TEST(SatbenchScanCheck, TypesWithoutACheckNeverPass) {
  const std::uint8_t input[4] = {};
  const std::uint64_t got[4] = {};
  EXPECT_FALSE(scan_check_supports(sat::ElementType::U8ToU64Squares));
  EXPECT_FALSE(check_scan(sat::ElementType::U8ToU64Squares, input, got, {0}, 0).ok);
}

TEST(SatbenchCubPeerWithoutGpu, RowReadsNoGpuAndTheJsonNamesCub) {
  if (sat::test::has_cuda_device()) GTEST_SKIP() << "a CUDA device is present: the GPU test covers the peer";
  const std::string json = ::testing::TempDir() + "satbench_cub_no_gpu.json";
  std::string output;
  const int status =
      sat::test::run_command(std::string(SATBENCH_EXE) + " --peers cub-scan-1d,cpu_parallel --algorithms none" +
                                 " --suite frames --sizes 64x48 --reps 2 --warmup 0 --no-color --json " + json,
                             output);
  EXPECT_EQ(status, 1) << "a GPU peer was asked for and not measured\n" << output;
  bool cub_row = false;
  std::istringstream table(output);
  for (std::string line; std::getline(table, line);)
    if (line.rfind("cub-scan-1d ", 0) == 0 && line.find(" = ") == std::string::npos) {  // the row, not the legend
      cub_row = true;
      EXPECT_NE(line.find("no GPU"), std::string::npos) << line;
    }
  EXPECT_TRUE(cub_row) << output;
  std::ifstream file(json);
  ASSERT_TRUE(file) << json;
  const nlohmann::json report = nlohmann::json::parse(file);
  EXPECT_EQ(report.at("peers").at("cub").get<std::string>().rfind("CUB ", 0), 0u) << report.at("peers").dump();
  const nlohmann::json& asked = report.at("settings").at("peers");
  EXPECT_NE(std::find(asked.begin(), asked.end(), "cub-scan-1d"), asked.end()) << asked.dump();
  int cub = 0;
  for (const auto& r : report.at("results"))
    if (r.at("method") == "cub-scan-1d") {
      ++cub;
      EXPECT_EQ(r.at("kind"), "peer");
      EXPECT_EQ(r.at("status"), "no GPU") << r.dump();
      EXPECT_TRUE(r.at("median_ms").is_null());
    }
  EXPECT_EQ(cub, 4) << "u8->u32, u8x4->u32x4, u16->u32 and u16->u64 at 64x48\n" << report.at("results").dump(1);
  std::remove(json.c_str());
}

}  // namespace
}  // namespace satbench
