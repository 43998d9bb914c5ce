// The C ABI (sat/sat_c.h): from C (c_abi_probe.c), and each function's mapping onto the C++ API —
// values, batches, statuses with the C++ error codes, the thread-local message, names, and the
// filters on the CPU backend bit-identical to sat::FilterEngine.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "batch_layout.h"
#include "sat/filters.h"
#include "sat/sat.h"
#include "sat/sat_c.h"
#include "sat_test_util.h"

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

TEST(CAbi, LastErrorIsPerThread) {
  sat_problem bad{SAT_U8_TO_U32, 0, 1, nullptr, 0, nullptr, 0};
  ASSERT_EQ(sat_cpu_compute(&bad, nullptr, 1), SAT_ERROR_INVALID_ARGUMENT);
  std::string other;
  std::thread([&] { other = sat_last_error(); }).join();
  EXPECT_EQ(other, "");
  EXPECT_NE(std::string(sat_last_error()), "");
}

TEST(CAbi, FiltersMatchTheEngine) {
  const int w = 61, h = 37;
  const test::HostImage gray = test::random_input(ElementType::U8ToU32, {w, h}, test::mix_seed(test::master_seed(), 11));
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

}  // namespace
}  // namespace sat
