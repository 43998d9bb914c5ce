// Kuwahara filter ("kuwahara") on the CUDA backend: the CPU suite's checks (kuwahara_cases.h),
// and CUDA == CPU byte for byte on larger images.
#include "../kuwahara_cases.h"
#include "cuda_test_support.h"

namespace sat::test {
namespace {

TEST(KuwaharaGpu, MatchesBruteForceReference) {
  SAT_REQUIRE_GPU();
  check_kuwahara_matches_reference(Backend::Cuda);
}
TEST(KuwaharaGpu, TiesGoToTheFirstQuadrant) {
  SAT_REQUIRE_GPU();
  check_kuwahara_ties_go_to_the_first_quadrant(Backend::Cuda);
}

TEST(KuwaharaGpu, CudaEqualsCpu) {
  SAT_REQUIRE_GPU();
  const Extent max{1021, 613};
  SpecRunner cpu(Backend::Cpu, max), gpu(Backend::Cuda, max);
  uint32_t seed = 5700;
  for (int cn : {1, 3, 4})
    for (int radius : {1, 4, 16, 700, 1024}) {
      const cv::Mat src = seed % 2 ? random_image(1021, 613, cn, seed) : textured_image(1021, 613, cn, seed);
      ++seed;
      SCOPED_TRACE(describe(src) + " radius " + std::to_string(radius));
      EXPECT_MAT_EQ(gpu.apply(src, KuwaharaParams{radius}), cpu.apply(src, KuwaharaParams{radius}), "CUDA vs CPU");
    }
}

}  // namespace
}  // namespace sat::test
