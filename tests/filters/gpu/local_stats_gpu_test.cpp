// Local statistics ("local") on the CUDA backend: the CPU suite's checks against the brute-force
// reference (local_stats_cases.h), and CUDA == CPU byte for byte on larger images with every SAT
// algorithm.
#include "../local_stats_cases.h"
#include "cuda_test_support.h"

namespace sat::test {
namespace {

TEST(LocalStatsGpu, MatchesBruteForceReference) {
  SAT_REQUIRE_GPU();
  check_local_stats_matches_reference(Backend::Cuda);
}
TEST(LocalStatsGpu, ExtremeSums) {
  SAT_REQUIRE_GPU();
  check_local_stats_extreme_sums(Backend::Cuda);
}

TEST(LocalStatsGpu, CudaEqualsCpu) {
  SAT_REQUIRE_GPU();
  const Extent max{1021, 613};
  SpecRunner cpu(Backend::Cpu, max), gpu(Backend::Cuda, max);
  uint32_t seed = 2700;
  for (int cn : {1, 3, 4})
    for (int window : {1, 7, 31, 301, 4095})
      for (LocalStat output : {LocalStat::Mean, LocalStat::Variance, LocalStat::StdDev, LocalStat::Contrast}) {
        const cv::Mat src = seed % 2 ? random_image(1021, 613, cn, seed) : textured_image(1021, 613, cn, seed);
        ++seed;
        LocalStatsParams p;
        p.window = window;
        p.output = output;
        SCOPED_TRACE(describe(src) + " " + describe(FilterSpec(p)));
        EXPECT_MAT_EQ(gpu.apply(src, p), cpu.apply(src, p), "CUDA vs CPU");
      }
}

}  // namespace
}  // namespace sat::test
