// FilterEngine::apply on the CUDA backend: specs built by name equal the named methods and the
// OpenCV / float64 references; refused specs write nothing (apply_cases.h).
#include "../apply_cases.h"
#include "cuda_test_support.h"

namespace sat::test {
namespace {

TEST(ApplyGpu, MatchesNamedMethodsAndReferences) {
  SAT_REQUIRE_GPU();
  check_apply_matches_named_methods(Backend::Cuda);
}

TEST(ApplyGpu, RefusesBeforeRunning) {
  SAT_REQUIRE_GPU();
  check_apply_refuses_before_running(Backend::Cuda);
}

// One engine per backend runs every filter in turn on images of changing sizes (its scratch
// buffers and tables reused from filter to filter): CUDA apply == CPU apply byte for byte.
TEST(ApplyGpu, SameBytesAsCpuAcrossFiltersOnOneEngine) {
  SAT_REQUIRE_GPU();
  FilterEngine cuda(Backend::Cuda, {211, 97});
  FilterEngine cpu(Backend::Cpu, {211, 97});
  cudaStream_t stream = nullptr;
  cuda_ok(cudaStreamCreate(&stream), "cudaStreamCreate");
  std::mt19937 rng(77);
  uint32_t seed = 9100;
  for (int round = 0; round < 3; ++round)
    for (std::string_view filter : {"box", "threshold", "sauvola", "bradley"})
      for (int cn : {1, 3, 4}) {
        const cv::Mat src = random_image(150 + int(rng() % 62u), 60 + int(rng() % 38u), cn, seed++);
        const FilterSpec spec = random_spec(filter, rng, std::max(src.cols, src.rows));
        SCOPED_TRACE(sat::describe(spec) + " on " + describe(src));
        EXPECT_MAT_EQ(apply_on(cuda, spec, src, stream), apply_on(cpu, spec, src, nullptr), "CUDA vs CPU apply");
      }
  cudaStreamDestroy(stream);
}

}  // namespace
}  // namespace sat::test
