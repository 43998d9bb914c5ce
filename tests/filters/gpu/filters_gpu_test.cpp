// Every filter on the CUDA backend against OpenCV 4.6 / float64 references (the same checks as
// the CPU suite, filter_cases.h), and CUDA == CPU byte for byte.
#include "../filter_cases.h"
#include "cuda_test_support.h"

namespace sat::test {
namespace {

TEST(BoxBlurGpu, MatchesOpenCvForSizesKernelsBordersChannels) {
  SAT_REQUIRE_GPU();
  check_box_blur_matches_opencv(Backend::Cuda);
}
TEST(BoxBlurGpu, EverySumOfEveryRoundingRegime) {
  SAT_REQUIRE_GPU();
  check_box_blur_every_sum(Backend::Cuda);
}
TEST(BoxBlurGpu, EverySumHorizontalKernels) {
  SAT_REQUIRE_GPU();
  check_box_blur_every_sum_horizontal(Backend::Cuda);
}
TEST(BoxBlurGpu, HugeKernels) {
  SAT_REQUIRE_GPU();
  check_box_blur_huge_kernels(Backend::Cuda);
}
TEST(BoxBlurGpu, BoxSumsBeyond32BitsOnAHugeImage) {
  SAT_REQUIRE_GPU();
  check_box_blur_huge_image(Backend::Cuda);
}
TEST(MeanCGpu, MatchesOpenCv) {
  SAT_REQUIRE_GPU();
  check_mean_c_matches_opencv(Backend::Cuda);
}
TEST(MeanCGpu, FractionalC) {
  SAT_REQUIRE_GPU();
  check_mean_c_fractional_c(Backend::Cuda);
}
TEST(SauvolaGpu, MatchesFloat64Reference) {
  SAT_REQUIRE_GPU();
  check_sauvola_matches_reference(Backend::Cuda);
}
TEST(BradleyGpu, MatchesFloat64Reference) {
  SAT_REQUIRE_GPU();
  check_bradley_matches_reference(Backend::Cuda);
}
TEST(FiltersGpu, DstLayoutsRowTailsAndBorders) {
  SAT_REQUIRE_GPU();
  check_filters_on_dst_layouts(Backend::Cuda);
}
TEST(ToGrayGpu, MatchesOpenCv) {
  SAT_REQUIRE_GPU();
  check_to_gray_matches_opencv(Backend::Cuda);
}

// CUDA and CPU give the same bytes for every filter, on larger images, with every SAT algorithm
// (tile 128 included: the 16-byte tables fall back to their default tile).
TEST(FiltersGpu, CudaEqualsCpuForEveryAlgorithm) {
  SAT_REQUIRE_GPU();
  const Extent max{700, 500};
  Runner cpu(Backend::Cpu, max);
  uint32_t seed = 77;
  for (Algorithm a : kAllAlgorithms)
    for (int tile : {0, 32, 128}) {
      if (!is_tiled(a) && tile != 0) continue;
      Options o;
      o.algorithm = a;
      o.tile = tile;
      Runner gpu(Backend::Cuda, max, o);
      SCOPED_TRACE(std::string(to_string(a)) + " tile " + std::to_string(tile));
      for (int cn : {1, 3, 4}) {
        const cv::Mat src = textured_image(643 - cn, 481 + cn, cn, seed++);
        for (Border b : {Border::Reflect101, Border::Replicate})
          for (const BoxBlurParams p :
               {BoxBlurParams{3, 3, b}, BoxBlurParams{31, 17, b}, BoxBlurParams{1000, 600, b}}) {
            const cv::Mat got = gpu.box_blur(src, p);
            EXPECT_MAT_EQ(got, cpu.box_blur(src, p), "box_blur cuda vs cpu");
            if (tile == 0 && a == Algorithm::SkssLb1R1W) EXPECT_MAT_EQ(got, reference_blur(src, p), "box_blur vs cv");
          }
        for (bool inv : {false, true}) {
          const MeanCParams p{25, 4.5, inv, 255};
          EXPECT_MAT_EQ(gpu.mean_c(src, p), cpu.mean_c(src, p), "mean_c cuda vs cpu");
        }
        const SauvolaParams sp{31, 0.3, 0.0, 255};
        EXPECT_MAT_EQ(gpu.sauvola(src, sp), cpu.sauvola(src, sp), "sauvola cuda vs cpu");
        const BradleyParams bp{40, 12.5, 255};
        EXPECT_MAT_EQ(gpu.bradley(src, bp), cpu.bradley(src, bp), "bradley cuda vs cpu");
        EXPECT_MAT_EQ(gpu.to_gray(src), cpu.to_gray(src), "to_gray cuda vs cpu");
      }
    }
}

TEST(FiltersGpu, SetSatOptionsSwitchesAlgorithm) {
  SAT_REQUIRE_GPU();
  Runner gpu(Backend::Cuda, {300, 200});
  const cv::Mat src = random_image(300, 200, 4, 12);
  const BoxBlurParams p{9, 7, Border::Reflect101};
  const cv::Mat want = reference_blur(src, p);
  for (Algorithm a : kAllAlgorithms) {
    Options o;
    o.algorithm = a;
    gpu.engine().set_sat_options(o);
    EXPECT_EQ(gpu.engine().sat_options().algorithm, a);
    EXPECT_MAT_EQ(gpu.box_blur(src, p), want, to_string(a));
  }
}

TEST(FiltersGpu, InPlace) {
  SAT_REQUIRE_GPU();
  FilterEngine e(Backend::Cuda, {64, 64});
  for (int cn : {1, 3, 4}) {
    const cv::Mat src = random_image(41, 23, cn, 11u + unsigned(cn));
    const BoxBlurParams p{7, 5, Border::Reflect101};
    DevicePitched d(41 * cn, 23);
    cuda_ok(cudaMemcpy2D(d.data(), d.pitch(), src.data, src.step, 41 * cn, 23, cudaMemcpyHostToDevice), "upload");
    const Image8 img{d.data(), d.pitch(), 41, 23, cn};
    e.apply(p, img, img);
    cv::Mat got(23, 41, CV_8UC(cn));
    cuda_ok(cudaMemcpy2D(got.data, got.step, d.data(), d.pitch(), 41 * cn, 23, cudaMemcpyDeviceToHost), "download");
    EXPECT_MAT_EQ(got, reference_blur(src, p), "in place");
  }
}

TEST(FiltersGpu, HostMemoryIsRejected) {
  SAT_REQUIRE_GPU();
  FilterEngine e(Backend::Cuda, {32, 32});
  cv::Mat src = random_image(32, 32, 1, 1), dst(32, 32, CV_8UC1);
  try {
    e.apply(sat::BoxBlurParams{3, 3, Border::Reflect101}, view(src), view(dst));
    ADD_FAILURE() << "no sat::Error for host images on the CUDA backend";
  } catch (const Error& err) {
    EXPECT_EQ(err.code(), ErrorCode::InvalidArgument);
    EXPECT_NE(std::string(err.what()).find("host memory"), std::string::npos) << err.what();
  }
}

TEST(FiltersGpu, StageTimingWithEvents) {
  SAT_REQUIRE_GPU();
  Runner gpu(Backend::Cuda, {640, 480});
  gpu.engine().enable_stage_timing(true);
  const cv::Mat src = random_image(640, 480, 3, 5);
  gpu.sauvola(src, {15, 0.2, 0.0, 255});  // the runner synchronizes the stream
  const StageTimes t = gpu.engine().last_stage_times();
  EXPECT_GT(t.convert_ms, 0.0);
  EXPECT_GT(t.sat_ms, 0.0);
  EXPECT_GT(t.filter_ms, 0.0);
}

}  // namespace
}  // namespace sat::test
