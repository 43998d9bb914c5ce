// 16-bit images on the CUDA backend: box, mean − C, Bradley–Roth, Sauvola, local statistics,
// Kuwahara, the variable-radius blur and the guided filter equal to the CPU backend byte for byte (the CPU suite checks
// the CPU against OpenCV and the float64 references), on full-range random and depth-like images of odd sizes, 1, 3 and
// 4 channels, rows of every pitch and 4-byte alignment, and in place.
#include "../sixteen_cases.h"
#include "../sixteen_window_cases.h"
#include "cuda_test_support.h"

namespace sat::test {
namespace {

cv::Mat image16(int w, int h, int cn, uint32_t seed) {
  return seed % 2 == 0 ? random16(w, h, cn, seed) : depth16(w, h, cn, seed);
}

// Every spec on every size: CUDA == CPU, with pitches row + 0, 2, 6 and 130 bytes in turn.
void expect_cuda_equals_cpu(const std::vector<FilterSpec>& specs, const std::vector<int>& channels, uint32_t seed) {
  Runner16 gpu(Backend::Cuda, {161, 97}), cpu(Backend::Cpu, {161, 97});
  const std::size_t extras[] = {0, 2, 6, 130};
  std::vector<std::pair<int, int>> sizes = sizes16();
  sizes.insert(sizes.end(), {{161, 97}, {129, 33}, {100, 1}});
  for (const auto& [w, h] : sizes)
    for (int cn : channels)
      for (const FilterSpec& spec : specs) {
        const cv::Mat src = image16(w, h, cn, seed++);
        const std::size_t extra = extras[seed % 4];
        SCOPED_TRACE(sat::describe(spec) + " on " + std::to_string(w) + "x" + std::to_string(h) + "x" +
                     std::to_string(cn) + " pitch +" + std::to_string(extra));
        EXPECT_MAT_EQ(gpu(spec, src, extra), cpu(spec, src), "CUDA vs CPU");
      }
}

TEST(Box16Gpu, EqualsCpu) {
  SAT_REQUIRE_GPU();
  std::vector<FilterSpec> specs;
  for (const auto& [kw, kh] : std::vector<std::pair<int, int>>{
           {1, 1}, {2, 1}, {3, 3}, {5, 7}, {31, 31}, {4, 16}, {256, 128}, {257, 128}, {200, 200}, {1001, 41}})
    for (Border b : {Border::Reflect101, Border::Replicate}) specs.push_back(BoxBlurParams{kw, kh, b});
  expect_cuda_equals_cpu(specs, {1, 3, 4}, 1);
}

TEST(Box16Gpu, MatchesOpenCv) {
  SAT_REQUIRE_GPU();
  Runner16 gpu(Backend::Cuda, {67, 9});
  uint32_t seed = 40;
  for (int w = 1; w <= 67; w += 3)
    for (int cn : {1, 3, 4})
      for (const BoxBlurParams& p :
           {BoxBlurParams{3, 3, Border::Reflect101}, BoxBlurParams{127, 255, Border::Replicate},
            BoxBlurParams{255, 129, Border::Reflect101}}) {
        const cv::Mat src = random16(w, 9, cn, seed++);
        EXPECT_MAT_EQ(gpu(p, src, seed % 3 == 0 ? 6 : 0), reference_blur16(src, p),
                      std::to_string(w) + "x9x" + std::to_string(cn) + " " + sat::describe(p));
      }
}

TEST(MeanC16Gpu, EqualsCpu) {
  SAT_REQUIRE_GPU();
  std::vector<FilterSpec> specs;
  for (int block : {3, 11, 31, 193})
    for (double c : {0.0, 2.0, -3.5, 0.3})
      for (bool invert : {false, true}) specs.push_back(MeanCParams{block, c, invert, 255});
  specs.push_back(MeanCParams{5, 1.0, false, 100});
  expect_cuda_equals_cpu(specs, {1}, 100);
}

TEST(Bradley16Gpu, EqualsCpu) {
  SAT_REQUIRE_GPU();
  std::vector<FilterSpec> specs;
  for (int window : {1, 2, 3, 8, 15, 31, 200})
    for (double t : {0.0, 15.0, 7.5, 99.9}) specs.push_back(BradleyParams{window, t, 255});
  specs.push_back(BradleyParams{9, 10.0, 128});
  expect_cuda_equals_cpu(specs, {1}, 200);
}

TEST(Sauvola16Gpu, EqualsCpu) {
  SAT_REQUIRE_GPU();
  std::vector<FilterSpec> specs;
  for (int window : {3, 15, 31, 135, 301})
    for (double k : {0.2, 0.5, 0.05})
      for (double r : {0.0, 100.0}) specs.push_back(SauvolaParams{window, k, r, 255});
  expect_cuda_equals_cpu(specs, {1}, 300);
}

TEST(LocalStats16Gpu, EqualsCpu) {
  SAT_REQUIRE_GPU();
  std::vector<FilterSpec> specs;
  for (int window : {1, 3, 15, 257, 1001})
    for (LocalStat out : {LocalStat::Mean, LocalStat::Variance, LocalStat::StdDev, LocalStat::Contrast}) {
      LocalStatsParams p;
      p.window = window;
      p.output = out;
      specs.push_back(p);
    }
  expect_cuda_equals_cpu(specs, {1}, 400);
}

TEST(Kuwahara16Gpu, EqualsCpu) {
  SAT_REQUIRE_GPU();
  std::vector<FilterSpec> specs;
  for (int radius : {1, 2, 4, 9, 40, 300}) specs.push_back(KuwaharaParams{radius});
  expect_cuda_equals_cpu(specs, {1}, 500);
}

TEST(VariableBlur16Gpu, EqualsCpu) {
  SAT_REQUIRE_GPU();
  std::vector<FilterSpec> specs;
  for (RadiusShape shape : {RadiusShape::TiltShift, RadiusShape::Focus, RadiusShape::Vignette})
    for (int max_radius : {2, 16, 300}) {
      VariableBlurParams p;
      p.shape = shape;
      p.max_radius = max_radius;
      p.extent = max_radius == 16 ? 0.2 : 0.0;
      specs.push_back(p);
    }
  expect_cuda_equals_cpu(specs, {1, 3, 4}, 600);
}

TEST(Guided16Gpu, EqualsCpu) {
  SAT_REQUIRE_GPU();
  std::vector<FilterSpec> specs;
  for (int radius : {1, 2, 8, 60, 200})
    for (double eps : {0.01, 10.0, 1e6}) {
      GuidedParams p;
      p.radius = radius;
      p.eps = eps;
      specs.push_back(p);
    }
  expect_cuda_equals_cpu(specs, {1}, 700);
}

// The references themselves on CUDA, where they are cheap enough.
TEST(Windows16Gpu, MatchReferences) {
  SAT_REQUIRE_GPU();
  check_kuwahara16(Backend::Cuda);
  check_variable_blur16(Backend::Cuda, false);
  check_guided16(Backend::Cuda);
}

TEST(Sixteen16Gpu, InPlaceEqualsCpu) {
  SAT_REQUIRE_GPU();
  Runner16 cpu(Backend::Cpu, {61, 37});
  VariableBlurParams blur;
  blur.max_radius = 9;
  const std::vector<FilterSpec> specs = {BoxBlurParams{7, 5, Border::Reflect101},
                                         MeanCParams{11, 2.0, false, 255},
                                         BradleyParams{15, 15.0, 255},
                                         SauvolaParams{15, 0.2, 0.0, 255},
                                         LocalStatsParams{},
                                         KuwaharaParams{3},
                                         blur,
                                         GuidedParams{}};
  for (const FilterSpec& spec : specs)
    for (int cn : {1, 3, 4}) {
      if (cn != 1 && !std::holds_alternative<BoxBlurParams>(spec) && !std::holds_alternative<VariableBlurParams>(spec))
        continue;
      const cv::Mat src = random16(61, 37, cn, 9u + unsigned(cn));
      const cv::Mat want = cpu(spec, src);
      FilterEngine engine(Backend::Cuda, {61, 37});
      const std::size_t row = std::size_t(61) * cn * 2;
      void* d = nullptr;
      cuda_ok(cudaMalloc(&d, row * 37), "cudaMalloc");
      cuda_ok(cudaMemcpy2D(d, row, src.data, src.step, row, 37, cudaMemcpyHostToDevice), "upload");
      const Image16 img{static_cast<uint16_t*>(d), row, 61, 37, cn};
      engine.apply(spec, ConstImage16(img), img);
      cuda_ok(cudaDeviceSynchronize(), "sync");
      cv::Mat got(37, 61, CV_16UC(cn));
      cuda_ok(cudaMemcpy2D(got.data, got.step, d, row, row, 37, cudaMemcpyDeviceToHost), "download");
      cudaFree(d);
      EXPECT_MAT_EQ(got, want, sat::describe(spec) + " in place, " + std::to_string(cn) + " channels");
    }
}

}  // namespace
}  // namespace sat::test
