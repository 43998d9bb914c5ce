// Variable-radius blur ("variable-blur") on the CUDA backend: the CPU suite's checks against
// cv::blur per radius (variable_blur_cases.h), and CUDA == CPU byte for byte on larger images,
// every shape, radius maps, 1/3/4 channels, max radius up to 1024.
#include "../variable_blur_cases.h"
#include "cuda_test_support.h"

namespace sat::test {
namespace {

TEST(VariableBlurGpu, RadiusMapMatchesOpenCv) {
  SAT_REQUIRE_GPU();
  check_variable_blur_map_matches_opencv(Backend::Cuda);
}
TEST(VariableBlurGpu, GeneratedShapesMatchOpenCv) {
  SAT_REQUIRE_GPU();
  check_variable_blur_shapes_match_opencv(Backend::Cuda);
}

TEST(VariableBlurGpu, CudaEqualsCpu) {
  SAT_REQUIRE_GPU();
  const Extent max{1021, 613};
  SpecRunner cpu(Backend::Cpu, max), gpu(Backend::Cuda, max);
  uint32_t seed = 4700;
  for (int cn : {1, 3, 4})
    for (RadiusShape shape : {RadiusShape::TiltShift, RadiusShape::Focus, RadiusShape::Vignette, RadiusShape::Map})
      for (int max_radius : {2, 16, 128, 1024}) {
        const cv::Mat src = random_image(1021, 613, cn, seed++);
        const cv::Mat map = random_radius_map(1021, 613, 255, seed++);
        VariableBlurParams p;
        p.shape = shape;
        p.max_radius = max_radius;
        p.focus_x = 0.3;
        p.focus_y = 0.6;
        p.extent = 0.1;
        std::vector<ImageParam> images;
        if (shape == RadiusShape::Map) images.push_back({"radius_map", map});
        SCOPED_TRACE(describe(src) + " " + describe(FilterSpec(p)));
        EXPECT_MAT_EQ(gpu.apply(src, p, images), cpu.apply(src, p, images), "CUDA vs CPU");
      }
}

}  // namespace
}  // namespace sat::test
