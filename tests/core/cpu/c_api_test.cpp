// The C ABI (sat/sat_c.h): from C (c_abi_probe.c), and each function's mapping onto the C++ API —
// values, batches, statuses with the C++ error codes, the thread-local message, names, the
// filters on the CPU backend bit-identical to sat::FilterEngine, and what of sat_workspace and
// sat_compute_in needs no GPU (its GPU results: workspace_gpu_test.cpp).
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "batch_layout.h"
#include "cuda_test_support.h"
#include "sat/filters.h"
#include "sat/sat.h"
#include "sat/sat_c.h"
#include "sat_test_util.h"

// The deprecated per-filter entry points are checked here too (they must keep working).
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

extern "C" int sat_c_abi_probe(void);

namespace sat {
namespace {

TEST(CAbi, WorksFromC) { EXPECT_EQ(sat_c_abi_probe(), 0) << "number of the first failed check in c_abi_probe.c"; }

TEST(CAbi, VersionNamesAndSizes) {
  EXPECT_STREQ(sat_version(), "0.2.0");
  EXPECT_STREQ(sat_algorithm_name(SAT_ALGORITHM_1R1W_SKSS_LB), "1r1w-skss-lb");
  EXPECT_EQ(sat_algorithm_name(99), nullptr);
  int a = -1;
  EXPECT_EQ(sat_parse_algorithm("2r1w", &a), SAT_OK);
  EXPECT_EQ(a, SAT_ALGORITHM_2R1W);
  EXPECT_EQ(sat_parse_algorithm("3r3w", &a), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(sat_last_error()).find("3r3w"), std::string::npos) << sat_last_error();
  EXPECT_EQ(sat_input_element_size(SAT_U8X4_TO_U32X4), 4u);
  EXPECT_EQ(sat_output_element_size(SAT_U8_TO_SUMSQ), 16u);
  EXPECT_EQ(sat_output_element_size(42), 0u);
  const sat_options o = sat_default_options();
  EXPECT_EQ(o.algorithm, SAT_ALGORITHM_1R1W_SKSS_LB);
  EXPECT_EQ(o.tile, 0);
  EXPECT_STREQ(sat_status_name(SAT_ERROR_WORKSPACE_TOO_SMALL), "workspace too small");
  EXPECT_STREQ(sat_status_name(SAT_ERROR_INTERNAL), "internal error");
  EXPECT_STREQ(sat_status_name(sat_status(77)), "unknown status");
}

TEST(CAbi, WorkspaceSizeIsTheCppOne) {
  const sat_problem p{SAT_F32_TO_F32, 1000, 700, nullptr, 0, nullptr, 0};
  sat_options o = sat_default_options();
  for (int algorithm = 0; sat_algorithm_name(algorithm); ++algorithm) {
    o.algorithm = algorithm;
    std::size_t bytes = 1;
    ASSERT_EQ(sat_workspace_size(&p, &o, 5, &bytes), SAT_OK) << sat_last_error();
    EXPECT_EQ(bytes, batch_workspace_size(ElementType::F32ToF32, {1000, 700}, 5, Options{Algorithm(algorithm)}));
  }
  o.tile = 48;
  std::size_t bytes = 0;
  EXPECT_EQ(sat_workspace_size(&p, &o, 1, &bytes), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(sat_last_error()).find("tile must be"), std::string::npos) << sat_last_error();
  EXPECT_EQ(sat_workspace_size(nullptr, &o, 1, &bytes), SAT_ERROR_INVALID_ARGUMENT);
}

TEST(CAbi, CpuBatchMatchesTheReference) {
  for (ElementType type : kAllElementTypes) {
    const test::HostBatch b = test::random_batch(type, {45, 23}, 3, test::mix_seed(test::master_seed(), 7));
    std::vector<unsigned char> out(b.layout.out_bytes(), test::kBatchOutputPoison);
    const sat_problem p{int(type), 45, 23, b.input.data(), b.layout.in_pitch, out.data(), b.layout.out_pitch};
    const sat_batch batch{3, b.layout.in_stride, b.layout.out_stride};
    ASSERT_EQ(sat_cpu_compute(&p, &batch, 2), SAT_OK) << sat_last_error();
    const std::string problem = test::check_batch_output(b, out.data(), 8);
    EXPECT_TRUE(problem.empty()) << to_string(type) << ": " << problem;
  }
}

TEST(CAbi, TiltedTableIsTheCppOne) {
  EXPECT_EQ(sat_default_options().table, SAT_TABLE_UPRIGHT);
  const int w = 37, h = 21;
  std::vector<uint8_t> in(std::size_t(w) * h);
  for (std::size_t k = 0; k < in.size(); ++k) in[k] = uint8_t(k * 2654435761u >> 13);
  std::vector<uint32_t> expected(std::size_t(w + 1) * (h + 1)), got(expected.size(), 0xDEADBEEF);
  cpu_tilted({ElementType::U8ToU32, {w, h}, in.data(), std::size_t(w), expected.data(), (w + 1) * 4});
  const sat_problem p{SAT_U8_TO_U32, w, h, in.data(), std::size_t(w), got.data(), std::size_t(w + 1) * 4};
  ASSERT_EQ(sat_cpu_compute_tilted(&p, nullptr), SAT_OK) << sat_last_error();
  EXPECT_EQ(got, expected);
  // The workspace of the tilted table, and a type it does not offer.
  sat_options o = sat_default_options();
  o.table = SAT_TABLE_TILTED;
  std::size_t bytes = 0;
  ASSERT_EQ(sat_workspace_size(&p, &o, 1, &bytes), SAT_OK) << sat_last_error();
  Options cpp;
  cpp.table = Table::Tilted;
  EXPECT_EQ(bytes, workspace_size(ElementType::U8ToU32, {w, h}, cpp));
  const sat_problem rgba{SAT_U8X4_TO_U32X4, w, h, in.data(), std::size_t(w) * 4, got.data(), std::size_t(w + 1) * 16};
  EXPECT_EQ(sat_workspace_size(&rgba, &o, 1, &bytes), SAT_ERROR_UNSUPPORTED);
  EXPECT_NE(std::string(sat_last_error()).find("tilted"), std::string::npos) << sat_last_error();
  o.table = 7;
  EXPECT_EQ(sat_workspace_size(&p, &o, 1, &bytes), SAT_ERROR_INVALID_ARGUMENT);
}

TEST(CAbi, StatusesFollowTheErrorCodes) {
  std::vector<uint8_t> in(64, 1);
  std::vector<uint32_t> out(64);
  sat_problem p{SAT_U8_TO_U32, 8, 8, in.data(), 8, out.data(), 32};
  const sat_batch overlapping{2, 64, 16};
  EXPECT_EQ(sat_cpu_compute(&p, &overlapping, 1), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(sat_last_error()).find("sat::cpu_parallel_batch"), std::string::npos) << sat_last_error();
  EXPECT_EQ(sat_cpu_compute(&p, nullptr, 1), SAT_OK);
  EXPECT_STREQ(sat_last_error(), "") << "a successful call clears the message";
  sat_options o = sat_default_options();
  o.tile = 128;
  p.type = SAT_U8X4_TO_U32X4;
  std::size_t bytes = 0;
  EXPECT_EQ(sat_workspace_size(&p, &o, 1, &bytes), SAT_ERROR_UNSUPPORTED) << sat_last_error();
  // No GPU call is made here: a GPU-less machine must still report a bad request as such.
  p.type = SAT_U8_TO_U32;
  p.width = -3;
  EXPECT_EQ(sat_compute(&p, nullptr, nullptr, nullptr, 0, nullptr), SAT_ERROR_INVALID_ARGUMENT);
}

// The message alone, for callers that name the failed function in their own words.
TEST(CAbi, LastErrorMessageIsTheTextWithoutTheCall) {
  sat_problem p = {};
  p.type = SAT_U8_TO_U32;
  p.width = 0;
  p.height = 4;
  std::size_t bytes = 0;
  const sat_options o = sat_default_options();
  ASSERT_EQ(sat_workspace_size(&p, &o, 1, &bytes), SAT_ERROR_INVALID_ARGUMENT);
  const std::string text = sat_last_error(), message = sat_last_error_message();
  EXPECT_FALSE(message.empty());
  EXPECT_EQ(message.rfind("sat", 0), std::string::npos) << message;
  EXPECT_EQ(text.substr(text.size() - message.size()), message) << text;
  EXPECT_NE(text, message);
  ASSERT_EQ(sat_workspace_size(nullptr, &o, 1, &bytes), SAT_ERROR_INVALID_ARGUMENT);
  p.width = 4;
  ASSERT_EQ(sat_workspace_size(&p, &o, 1, &bytes), SAT_OK);
  EXPECT_STREQ(sat_last_error_message(), "");
}

TEST(CAbi, LastErrorIsPerThread) {
  sat_problem bad{SAT_U8_TO_U32, 0, 1, nullptr, 0, nullptr, 0};
  ASSERT_EQ(sat_cpu_compute(&bad, nullptr, 1), SAT_ERROR_INVALID_ARGUMENT);
  std::string other;
  std::thread([&] { other = sat_last_error(); }).join();
  EXPECT_EQ(other, "");
  EXPECT_NE(std::string(sat_last_error()), "");
}

TEST(CAbi, WorkspaceCreateAndDestroy) {
  sat_workspace* ws = nullptr;
  ASSERT_EQ(sat_workspace_create(&ws), SAT_OK) << sat_last_error();
  ASSERT_NE(ws, nullptr);
  EXPECT_EQ(sat_workspace_bytes(ws), 0u) << "a new workspace holds no device memory";
  sat_workspace* other = nullptr;
  ASSERT_EQ(sat_workspace_create(&other), SAT_OK);
  EXPECT_NE(other, ws);
  sat_workspace_destroy(other);
  sat_workspace_destroy(ws);
  sat_workspace_destroy(nullptr);
  EXPECT_EQ(sat_workspace_bytes(nullptr), 0u);
  EXPECT_EQ(sat_workspace_create(nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(sat_last_error(), "sat_workspace_create: result pointer is null");
}

TEST(CAbi, ComputeInNullArguments) {
  sat_workspace* ws = nullptr;
  ASSERT_EQ(sat_workspace_create(&ws), SAT_OK);
  std::vector<uint8_t> in(64, 1);
  std::vector<uint32_t> out(64);
  const sat_problem p{SAT_U8_TO_U32, 8, 8, in.data(), 8, out.data(), 32};
  EXPECT_EQ(sat_compute_in(nullptr, &p, nullptr, nullptr, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(sat_last_error(), "sat_compute_in: workspace is null");
  EXPECT_EQ(sat_compute_in(ws, nullptr, nullptr, nullptr, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(sat_last_error(), "sat_compute_in: problem is null");
  EXPECT_EQ(sat_workspace_bytes(ws), 0u);
  sat_workspace_destroy(ws);
}

// Bad requests are reported by sat_compute_in exactly as by sat_compute (status and message),
// before anything is allocated or launched: no GPU is needed to see them.
TEST(CAbi, ComputeInRejectsWhatComputeRejects) {
  std::vector<uint8_t> in(4096, 1);
  std::vector<uint32_t> out(4096);
  const sat_problem good{SAT_U8_TO_U32, 8, 8, in.data(), 8, out.data(), 32};
  const sat_options defaults = sat_default_options();
  struct Bad {
    const char* what;
    sat_problem problem;
    sat_batch batch;
    sat_options options;
    sat_status status;
    const char* message;  // part of the expected message
  };
  std::vector<Bad> bad;
  // A good request, spoilt by the caller (the reference holds until the next add).
  const auto add = [&](const char* what, const char* message, sat_status status = SAT_ERROR_INVALID_ARGUMENT) -> Bad& {
    return bad.emplace_back(Bad{what, good, {1, 0, 0}, defaults, status, message});
  };
  add("width 0", "width must be >= 1").problem.width = 0;
  add("height -2", "height must be >= 1").problem.height = -2;
  add("type 42", "unknown element type").problem.type = 42;
  add("null input", "input pointer is null").problem.input = nullptr;
  add("null output", "output pointer is null").problem.output = nullptr;
  add("short output pitch", "smaller than a row").problem.output_pitch = 28;
  add("output over the input", "input and output overlap").problem.output = in.data();
  add("algorithm 99", "unknown algorithm").options.algorithm = 99;
  add("tile 48", "tile must be").options.tile = 48;
  add("(1+r)R1W with r 1.5", "hybrid_r must be in (0, 1)").options = {SAT_ALGORITHM_HYBRID_1R1W, 0, 1.5,
                                                                      SAT_TABLE_UPRIGHT};
  Bad& u8x4 = add("u8x4 at tile 128", "does not support", SAT_ERROR_UNSUPPORTED);
  u8x4.problem.type = SAT_U8X4_TO_U32X4;
  u8x4.options.tile = 128;
  add("0 planes", "planes must be >= 1").batch.planes = 0;
  add("overlapping output planes", "output planes would overlap").batch = {3, 64, 16};
  sat_workspace* ws = nullptr;
  ASSERT_EQ(sat_workspace_create(&ws), SAT_OK);
  for (const Bad& b : bad) {
    SCOPED_TRACE(b.what);
    ASSERT_EQ(sat_compute(&b.problem, &b.batch, &b.options, nullptr, 0, nullptr), b.status);
    const std::string expected = sat_last_error();
    EXPECT_NE(expected.find(b.message), std::string::npos) << expected;
    EXPECT_EQ(sat_compute_in(ws, &b.problem, &b.batch, &b.options, nullptr), b.status);
    EXPECT_EQ(sat_last_error(), expected);
    EXPECT_EQ(sat_workspace_bytes(ws), 0u) << "a rejected call allocated";
  }
  sat_workspace_destroy(ws);
}

// Without a device, a valid request fails where the workspace would be allocated: a CUDA status
// (not a crash), the workspace still empty and usable. (With a device, the GPU suite runs it.)
TEST(CAbi, ComputeInWithoutADeviceIsACudaError) {
  if (test::has_cuda_device()) GTEST_SKIP() << "a CUDA device is present (satcore_gpu_tests covers sat_compute_in)";
  std::vector<uint8_t> in(64, 1);
  std::vector<uint32_t> out(64);
  const sat_problem p{SAT_U8_TO_U32, 8, 8, in.data(), 8, out.data(), 32};
  sat_workspace* ws = nullptr;
  ASSERT_EQ(sat_workspace_create(&ws), SAT_OK);
  for (int attempt = 0; attempt < 2; ++attempt) {
    EXPECT_EQ(sat_compute_in(ws, &p, nullptr, nullptr, nullptr), SAT_ERROR_CUDA) << sat_last_error();
    EXPECT_STRNE(sat_last_error(), "");
    EXPECT_EQ(sat_workspace_bytes(ws), 0u);
  }
  sat_workspace_destroy(ws);
}

TEST(CAbi, FiltersMatchTheEngine) {
  const int w = 61, h = 37;
  const test::HostImage gray =
      test::random_input(ElementType::U8ToU32, {w, h}, test::mix_seed(test::master_seed(), 11));
  std::vector<uint8_t> src(gray.bytes.begin(), gray.bytes.end());
  std::vector<uint8_t> via_c(std::size_t(w * h)), via_cpp(std::size_t(w * h));
  sat_filter_engine* engine = nullptr;
  ASSERT_EQ(sat_filter_engine_create(SAT_BACKEND_CPU, w, h, nullptr, &engine), SAT_OK) << sat_last_error();
  FilterEngine cpp(Backend::Cpu, {w, h});
  const sat_image8 s{src.data(), std::size_t(w), w, h, 1}, d{via_c.data(), std::size_t(w), w, h, 1};
  const ConstImage8 cs{src.data(), std::size_t(w), w, h, 1};
  const Image8 cd{via_cpp.data(), std::size_t(w), w, h, 1};

  ASSERT_EQ(sat_box_blur(engine, &s, &d, 7, 5, SAT_BORDER_REPLICATE, nullptr), SAT_OK) << sat_last_error();
  cpp.box_blur(cs, cd, {7, 5, Border::Replicate});
  EXPECT_EQ(via_c, via_cpp) << "box";
  ASSERT_EQ(sat_threshold_mean_c(engine, &s, &d, 11, 2.5, 1, 200, nullptr), SAT_OK) << sat_last_error();
  cpp.threshold_mean_c(cs, cd, {11, 2.5, true, 200});
  EXPECT_EQ(via_c, via_cpp) << "mean-C";
  ASSERT_EQ(sat_threshold_sauvola(engine, &s, &d, 15, 0.3, 100.0, 255, nullptr), SAT_OK) << sat_last_error();
  cpp.threshold_sauvola(cs, cd, {15, 0.3, 100.0, 255});
  EXPECT_EQ(via_c, via_cpp) << "Sauvola";
  ASSERT_EQ(sat_threshold_bradley(engine, &s, &d, 9, 12.0, 255, nullptr), SAT_OK) << sat_last_error();
  cpp.threshold_bradley(cs, cd, {9, 12.0, 255});
  EXPECT_EQ(via_c, via_cpp) << "Bradley";

  EXPECT_EQ(sat_threshold_mean_c(engine, &s, &d, 4, 2.0, 0, 255, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(sat_last_error()).find("block"), std::string::npos) << sat_last_error();
  EXPECT_EQ(sat_box_blur(nullptr, &s, &d, 3, 3, 0, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(sat_box_blur(engine, &s, &d, 3, 3, 7, nullptr), SAT_ERROR_INVALID_ARGUMENT) << "unknown border";
  sat_filter_engine_destroy(engine);
  sat_filter_engine_destroy(nullptr);

  sat_filter_engine* none = reinterpret_cast<sat_filter_engine*>(&engine);
  EXPECT_EQ(sat_filter_engine_create(5, w, h, nullptr, &none), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(none, nullptr) << "a failed create leaves no engine behind";
}

// Absurd pitches and strides are reported as an invalid argument with a message naming the
// offending value — never a crash (the single-plane check once let pitch × (height − 1) wrap).
TEST(CAbi, HugePitchesAreInvalidArgumentsNotCrashes) {
  std::vector<uint8_t> in(16 * 16, 1);
  std::vector<uint32_t> out(16 * 16);
  struct Case {
    const char* what;
    sat_problem problem;
    sat_batch batch;
    const char* message;
  };
  const sat_problem good{SAT_U8_TO_U32, 16, 16, in.data(), 16, out.data(), 64};
  const auto with = [&](int height, std::size_t in_pitch, std::size_t out_pitch) {
    sat_problem p = good;
    p.height = height;
    p.input_pitch = in_pitch;
    p.output_pitch = out_pitch;
    return p;
  };
  const std::vector<Case> cases{
      {"input pitch SIZE_MAX/8", with(16, SIZE_MAX / 8, 64), {1, 0, 0}, "input pitch"},
      {"input pitch 2^60, height 16", with(16, std::size_t(1) << 60, 64), {1, 0, 0}, "input pitch"},
      {"input pitch 2^62, height 4", with(4, std::size_t(1) << 62, 64), {1, 0, 0}, "input pitch"},
      {"output pitch 2^62", with(16, 16, std::size_t(1) << 62), {1, 0, 0}, "output pitch"},
      {"input plane stride 2^62, 8 planes", good, {8, std::size_t(1) << 62, 1024}, "input plane stride"},
  };
  sat_workspace* ws = nullptr;
  ASSERT_EQ(sat_workspace_create(&ws), SAT_OK);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    const auto expect_rejected = [&](sat_status status) {
      EXPECT_EQ(status, SAT_ERROR_INVALID_ARGUMENT);
      const std::string message = sat_last_error();
      EXPECT_NE(message.find(c.message), std::string::npos) << message;
      EXPECT_NE(message.find("does not fit in the address space"), std::string::npos) << message;
    };
    expect_rejected(sat_cpu_compute(&c.problem, &c.batch, 1));
    expect_rejected(sat_cpu_compute(&c.problem, &c.batch, 0));
    expect_rejected(sat_compute(&c.problem, &c.batch, nullptr, nullptr, std::size_t(1) << 40, nullptr));
    expect_rejected(sat_compute_in(ws, &c.problem, &c.batch, nullptr, nullptr));
  }
  sat_workspace_destroy(ws);
  EXPECT_EQ(out, std::vector<uint32_t>(16 * 16)) << "a rejected call wrote the output";

  std::size_t bytes = 0;
  const sat_problem wide{SAT_U8_TO_U32, INT_MAX, 1, nullptr, 0, nullptr, 0};  // its tile count wrapped
  EXPECT_EQ(sat_workspace_size(&wide, nullptr, 1, &bytes), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(sat_last_error()).find("too large"), std::string::npos) << sat_last_error();
  const sat_problem big{SAT_U8_TO_U32, 4096, 4096, nullptr, 0, nullptr, 0};
  EXPECT_EQ(sat_workspace_size(&big, nullptr, INT_MAX, &bytes), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(sat_last_error()).find("too many"), std::string::npos) << sat_last_error();
}

TEST(CAbi, FiltersRejectHugePitchesAndMaxValueZero) {
  std::vector<uint8_t> src(16 * 16, 9), dst(16 * 16, 0);
  sat_filter_engine* engine = nullptr;
  ASSERT_EQ(sat_filter_engine_create(SAT_BACKEND_CPU, 16, 16, nullptr, &engine), SAT_OK) << sat_last_error();
  const sat_image8 s{src.data(), 16, 16, 16, 1};
  for (std::size_t pitch : {std::size_t(1) << 60, SIZE_MAX / 8}) {
    SCOPED_TRACE("dst pitch " + std::to_string(pitch));
    const sat_image8 d{dst.data(), pitch, 16, 16, 1};
    const auto expect_rejected = [&](sat_status status) {
      EXPECT_EQ(status, SAT_ERROR_INVALID_ARGUMENT);
      const std::string message = sat_last_error();
      EXPECT_NE(message.find("dst pitch " + std::to_string(pitch)), std::string::npos) << message;
      EXPECT_NE(message.find("does not fit in the address space"), std::string::npos) << message;
    };
    expect_rejected(sat_box_blur(engine, &s, &d, 3, 3, SAT_BORDER_REFLECT101, nullptr));
    expect_rejected(sat_threshold_mean_c(engine, &s, &d, 3, 2.0, 0, 255, nullptr));
    expect_rejected(sat_threshold_sauvola(engine, &s, &d, 3, 0.2, 0.0, 255, nullptr));
    expect_rejected(sat_threshold_bradley(engine, &s, &d, 3, 15.0, 255, nullptr));
    const sat_image8 huge_src{src.data(), pitch, 16, 16, 1};
    const sat_image8 good_dst{dst.data(), 16, 16, 16, 1};
    EXPECT_EQ(sat_box_blur(engine, &huge_src, &good_dst, 3, 3, SAT_BORDER_REFLECT101, nullptr),
              SAT_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(std::string(sat_last_error()).find("src pitch"), std::string::npos) << sat_last_error();
  }
  EXPECT_EQ(dst, std::vector<uint8_t>(16 * 16, 0)) << "a rejected call wrote dst";

  const sat_image8 d{dst.data(), 16, 16, 16, 1};
  EXPECT_EQ(sat_threshold_mean_c(engine, &s, &d, 3, 2.0, 0, 0, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(sat_last_error()).find("max_value must be in 1..255 (got 0)"), std::string::npos)
      << sat_last_error();
  EXPECT_EQ(sat_threshold_sauvola(engine, &s, &d, 3, 0.2, 0.0, 0, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(sat_threshold_bradley(engine, &s, &d, 3, 15.0, 0, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  sat_filter_engine_destroy(engine);
}

}  // namespace
}  // namespace sat
