// The cub-scan-1d peer on a GPU (label gpu; skipped without a CUDA device): CubScan against the
// host check at every position for sizes around CUB's tiles, and satbench end to end, whose JSON
// must hold an ok cub-scan-1d record with a positive median beside the copy and 1r1w-skss-lb of
// every case (f32, u8 and u8x4; a batch).
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/cuda/cuda_check.h"
#include "cuda_test_support.h"
#include "peer_cub.h"
#include "run_command.h"
#include "sat/support/buffers.h"
#include "scan_check.h"

#ifndef SATBENCH_EXE
#error "SATBENCH_EXE must name the satbench binary"
#endif

namespace satbench {
namespace {

// Input bytes for `count` elements of `type`, from `seed`: floats are the integers 0..3 (exact
// sums, as satbench's inputs) unless `fractions`, then values in [-1, 1].
std::vector<unsigned char> make_input(sat::ElementType type, std::size_t count, unsigned seed, bool fractions) {
  std::vector<unsigned char> bytes(count * sat::input_element_size(type));
  std::mt19937 generator(seed);
  if (type == sat::ElementType::F32ToF32) {
    std::uniform_real_distribution<float> real(-1, 1);
    std::uniform_int_distribution<int> small(0, 3);
    for (std::size_t i = 0; i < count; ++i) {
      const float x = fractions ? real(generator) : float(small(generator));
      std::memcpy(bytes.data() + 4 * i, &x, 4);
    }
  } else {
    std::uniform_int_distribution<int> byte(0, 255);
    for (unsigned char& b : bytes) b = static_cast<unsigned char>(byte(generator));
  }
  return bytes;
}

// Scans `input` with CubScan on the device; returns the output of `count` elements and checks
// that the 256 bytes past it were left alone.
std::vector<unsigned char> scan_on_device(sat::ElementType type, const std::vector<unsigned char>& input,
                                          std::size_t count) {
  const std::size_t out_bytes = count * sat::output_element_size(type), guard = 256;
  sat::DeviceBuffer d_in(input.size()), d_out(out_bytes + guard);
  SAT_CUDA_CHECK(cudaMemcpy(d_in.data(), input.data(), input.size(), cudaMemcpyHostToDevice));
  SAT_CUDA_CHECK(cudaMemset(d_out.data(), 0xA5, out_bytes + guard));
  const CubScan scan(type, count);
  EXPECT_GT(scan.temp_storage_bytes(), 0u);
  scan.run(d_in.data(), d_out.data(), nullptr);
  SAT_CUDA_CHECK(cudaGetLastError());
  SAT_CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<unsigned char> out(out_bytes + guard);
  SAT_CUDA_CHECK(cudaMemcpy(out.data(), d_out.data(), out.size(), cudaMemcpyDeviceToHost));
  for (std::size_t i = out_bytes; i < out.size(); ++i)
    if (out[i] != 0xA5) {
      ADD_FAILURE() << "wrote past the " << count << " elements at byte " << i;
      break;
    }
  out.resize(out_bytes);
  return out;
}

void expect_prefix_everywhere(sat::ElementType type, std::size_t count, unsigned seed, bool fractions = false) {
  SCOPED_TRACE(std::string(sat::to_string(type)) + ", " + std::to_string(count) + " elements, seed " +
               std::to_string(seed) + (fractions ? ", fractions" : ""));
  const std::vector<unsigned char> input = make_input(type, count, seed, fractions);
  const std::vector<unsigned char> out = scan_on_device(type, input, count);
  std::vector<std::size_t> every(count);
  std::iota(every.begin(), every.end(), std::size_t(0));
  const CheckOutcome o = check_scan(type, input.data(), out.data(), every, 2e-4);
  EXPECT_TRUE(o.ok) << describe_scan(o, every.size());
}

class SatbenchCubPeerGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!sat::test::has_cuda_device()) GTEST_SKIP() << "no CUDA device";
  }
};

TEST_F(SatbenchCubPeerGpu, ScanIsTheInclusivePrefixAtEveryPosition) {
  // 1, small, around CUB's tiles (a few thousand items), odd primes, a million and more.
  const std::vector<std::size_t> sizes = {1, 10, 255, 4095, 4096, 4097, 10007, 65537, (1u << 20) + 3};
  for (sat::ElementType type : {sat::ElementType::F32ToF32, sat::ElementType::U8ToU32, sat::ElementType::U8x4ToU32x4})
    for (std::size_t count : sizes) expect_prefix_everywhere(type, count, unsigned(count) * 7 + 1);
  std::mt19937 generator(2026);  // seeded random sizes, recorded by SCOPED_TRACE
  std::uniform_int_distribution<std::size_t> any(1, 3u << 20);
  for (int k = 0; k < 3; ++k)
    for (sat::ElementType type : {sat::ElementType::F32ToF32, sat::ElementType::U8ToU32, sat::ElementType::U8x4ToU32x4})
      expect_prefix_everywhere(type, any(generator), unsigned(k));
  // Floats that round: within the bound of scan_check.h.
  expect_prefix_everywhere(sat::ElementType::F32ToF32, (1u << 20) + 3, 5, /*fractions=*/true);
}

TEST_F(SatbenchCubPeerGpu, U32SumsWrapModulo2To32) {
  // 255s past 2^32 / 255 elements: the u32 prefix wraps, as satcore's u32 tables do.
  const std::size_t count = 16843009 + 4097;
  const std::vector<unsigned char> input(count, 255);
  const std::vector<unsigned char> out = scan_on_device(sat::ElementType::U8ToU32, input, count);
  std::vector<std::size_t> every(count);
  std::iota(every.begin(), every.end(), std::size_t(0));
  const CheckOutcome o = check_scan(sat::ElementType::U8ToU32, input.data(), out.data(), every, 0);
  EXPECT_TRUE(o.ok) << describe_scan(o, every.size());
}

std::string case_key(const nlohmann::json& r) {
  return r.at("suite").get<std::string>() + "|" + r.at("type").get<std::string>() + "|" +
         std::to_string(r.at("width").get<int>()) + "x" + std::to_string(r.at("height").get<int>()) + "|" +
         std::to_string(r.at("planes").get<int>());
}

TEST_F(SatbenchCubPeerGpu, SatbenchReportsItBesideTheCopyAndSkssLb) {
  const std::string json = ::testing::TempDir() + "satbench_cub_gpu.json";
  std::string output;
  const int status =
      sat::test::run_command(std::string(SATBENCH_EXE) + " --algorithms 1r1w-skss-lb --tiles 64 --peers cub-scan-1d" +
                                 " --sizes 256,640x480 --quick --reps 3 --no-color --json " + json,
                             output);
  ASSERT_EQ(status, 0) << output;
  EXPECT_NE(output.find("; CUB "), std::string::npos) << "the header's peers line names CUB's version\n" << output;
  // The table rows (not the legend line "cub-scan-1d = ..."): a time in every cell, but for the
  // 16-bit frames, which the 1-D scan does not take ("n/a" in every cell).
  int rows = 0, not_offered = 0;
  std::istringstream table(output);
  for (std::string line; std::getline(table, line);)
    if (line.rfind("cub-scan-1d ", 0) == 0 && line.find(" = ") == std::string::npos) {
      EXPECT_EQ(line.find("error"), std::string::npos) << line;
      if (line.find("n/a") != std::string::npos) {
        ++not_offered;
        continue;
      }
      ++rows;
      EXPECT_NE(line.find_first_of("0123456789", std::string("cub-scan-1d").size()), std::string::npos) << line;
    }
  EXPECT_EQ(rows, 5) << "square f32, frames u8 and u8x4, batches u8 and f32\n" << output;
  EXPECT_EQ(not_offered, 2) << "frames u16 -> u32 and u16 -> u64\n" << output;
  // No cell reads WRONG (the legend line "n/a = ...; WRONG = differs ..." names it in every table).
  std::istringstream cells(output);
  for (std::string line; std::getline(cells, line);) {
    if (line.find(" = ") == std::string::npos) {
      EXPECT_EQ(line.find("WRONG"), std::string::npos) << line;
    }
  }

  std::ifstream file(json);
  ASSERT_TRUE(file) << json;
  const nlohmann::json report = nlohmann::json::parse(file);
  EXPECT_TRUE(report.at("complete").get<bool>());
  EXPECT_EQ(report.at("peers").at("cub").get<std::string>().rfind("CUB ", 0), 0u) << report.at("peers").dump();
  std::set<std::string> copies, skss_lb, types;
  std::vector<const nlohmann::json*> cub;
  for (const auto& r : report.at("results")) {
    if (r.at("status") != "ok") continue;
    if (r.at("method") == "copy") copies.insert(case_key(r));
    if (r.at("method") == "1r1w-skss-lb") skss_lb.insert(case_key(r));
    if (r.at("method") == "cub-scan-1d") cub.push_back(&r);
  }
  int batches = 0;
  for (const auto& r : report.at("results"))
    if (r.at("method") == "cub-scan-1d") {
      if (r.at("type").get<std::string>().rfind("u16", 0) == 0) {  // not a type the 1-D scan takes
        EXPECT_EQ(r.at("status"), "n/a") << r.dump();
        continue;
      }
      EXPECT_EQ(r.at("status"), "ok") << r.dump();
      EXPECT_EQ(r.at("kind"), "peer");
      EXPECT_NE(r.at("note").get<std::string>().find("1-D scan of the same bytes, not a table"), std::string::npos);
      if (r.at("status") != "ok") continue;
      EXPECT_GT(r.at("median_ms").get<double>(), 0.0) << r.dump();
      EXPECT_GT(r.at("workspace_bytes").get<long long>(), 0) << "CUB's temporary storage";
      EXPECT_TRUE(copies.count(case_key(r))) << "no ok copy for " << case_key(r);
      EXPECT_TRUE(skss_lb.count(case_key(r))) << "no ok 1r1w-skss-lb for " << case_key(r);
      types.insert(r.at("type").get<std::string>());
      if (r.at("planes").get<int>() > 1) ++batches;
    }
  EXPECT_EQ(types, (std::set<std::string>{"f32->f32", "u8->u32", "u8x4->u32x4"}));
  EXPECT_GE(cub.size(), 8u) << "square 2 + frames 4 + batches 2";
  EXPECT_EQ(batches, 2) << "u8 and f32 batches of 64 x 256^2 as one scan";
  std::remove(json.c_str());
}

}  // namespace
}  // namespace satbench
