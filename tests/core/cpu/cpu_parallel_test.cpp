// sat::cpu_parallel against sat::cpu_reference: bit-exact for integer types, within the float
// bound for float types, for several thread counts (0 = all hardware threads, 1, a few, and
// more threads than rows) and sizes around its 16-row minimum band and its automatic threshold.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "sat/sat.h"
#include "sat_test_util.h"

namespace sat {
namespace {

using test::HostImage;

// cpu_parallel: row chain + in-band column chain + carry chain + 2 adds ≤ i + j + 4; see
// float_tolerance in sat_test_util.cpp for the bound.
constexpr int kParallelDepth = 8;
constexpr int kReferenceDepth = 2;
constexpr int kMoreThanRows = 1 << 20;  // a thread count above every height below

struct Output {
  std::vector<unsigned char> bytes;
  std::size_t pitch;
};

Output run(const HostImage& img, std::size_t in_pitch, std::size_t out_pitch, const std::vector<unsigned char>& in,
           int threads) {
  Output o{std::vector<unsigned char>(test::plane_bytes(img.extent, out_pitch, output_element_size(img.type)), 0xA5),
           out_pitch};
  const Problem p{img.type, img.extent, in.data(), in_pitch, o.bytes.data(), out_pitch};
  if (threads < 0)
    cpu_reference(p);
  else
    cpu_parallel(p, threads);
  const std::string pad =
      test::check_padding(o.bytes.data(), o.bytes.size(), 0, out_pitch,
                          std::size_t(img.extent.width) * output_element_size(img.type), img.extent.height, 0xA5);
  EXPECT_TRUE(pad.empty()) << pad;
  return o;
}

using Param = std::tuple<ElementType, int>;  // type, threads

class CpuParallel : public ::testing::TestWithParam<Param> {};

TEST_P(CpuParallel, MatchesCpuReference) {
  const auto [type, threads] = GetParam();
  // (width, height): single rows/columns, just under/over the 16-row band, many bands, wide.
  const std::vector<Extent> sizes = {{1, 1},
                                     {40, 1},
                                     {1, 40},
                                     {9, 15},
                                     {16, 16},
                                     {7, 31},
                                     {20, 32},
                                     {17, 33},
                                     {3, 47},
                                     {50, 48},
                                     {37, 100},
                                     {129, 257},
                                     {61, 1000},
                                     {5, 3000},
                                     {1000, 64},
                                     {255, 513},
                                     {613, 449},     // ≥ 2^18 elements:
                                                     // threads = 0 uses
                                                     // every core
                                     {1031, 1021}};  // ≥ 2^20: u8 → u32 too
  int n = 0;
  for (Extent e : sizes) {
    const std::uint64_t seed = test::mix_seed(test::master_seed(), std::uint64_t(type), std::uint64_t(threads), n++);
    SCOPED_TRACE(std::to_string(e.height) + "x" + std::to_string(e.width) + " (h x w), threads " +
                 std::to_string(threads) + ", seed " + std::to_string(seed));
    const HostImage img = test::random_input(type, e, seed);
    const bool padded = n % 2 == 1;
    const std::size_t in_pitch = img.row_bytes() + (padded ? 2 * input_alignment(type) : 0);
    const std::size_t out_pitch =
        std::size_t(e.width) * output_element_size(type) + (padded ? 3 * output_alignment(type) : 0);
    const std::vector<unsigned char> in = test::to_pitched(img, in_pitch, 0, 0xFF);
    const Output ref = run(img, in_pitch, out_pitch, in, -1);
    const Output par = run(img, in_pitch, out_pitch, in, threads);
    const test::Reference wide = test::reference_sat(img);

    const test::Comparison same =
        test::compare_outputs(wide, par.bytes.data(), par.pitch, ref.bytes.data(), ref.pitch, kParallelDepth);
    ASSERT_TRUE(same.ok) << "cpu_parallel vs cpu_reference: " << same.message;
    const test::Comparison exact = test::compare_output(wide, par.bytes.data(), par.pitch, kParallelDepth);
    ASSERT_TRUE(exact.ok) << "cpu_parallel vs the exact table: " << exact.message;
    const test::Comparison exact_ref = test::compare_output(wide, ref.bytes.data(), ref.pitch, kReferenceDepth);
    ASSERT_TRUE(exact_ref.ok) << "cpu_reference vs the exact table: " << exact_ref.message;
  }
}

std::vector<Param> params() {
  std::vector<Param> out;
  for (ElementType t : kAllElementTypes)
    for (int threads : {0, 1, 2, 3, 4, 7, 16, kMoreThanRows}) out.emplace_back(t, threads);
  return out;
}

INSTANTIATE_TEST_SUITE_P(AllTypes, CpuParallel, ::testing::ValuesIn(params()),
                         [](const ::testing::TestParamInfo<Param>& p) {
                           const int threads = std::get<1>(p.param);
                           return test::short_name(std::get<0>(p.param)) + "_" +
                                  (threads == 0               ? std::string("ThreadsAll")
                                   : threads == kMoreThanRows ? std::string("ThreadsMoreThanRows")
                                                              : "Threads" + std::to_string(threads));
                         });

// Integer results of cpu_parallel do not depend on the thread count at all (U32x2ToU32x2's
// full-range inputs wrap around 2³² in the band carries too).
TEST(CpuParallelDeterminism, IntegerTablesIdenticalForEveryThreadCount) {
  const Extent e{333, 1111};
  for (ElementType t : {ElementType::U8ToSumSq, ElementType::U32x2ToU32x2}) {
    SCOPED_TRACE(to_string(t));
    const HostImage img = test::random_input(t, e, test::mix_seed(test::master_seed(), 99));
    const std::vector<unsigned char> in = img.bytes;
    const std::size_t out_pitch = std::size_t(e.width) * output_element_size(t);
    const Output first = run(img, img.row_bytes(), out_pitch, in, 1);
    for (int threads : {0, 2, 3, 5, 8, 13, 64, 69, 70, kMoreThanRows}) {
      SCOPED_TRACE("threads " + std::to_string(threads));
      EXPECT_TRUE(run(img, img.row_bytes(), out_pitch, in, threads).bytes == first.bytes);
    }
  }
}

// Float results are deterministic for a given thread count.
TEST(CpuParallelDeterminism, FloatTablesRepeatable) {
  const Extent e{257, 700};
  const HostImage img = test::random_input(ElementType::F32x2ToF32x2, e, test::mix_seed(test::master_seed(), 98));
  const std::size_t out_pitch = std::size_t(e.width) * 8;
  for (int threads : {0, 3, 7}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    const Output a = run(img, img.row_bytes(), out_pitch, img.bytes, threads);
    const Output b = run(img, img.row_bytes(), out_pitch, img.bytes, threads);
    EXPECT_TRUE(a.bytes == b.bytes);
  }
}

}  // namespace
}  // namespace sat
