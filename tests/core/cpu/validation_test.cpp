// Bad arguments are rejected before anything is launched, with the right sat::ErrorCode and a
// message naming the problem — through sat::compute (every algorithm), sat::cpu_reference and
// sat::cpu_parallel.
//
// sat::compute is given fake, device-looking pointers (nothing is dereferenced or launched when
// validation fails), so these tests need no GPU. Every case below has exactly one thing wrong;
// a case that slipped through validation would try a launch and fail with CudaError (no device)
// or a bad address, never pass.
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <limits>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "dispatch/validate.h"
#include "sat/filters.h"
#include "sat/sat.h"
#include "sat_expect.h"
#include "sat_test_util.h"

// The deprecated per-filter entry points are checked here too (they must keep working).
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace sat {
namespace {

using test::ThrowsSatError;

constexpr Extent kExtent{64, 48};  // width × height of the default (valid) problem

// Fake device addresses, far enough apart that no valid plane overlaps another.
void* fake(std::uintptr_t address) { return reinterpret_cast<void*>(address); }
const std::uintptr_t kFakeInput = 0x10000;        // 64 KiB: aligned for every type
const std::uintptr_t kFakeOutput = 0x4000000;     // 64 MiB
const std::uintptr_t kFakeWorkspace = 0x8000000;  // 128 MiB

Problem valid_problem(ElementType type, const void* input, void* output) {
  Problem p;
  p.type = type;
  p.extent = kExtent;
  p.input = input;
  p.input_pitch = std::size_t(kExtent.width) * input_element_size(type) + 4 * input_alignment(type);
  p.output = output;
  p.output_pitch = std::size_t(kExtent.width) * output_element_size(type) + 2 * output_alignment(type);
  return p;
}

const char* byte_ptr_add(const void* p, std::ptrdiff_t bytes) { return static_cast<const char*>(p) + bytes; }

// One wrong argument of the problem (applies to compute and to the CPU paths).
struct BadProblem {
  std::string name;
  ElementType type;
  std::function<void(Problem&)> mutate;
  std::vector<std::string> words;  // what() must mention each
};

std::vector<BadProblem> bad_problems() {
  const int w = kExtent.width;
  return {
      {"ZeroWidth", ElementType::U8ToU32, [](Problem& p) { p.extent.width = 0; }, {"width must be >= 1", "(got 0)"}},
      {"NegativeWidth", ElementType::F32ToF32, [](Problem& p) { p.extent.width = -5; }, {"width", "(got -5)"}},
      {"ZeroHeight", ElementType::U8ToU32, [](Problem& p) { p.extent.height = 0; }, {"height must be >= 1", "(got 0)"}},
      {"NegativeHeight", ElementType::U8ToSumSq, [](Problem& p) { p.extent.height = -1; }, {"height", "(got -1)"}},
      {"ZeroWidthAndHeight",
       ElementType::U8ToU32,
       [](Problem& p) {
         p.extent = {0, 0};
       },
       {"width"}},
      {"NullInput", ElementType::U8ToU32, [](Problem& p) { p.input = nullptr; }, {"input pointer is null"}},
      {"NullOutput", ElementType::F32x2ToF32x2, [](Problem& p) { p.output = nullptr; }, {"output pointer is null"}},
      {"InputPitchBelowRow",
       ElementType::F32ToF32,
       [w](Problem& p) { p.input_pitch = std::size_t(w) * 4 - 4; },
       {"input pitch", std::to_string(w * 4 - 4), "smaller than a row", std::to_string(w * 4)}},
      {"InputPitchZero",
       ElementType::U8ToU32,
       [](Problem& p) { p.input_pitch = 0; },
       {"input pitch 0", "smaller than a row"}},
      {"OutputPitchBelowRow",
       ElementType::U8ToU32,
       [w](Problem& p) { p.output_pitch = std::size_t(w) * 4 - 4; },
       {"output pitch", "smaller than a row"}},
      // A u8 row of 64 bytes is not enough for u32 outputs: the check is in output elements.
      {"OutputPitchIsInputRow",
       ElementType::U8ToU32,
       [w](Problem& p) { p.output_pitch = std::size_t(w); },
       {"output pitch", "smaller than a row"}},
      {"InputPitchNotMultipleOfAlignment",
       ElementType::F32ToF32,
       [w](Problem& p) { p.input_pitch = std::size_t(w) * 4 + 2; },
       {"input pitch", "multiple of the element alignment", "4 bytes"}},
      {"InputPitchNotMultipleOfAlignmentF32x2",
       ElementType::F32x2ToF32x2,
       [w](Problem& p) { p.input_pitch = std::size_t(w) * 8 + 4; },
       {"input pitch", "multiple of the element alignment", "8 bytes"}},
      {"OutputPitchNotMultipleOfAlignment",
       ElementType::U8ToSumSq,
       [w](Problem& p) { p.output_pitch = std::size_t(w) * 16 + 8; },
       {"output pitch", "multiple of the element alignment", "16 bytes"}},
      {"OutputPitchOddForU32",
       ElementType::U8ToU32,
       [w](Problem& p) { p.output_pitch = std::size_t(w) * 4 + 1; },
       {"output pitch", "multiple of the element alignment"}},
      {"InputPointerMisaligned",
       ElementType::F32x2ToF32x2,
       [](Problem& p) { p.input = byte_ptr_add(p.input, 4); },
       {"input pointer is not aligned to 8 bytes"}},
      // u32x2: 8-byte alignment although its channels are 4-byte words (uint2 loads).
      {"InputPitchNotMultipleOfAlignmentU32x2",
       ElementType::U32x2ToU32x2,
       [w](Problem& p) { p.input_pitch = std::size_t(w) * 8 + 4; },
       {"input pitch", "multiple of the element alignment", "8 bytes"}},
      {"OutputPitchNotMultipleOfAlignmentU32x2",
       ElementType::U32x2ToU32x2,
       [w](Problem& p) { p.output_pitch = std::size_t(w) * 8 + 4; },
       {"output pitch", "multiple of the element alignment", "8 bytes"}},
      {"InputPointerMisalignedU32x2",
       ElementType::U32x2ToU32x2,
       [](Problem& p) { p.input = byte_ptr_add(p.input, 4); },
       {"input pointer is not aligned to 8 bytes"}},
      {"OutputPointerMisalignedU32x2",
       ElementType::U32x2ToU32x2,
       [](Problem& p) { p.output = const_cast<char*>(byte_ptr_add(p.output, 4)); },
       {"output pointer is not aligned to 8 bytes"}},
      {"InputPitchBelowRowU32x2",
       ElementType::U32x2ToU32x2,
       [w](Problem& p) { p.input_pitch = std::size_t(w) * 8 - 8; },
       {"input pitch", std::to_string(w * 8 - 8), "smaller than a row", std::to_string(w * 8)}},
      // 16-bit inputs: an odd pitch or pointer splits a pixel across rows or words.
      {"InputPitchOddForU16",
       ElementType::U16ToU32,
       [w](Problem& p) { p.input_pitch = std::size_t(w) * 2 + 1; },
       {"input pitch", std::to_string(w * 2 + 1), "multiple of the element alignment", "2 bytes"}},
      {"InputPointerMisalignedU16",
       ElementType::U16ToU64,
       [](Problem& p) { p.input = byte_ptr_add(p.input, 1); },
       {"input pointer is not aligned to 2 bytes"}},
      {"InputPitchBelowRowU16",
       ElementType::U16ToSumSq,
       [w](Problem& p) { p.input_pitch = std::size_t(w) * 2 - 2; },
       {"input pitch", "smaller than a row", std::to_string(w * 2)}},
      {"InputPitchNotMultipleOfAlignmentU16x4",
       ElementType::U16x4ToU32x4,
       [w](Problem& p) { p.input_pitch = std::size_t(w) * 8 + 2; },
       {"input pitch", "multiple of the element alignment", "8 bytes"}},
      {"InputPointerMisalignedU8x4",
       ElementType::U8x4ToU32x4,
       [](Problem& p) { p.input = byte_ptr_add(p.input, 2); },
       {"input pointer is not aligned to 4 bytes"}},
      {"OutputPointerMisaligned",
       ElementType::U8x4ToU32x4,
       [](Problem& p) { p.output = const_cast<char*>(byte_ptr_add(p.output, 8)); },
       {"output pointer is not aligned to 16 bytes"}},
      {"OutputPointerMisalignedF32",
       ElementType::F32ToF32,
       [](Problem& p) { p.output = const_cast<char*>(byte_ptr_add(p.output, 1)); },
       {"output pointer is not aligned to 4 bytes"}},
      {"OverlapSamePointer",
       ElementType::F32ToF32,
       [](Problem& p) { p.output = const_cast<void*>(p.input); },
       {"overlap"}},
      // The output starts inside the input's last row.
      {"OverlapOutputInLastInputRow",
       ElementType::U8ToU32,
       [](Problem& p) {
         p.output = const_cast<char*>(byte_ptr_add(p.input, std::ptrdiff_t(p.input_pitch) * (p.extent.height - 1) + 4));
       },
       {"overlap"}},
      // The input starts inside the output's first row.
      {"OverlapInputInFirstOutputRow",
       ElementType::U8ToU32,
       [](Problem& p) {
         void* out = const_cast<void*>(p.input);
         p.input = byte_ptr_add(out, 8);
         p.output = out;
       },
       {"overlap"}},
      // Pitches whose addressed span, pitch × (height − 1) + a row, does not fit in size_t: the
      // span must be checked before it is used (it wrapped, passed the overlap check and the CPU
      // paths read far outside the image).
      {"InputSpanOverflowsSizeMaxOver8",
       ElementType::U8ToU32,
       [](Problem& p) { p.input_pitch = SIZE_MAX / 8; },
       {"input pitch " + std::to_string(SIZE_MAX / 8), "does not fit in the address space"}},
      {"InputSpanOverflowsPitch2Pow60",
       ElementType::U8ToU32,
       [](Problem& p) { p.input_pitch = std::size_t(1) << 60; },
       {"input pitch", "(height 48 - 1)", "does not fit in the address space"}},
      // 3 × 2^62 fits in size_t but is larger than any object can be (PTRDIFF_MAX).
      {"InputSpanOverflowsPitch2Pow62Height4",
       ElementType::F32ToF32,
       [](Problem& p) {
         p.extent.height = 4;
         p.input_pitch = std::size_t(1) << 62;
       },
       {"input pitch", "(height 4 - 1)", "does not fit in the address space"}},
      {"OutputSpanOverflows",
       ElementType::U8ToSumSq,
       [](Problem& p) { p.output_pitch = std::size_t(1) << 61; },
       {"output pitch", "does not fit in the address space"}},
      // The span fits, but the plane would run past the top of the address space.
      {"InputWrapsTheAddressSpace",
       ElementType::U8ToU32,
       [](Problem& p) { p.input = fake(UINTPTR_MAX - 1023); },
       {"input plane", "runs past the end of the address space"}},
      {"OutputWrapsTheAddressSpace",
       ElementType::F32ToF32,
       [](Problem& p) {
         p.output_pitch = std::size_t(1) << 40;
         p.output = fake(UINTPTR_MAX - (std::uintptr_t(1) << 44) + 1);
       },
       {"output plane", "runs past the end of the address space"}},
      {"UnknownElementType", static_cast<ElementType>(42), [](Problem&) {}, {"unknown element type", "42"}},
      {"TooLargeForTileIndices",
       ElementType::U8ToU32,
       [](Problem& p) {
         p.extent = {1 << 21, 1 << 21};
       },
       {"too large"}},
  };
}

// ---------------------------------------------------------------------------------------------
// sat::compute, every algorithm × every bad problem.

struct ComputeCase {
  Algorithm algorithm;
  BadProblem bad;
};

std::vector<ComputeCase> compute_cases() {
  std::vector<ComputeCase> out;
  for (Algorithm a : kAllAlgorithms)
    for (const BadProblem& b : bad_problems()) out.push_back({a, b});
  return out;
}

void PrintTo(const ComputeCase& c, std::ostream* os) { *os << to_string(c.algorithm) << " " << c.bad.name; }

class ComputeRejects : public ::testing::TestWithParam<ComputeCase> {};

TEST_P(ComputeRejects, BadProblem) {
  const ComputeCase& c = GetParam();
  Options opt;
  opt.algorithm = c.algorithm;
  Problem p = valid_problem(c.bad.type, fake(kFakeInput), fake(kFakeOutput));
  c.bad.mutate(p);
  // A workspace that is certainly large enough: the only thing wrong is the problem.
  const std::size_t bytes = std::size_t(1) << 40;
  EXPECT_TRUE(ThrowsSatError([&] { compute(p, opt, fake(kFakeWorkspace), bytes, nullptr); }, ErrorCode::InvalidArgument,
                             "sat::compute", c.bad.words));
}

INSTANTIATE_TEST_SUITE_P(AllAlgorithms, ComputeRejects, ::testing::ValuesIn(compute_cases()),
                         [](const ::testing::TestParamInfo<ComputeCase>& p) {
                           return test::short_name(p.param.algorithm) + "_" + p.param.bad.name;
                         });

// Options and workspace errors, per algorithm.
class ComputeOptions : public ::testing::TestWithParam<Algorithm> {
 protected:
  Options options(int tile = 0) const {
    Options o;
    o.algorithm = GetParam();
    o.tile = tile;
    return o;
  }
  static Problem problem(ElementType type) { return valid_problem(type, fake(kFakeInput), fake(kFakeOutput)); }
};

TEST_P(ComputeOptions, RejectsUnknownTiles) {
  for (int tile : {48, 16, 96, 256, -32, 1}) {
    SCOPED_TRACE("tile " + std::to_string(tile));
    EXPECT_TRUE(ThrowsSatError(
        [&] {
          compute(problem(ElementType::U8ToU32), options(tile), fake(kFakeWorkspace), std::size_t(1) << 40, nullptr);
        },
        ErrorCode::InvalidArgument, "sat::compute", {"tile", "(got " + std::to_string(tile) + ")"}));
  }
}

TEST_P(ComputeOptions, RejectsAWorkspaceSmallerThanWorkspaceSize) {
  bool tested = false;
  for (ElementType t : kAllElementTypes) {
    SCOPED_TRACE(to_string(t));
    const Problem p = problem(t);
    const std::size_t needed = workspace_size(t, p.extent, options());
    if (needed == 0) continue;  // nothing can be too small
    tested = true;
    for (std::size_t given : {needed - 1, needed / 2, std::size_t(0)}) {
      SCOPED_TRACE("given " + std::to_string(given) + " of " + std::to_string(needed) + " bytes");
      EXPECT_TRUE(ThrowsSatError([&] { compute(p, options(), fake(kFakeWorkspace), given, nullptr); },
                                 ErrorCode::WorkspaceTooSmall, "sat::compute",
                                 {"workspace", std::to_string(given), std::to_string(needed)}));
    }
  }
  if (!tested) GTEST_SKIP() << "needs no workspace for any type";
}

// The workspace is sized for the extent: the size for a smaller image is not enough for a larger.
TEST_P(ComputeOptions, RejectsAWorkspaceSizedForASmallerImage) {
  const ElementType t = ElementType::F32ToF32;
  Problem p = problem(t);
  p.extent = {1000, 1000};  // many tiles of every size; 4 MB planes, still far apart
  p.input_pitch = p.output_pitch = 4000;
  const std::size_t small = workspace_size(t, {1, 1}, options());
  const std::size_t needed = workspace_size(t, p.extent, options());
  if (needed <= small) GTEST_SKIP() << "workspace does not grow with the extent for this algorithm";
  EXPECT_TRUE(ThrowsSatError([&] { compute(p, options(), fake(kFakeWorkspace), small, nullptr); },
                             ErrorCode::WorkspaceTooSmall, "sat::compute", {std::to_string(needed)}));
}

TEST_P(ComputeOptions, RejectsANullWorkspace) {
  bool tested = false;
  for (ElementType t : kAllElementTypes) {
    SCOPED_TRACE(to_string(t));
    const Problem p = problem(t);
    const std::size_t needed = workspace_size(t, p.extent, options());
    if (needed == 0) continue;  // a null workspace is fine then
    tested = true;
    for (std::size_t given : {needed, needed + 1000}) {
      EXPECT_TRUE(ThrowsSatError([&] { compute(p, options(), nullptr, given, nullptr); }, ErrorCode::InvalidArgument,
                                 "sat::compute", {"workspace pointer is null"}));
    }
  }
  if (!tested) GTEST_SKIP() << "needs no workspace for any type";
}

TEST_P(ComputeOptions, RejectsAnUnknownAlgorithm) {
  Options o = options();
  o.algorithm = static_cast<Algorithm>(42);
  EXPECT_TRUE(ThrowsSatError(
      [&] { compute(problem(ElementType::U8ToU32), o, fake(kFakeWorkspace), std::size_t(1) << 40, nullptr); },
      ErrorCode::InvalidArgument, "sat::compute", {"unknown algorithm", "42"}));
}

INSTANTIATE_TEST_SUITE_P(AllAlgorithms, ComputeOptions, ::testing::ValuesIn(kAllAlgorithms),
                         [](const ::testing::TestParamInfo<Algorithm>& p) { return test::short_name(p.param); });

// Unsupported and hybrid_r: only the tiled algorithms, only (1+r)R1W.
class ComputeTiled : public ::testing::TestWithParam<Algorithm> {};

TEST_P(ComputeTiled, Rejects16ByteOutputsAtTile128AsUnsupported) {
  Options opt;
  opt.algorithm = GetParam();
  opt.tile = 128;
  for (ElementType t :
       {ElementType::U8x4ToU32x4, ElementType::U8ToSumSq, ElementType::U16ToSumSq, ElementType::U16x4ToU32x4}) {
    SCOPED_TRACE(to_string(t));
    const Problem p = valid_problem(t, fake(kFakeInput), fake(kFakeOutput));
    EXPECT_TRUE(ThrowsSatError([&] { compute(p, opt, fake(kFakeWorkspace), std::size_t(1) << 40, nullptr); },
                               ErrorCode::Unsupported, "sat::compute",
                               {"does not support", to_string(GetParam()), to_string(t), "128"}));
  }
}

std::vector<Algorithm> tiled_algorithms() {
  std::vector<Algorithm> out;
  for (Algorithm a : kAllAlgorithms)
    if (is_tiled(a)) out.push_back(a);
  return out;
}

INSTANTIATE_TEST_SUITE_P(TiledAlgorithms, ComputeTiled, ::testing::ValuesIn(tiled_algorithms()),
                         [](const ::testing::TestParamInfo<Algorithm>& p) { return test::short_name(p.param); });

TEST(ComputeHybrid, RejectsHybridROutsideTheOpenUnitInterval) {
  Options opt;
  opt.algorithm = Algorithm::Hybrid1R1W;
  const Problem p = valid_problem(ElementType::F32ToF32, fake(kFakeInput), fake(kFakeOutput));
  for (double r :
       {0.0, 1.0, -0.5, 1.5, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
    SCOPED_TRACE("hybrid_r = " + std::to_string(r));
    opt.hybrid_r = r;
    EXPECT_TRUE(ThrowsSatError([&] { compute(p, opt, fake(kFakeWorkspace), std::size_t(1) << 40, nullptr); },
                               ErrorCode::InvalidArgument, "sat::compute", {"hybrid_r", "(0, 1)"}));
  }
}

// The default algorithm needs a workspace, so the two tests above are not vacuous.
TEST(ComputeWorkspace, DefaultAlgorithmNeedsOneSoWorkspaceChecksAreExercised) {
  EXPECT_GT(workspace_size(ElementType::U8ToU32, kExtent, Options{}), 0u);
}

// ---------------------------------------------------------------------------------------------
// The CPU paths: the same problem checks on host memory.

// Host memory for the CPU cases: 64 KiB-aligned input and output arenas, large enough for the
// default problem of any type (so a check that slipped would compute, not crash).
struct HostArena {
  static constexpr std::size_t kBytes = std::size_t(1) << 20;
  std::unique_ptr<unsigned char[]> storage{new unsigned char[3 * kBytes]()};
  unsigned char* aligned() const {
    const auto p = reinterpret_cast<std::uintptr_t>(storage.get());
    return reinterpret_cast<unsigned char*>((p + 0xFFFF) & ~std::uintptr_t(0xFFFF));
  }
  const void* input() const { return aligned(); }
  void* output() const { return aligned() + kBytes; }
};

enum class CpuPath { Reference, Parallel };

struct CpuCase {
  CpuPath path;
  BadProblem bad;
};

std::vector<CpuCase> cpu_cases() {
  std::vector<CpuCase> out;
  for (CpuPath path : {CpuPath::Reference, CpuPath::Parallel})
    for (const BadProblem& b : bad_problems()) {
      if (b.name == "TooLargeForTileIndices") continue;  // host pointers: tested separately
      out.push_back({path, b});
    }
  return out;
}

void PrintTo(const CpuCase& c, std::ostream* os) {
  *os << (c.path == CpuPath::Reference ? "cpu_reference " : "cpu_parallel ") << c.bad.name;
}

class CpuRejects : public ::testing::TestWithParam<CpuCase> {};

TEST_P(CpuRejects, BadProblem) {
  const CpuCase& c = GetParam();
  HostArena arena;
  Problem p = valid_problem(c.bad.type, arena.input(), arena.output());
  c.bad.mutate(p);
  if (c.path == CpuPath::Reference) {
    EXPECT_TRUE(
        ThrowsSatError([&] { cpu_reference(p); }, ErrorCode::InvalidArgument, "sat::cpu_reference", c.bad.words));
  } else {
    for (int threads : {0, 1, 4}) {
      SCOPED_TRACE("threads " + std::to_string(threads));
      EXPECT_TRUE(ThrowsSatError([&] { cpu_parallel(p, threads); }, ErrorCode::InvalidArgument, "sat::cpu_parallel",
                                 c.bad.words));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(CpuPaths, CpuRejects, ::testing::ValuesIn(cpu_cases()),
                         [](const ::testing::TestParamInfo<CpuCase>& p) {
                           return std::string(p.param.path == CpuPath::Reference ? "Reference_" : "Parallel_") +
                                  p.param.bad.name;
                         });

TEST(CpuRejectsMore, ImagesTooLargeForTileIndicesBeforeTouchingMemory) {
  Problem p = valid_problem(ElementType::U8ToU32, fake(kFakeInput), fake(kFakeOutput));
  p.extent = {1 << 21, 1 << 21};
  EXPECT_TRUE(
      ThrowsSatError([&] { cpu_reference(p); }, ErrorCode::InvalidArgument, "sat::cpu_reference", {"too large"}));
  EXPECT_TRUE(ThrowsSatError([&] { cpu_parallel(p); }, ErrorCode::InvalidArgument, "sat::cpu_parallel", {"too large"}));
}

TEST(CpuRejectsMore, NegativeThreadCount) {
  HostArena arena;
  const Problem p = valid_problem(ElementType::U8ToU32, arena.input(), arena.output());
  for (int threads : {-1, -100}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    EXPECT_TRUE(ThrowsSatError([&] { cpu_parallel(p, threads); }, ErrorCode::InvalidArgument, "sat::cpu_parallel",
                               {"threads", "(got " + std::to_string(threads) + ")"}));
  }
}

// Output right after the input's last pixel, sharing the input's last row padding: touching
// but not overlapping is fine. (Host memory: checked through cpu_reference.)
TEST(CpuAccepts, AdjacentInputAndOutput) {
  HostArena arena;
  const ElementType t = ElementType::U8ToU32;
  Problem p = valid_problem(t, arena.input(), arena.output());
  p.input_pitch = std::size_t(p.extent.width);  // packed u8
  auto* in = static_cast<unsigned char*>(const_cast<void*>(p.input));
  const std::size_t in_bytes = p.input_pitch * std::size_t(p.extent.height);
  for (std::size_t k = 0; k < in_bytes; ++k) in[k] = static_cast<unsigned char>(k * 7 + 1);
  p.output = in + in_bytes;  // 64 KiB-aligned base + 64·48: 4-byte aligned
  p.output_pitch = std::size_t(p.extent.width) * 4;
  ASSERT_NO_THROW(cpu_reference(p));
  test::HostImage img;
  img.type = t;
  img.extent = p.extent;
  img.bytes.assign(in, in + in_bytes);
  const test::Comparison cmp = test::compare_output(test::reference_sat(img), p.output, p.output_pitch);
  EXPECT_TRUE(cmp.ok) << cmp.message;
}

// ---------------------------------------------------------------------------------------------
// Overflow-checked sizes: batches, workspace sizes and filter images.

TEST(CheckedSize, MultiplyAndAddReportOverflow) {
  using detail::checked_add;
  using detail::checked_mul;
  EXPECT_EQ(checked_mul(std::size_t(1) << 31, std::size_t(1) << 32), std::size_t(1) << 63);
  EXPECT_FALSE(checked_mul(std::size_t(1) << 32, std::size_t(1) << 32));
  EXPECT_FALSE(checked_mul(SIZE_MAX / 8, 15));
  EXPECT_EQ(checked_mul(SIZE_MAX, 0), 0u);
  EXPECT_EQ(checked_add(SIZE_MAX - 1, 1), SIZE_MAX);
  EXPECT_FALSE(checked_add(SIZE_MAX, 1));
}

// A plane stride whose last plane lies beyond the address space: rejected by every batch entry
// point before any plane is touched.
TEST(BatchRejects, PlaneStridesThatOverflowTheAddressSpace) {
  HostArena arena;
  const ElementType t = ElementType::U8ToU32;
  const Problem p = valid_problem(t, arena.input(), arena.output());
  const std::size_t in_plane = p.input_pitch * std::size_t(p.extent.height);
  const std::size_t out_plane = p.output_pitch * std::size_t(p.extent.height);
  struct Case {
    const char* what;
    Batch batch;
    std::vector<std::string> words;
  };
  const std::vector<Case> cases{
      {"input stride 2^62 x 7", {8, std::size_t(1) << 62, out_plane}, {"input plane stride", "does not fit"}},
      {"input stride SIZE_MAX/2", {3, SIZE_MAX / 2, out_plane}, {"input plane stride", "does not fit"}},
      {"output stride 2^61 x 15", {16, in_plane, std::size_t(1) << 61}, {"output plane stride", "does not fit"}},
      // Fits in size_t, but the last plane ends past the top of the address space.
      {"output stride 2^59 x 15 from a high base",
       {16, in_plane, std::size_t(1) << 59},
       {"output plane stride", "does not fit"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    Problem q = p;
    if (std::string(c.what).find("high base") != std::string::npos)
      q.output = fake(std::uintptr_t(3) << 62);  // 1.5 × 2^63 + 15 × 2^59 > 2^64
    EXPECT_TRUE(ThrowsSatError([&] { cpu_parallel_batch(q, c.batch, 1); }, ErrorCode::InvalidArgument,
                               "sat::cpu_parallel_batch", c.words));
    Problem f = q;
    f.input = fake(kFakeInput);
    if (f.output == p.output) f.output = fake(kFakeOutput);
    EXPECT_TRUE(ThrowsSatError(
        [&] { compute_batch(f, c.batch, Options{}, fake(kFakeWorkspace), std::size_t(1) << 40, nullptr); },
        ErrorCode::InvalidArgument, "sat::compute_batch", c.words));
  }
}

// Extents and plane counts whose tile count overflows: an error, never a wrapped size.
TEST(WorkspaceSizeRejects, ExtentsAndPlaneCountsWhoseSizesOverflow) {
  for (Algorithm a : kAllAlgorithms) {
    SCOPED_TRACE(to_string(a));
    const Options o{a};
    // INT_MAX wrapped the tile rounding (a workspace of 2^64 - 2^36 bytes); 2^20 x 2^21 is too
    // many tiles.
    for (Extent e : {Extent{INT_MAX, 1}, Extent{1, INT_MAX}, Extent{INT_MAX, INT_MAX}, Extent{(1 << 30) + 1, 1},
                     Extent{1 << 20, 1 << 21}}) {
      SCOPED_TRACE(std::to_string(e.width) + "x" + std::to_string(e.height));
      EXPECT_TRUE(ThrowsSatError([&] { workspace_size(ElementType::U8ToSumSq, e, o); }, ErrorCode::InvalidArgument,
                                 "sat::workspace_size", {"too large"}));
    }
    for (int planes : {INT_MAX, 1 << 20}) {
      SCOPED_TRACE("planes " + std::to_string(planes));
      EXPECT_TRUE(ThrowsSatError(
          [&] {
            batch_workspace_size(ElementType::F32ToF32, {4096, 4096}, planes, o);
          },
          ErrorCode::InvalidArgument, "sat::batch_workspace_size", {"too many"}));
    }
  }
}

// The filters bound each image's span the same way (CPU backend: a check that slipped would
// read or write far outside the buffers).
TEST(FilterRejects, PitchesWhoseSpanOverflowsTheAddressSpace) {
  FilterEngine engine(Backend::Cpu, {16, 16});
  std::vector<uint8_t> src(16 * 16, 7), dst(16 * 16);
  const ConstImage8 good_src{src.data(), 16, 16, 16, 1};
  const Image8 good_dst{dst.data(), 16, 16, 16, 1};
  for (std::size_t pitch : {std::size_t(1) << 60, SIZE_MAX / 8, SIZE_MAX}) {
    SCOPED_TRACE("pitch " + std::to_string(pitch));
    ConstImage8 s = good_src;
    s.pitch = pitch;
    Image8 d = good_dst;
    d.pitch = pitch;
    const std::vector<std::string> src_words{"src pitch " + std::to_string(pitch), "does not fit"};
    const std::vector<std::string> dst_words{"dst pitch " + std::to_string(pitch), "does not fit"};
    EXPECT_TRUE(ThrowsSatError(
        [&] {
          engine.box_blur(s, good_dst, {3, 3});
        },
        ErrorCode::InvalidArgument, "sat::FilterEngine::box_blur", src_words));
    EXPECT_TRUE(ThrowsSatError(
        [&] {
          engine.box_blur(good_src, d, {3, 3});
        },
        ErrorCode::InvalidArgument, "sat::FilterEngine::box_blur", dst_words));
    EXPECT_TRUE(ThrowsSatError(
        [&] {
          engine.threshold_mean_c(good_src, d, {3, 2.0});
        },
        ErrorCode::InvalidArgument, "sat::FilterEngine::threshold_mean_c", dst_words));
    EXPECT_TRUE(ThrowsSatError([&] { engine.threshold_sauvola(s, good_dst, {3}); }, ErrorCode::InvalidArgument,
                               "sat::FilterEngine::threshold_sauvola", src_words));
    EXPECT_TRUE(ThrowsSatError([&] { engine.threshold_bradley(good_src, d, {3}); }, ErrorCode::InvalidArgument,
                               "sat::FilterEngine::threshold_bradley", dst_words));
  }
  // The span fits, the end does not.
  Image8 high = good_dst;
  high.data = reinterpret_cast<uint8_t*>(UINTPTR_MAX - 100);
  EXPECT_TRUE(ThrowsSatError(
      [&] {
        engine.box_blur(good_src, high, {3, 3});
      },
      ErrorCode::InvalidArgument, "sat::FilterEngine::box_blur",
      {"dst plane", "runs past the end of the address space"}));
}

// The tilted table stays u8 → u32 and f32 → f32: 16-bit inputs are refused naming the type.
TEST(TiltedRejects, SixteenBitInputs) {
  Options opt;
  opt.table = Table::Tilted;
  for (ElementType t :
       {ElementType::U16ToU32, ElementType::U16ToU64, ElementType::U16ToSumSq, ElementType::U16x4ToU32x4}) {
    SCOPED_TRACE(to_string(t));
    EXPECT_FALSE(supports(Table::Tilted, t));
    EXPECT_TRUE(supports(Table::Upright, t));
    EXPECT_TRUE(ThrowsSatError([&] { workspace_size(t, kExtent, opt); }, ErrorCode::Unsupported, "sat::workspace_size",
                               {"tilted", to_string(t)}));
  }
}

// Foreground 0 would equal the background: every surface (satfilter, C, C++, Python) takes 1..255.
TEST(FilterRejects, MaxValueZero) {
  FilterEngine engine(Backend::Cpu, {8, 8});
  std::vector<uint8_t> src(64, 7), dst(64);
  const ConstImage8 s{src.data(), 8, 8, 8, 1};
  const Image8 d{dst.data(), 8, 8, 8, 1};
  const std::vector<std::string> words{"max_value must be in 1..255", "(got 0)"};
  EXPECT_TRUE(ThrowsSatError(
      [&] {
        engine.threshold_mean_c(s, d, {3, 2.0, false, 0});
      },
      ErrorCode::InvalidArgument, "sat::FilterEngine::threshold_mean_c", words));
  EXPECT_TRUE(ThrowsSatError(
      [&] {
        engine.threshold_sauvola(s, d, {3, 0.2, 0.0, 0});
      },
      ErrorCode::InvalidArgument, "sat::FilterEngine::threshold_sauvola", words));
  EXPECT_TRUE(ThrowsSatError(
      [&] {
        engine.threshold_bradley(s, d, {3, 15.0, 0});
      },
      ErrorCode::InvalidArgument, "sat::FilterEngine::threshold_bradley", words));
  EXPECT_NO_THROW(engine.threshold_bradley(s, d, {3, 15.0, 1}));
}

}  // namespace
}  // namespace sat
