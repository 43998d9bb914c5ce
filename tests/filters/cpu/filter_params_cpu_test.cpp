// FilterEngine's contract outside the pixels: names, parameter and image validation (sat::Error
// with a clear message, nothing written), moves, options, stage timing. CPU backend (no GPU
// needed); the CUDA-specific checks are in tests/filters/gpu.
#include <string>

#include "../filter_cases.h"

// The deprecated per-filter entry points are checked here too (they must keep working).
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace sat::test {
namespace {

// Expects sat::Error(InvalidArgument) whose message contains `needle`, and dst untouched.
template <class F>
void expect_invalid(F&& f, const std::string& needle) {
  try {
    f();
    ADD_FAILURE() << "no sat::Error; expected one mentioning \"" << needle << "\"";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument) << e.what();
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos)
        << "message \"" << e.what() << "\" does not mention \"" << needle << "\"";
  }
}

TEST(FilterNames, RoundTrip) {
  for (Backend b : {Backend::Cuda, Backend::Cpu}) EXPECT_EQ(parse_backend(to_string(b)), b);
  for (Border b : {Border::Reflect101, Border::Replicate}) EXPECT_EQ(parse_border(to_string(b)), b);
  EXPECT_STREQ(to_string(Backend::Cuda), "cuda");
  EXPECT_STREQ(to_string(Backend::Cpu), "cpu");
  EXPECT_STREQ(to_string(Border::Reflect101), "reflect101");
  EXPECT_STREQ(to_string(Border::Replicate), "replicate");
  EXPECT_EQ(parse_backend("CUDA"), Backend::Cuda);
  EXPECT_EQ(parse_border("Replicate"), Border::Replicate);
  EXPECT_EQ(parse_border("reflect_101"), Border::Reflect101);
  EXPECT_FALSE(parse_backend("opencl").has_value());
  EXPECT_FALSE(parse_border("reflect").has_value());  // OpenCV's BORDER_REFLECT is another rule
  EXPECT_FALSE(parse_border("").has_value());
}

class FilterParamsCpu : public ::testing::Test {
 protected:
  FilterEngine engine{Backend::Cpu, {64, 48}};
  cv::Mat src = random_image(32, 24, 1, 1);
  cv::Mat src3 = random_image(32, 24, 3, 2);
  cv::Mat dst = cv::Mat(24, 32, CV_8UC1, cv::Scalar(42));
  cv::Mat dst3 = cv::Mat(24, 32, CV_8UC3, cv::Scalar::all(42));

  void expect_dst_untouched() { EXPECT_EQ(cv::countNonZero(dst != 42), 0) << "dst was written by a rejected call"; }
};

TEST_F(FilterParamsCpu, BoxBlurParameters) {
  auto blur = [&](int kw, int kh) { engine.box_blur(view(src), view(dst), {kw, kh, Border::Reflect101}); };
  expect_invalid([&] { blur(0, 3); }, "kernel_width must be >= 1");
  expect_invalid([&] { blur(3, -1); }, "kernel_height must be >= 1");
  expect_invalid([&] { blur(70000, 70000); }, "too large");
  expect_invalid(
      [&] {
        engine.box_blur(view(src), view(dst), {3, 3, Border(7)});
      },
      "border must be reflect101 | replicate (got 7)");
  expect_dst_untouched();
}

TEST_F(FilterParamsCpu, MeanCParameters) {
  auto run = [&](int block, double c) { engine.threshold_mean_c(view(src), view(dst), {block, c, false, 255}); };
  expect_invalid([&] { run(4, 2.0); }, "block must be odd");
  expect_invalid([&] { run(1, 2.0); }, "block must be odd, 3..46339 (got 1)");
  expect_invalid([&] { run(-3, 2.0); }, "block must be odd, 3..46339 (got -3)");
  expect_invalid([&] { run(50001, 2.0); }, "block must be odd, 3..46339 (got 50001)");
  expect_invalid([&] { run(5, std::nan("")); }, "C must be finite");
  expect_invalid([&] { run(5, HUGE_VAL); }, "C must be finite");
  expect_dst_untouched();
}

TEST_F(FilterParamsCpu, SauvolaParameters) {
  auto run = [&](int w, double k, double r) { engine.threshold_sauvola(view(src), view(dst), {w, k, r, 255}); };
  expect_invalid([&] { run(14, 0.2, 0.0); }, "window must be odd");
  expect_invalid([&] { run(1, 0.2, 0.0); }, "window must be odd, 3..46339 (got 1)");
  expect_invalid([&] { run(15, 0.0, 0.0); }, "k must be > 0 and < 1 (got 0)");
  expect_invalid([&] { run(15, 1.0, 0.0); }, "k must be > 0 and < 1 (got 1)");
  expect_invalid([&] { run(15, -0.2, 0.0); }, "k must be > 0 and < 1 (got -0.2)");
  expect_invalid([&] { run(15, std::nan(""), 0.0); }, "k must be > 0 and < 1 (got nan)");
  expect_invalid([&] { run(15, 0.2, -1.0); }, "r must be >= 0");
  expect_invalid([&] { run(15, 0.2, HUGE_VAL); }, "r must be >= 0");
  expect_dst_untouched();
}

TEST_F(FilterParamsCpu, BradleyParameters) {
  auto run = [&](int w, double t) { engine.threshold_bradley(view(src), view(dst), {w, t, 255}); };
  expect_invalid([&] { run(0, 15.0); }, "window must be >= 1");
  expect_invalid([&] { run(15, -0.1); }, "t must be >= 0 and < 100 (got -0.1)");
  expect_invalid([&] { run(15, 100.0); }, "t must be >= 0 and < 100 (got 100)");
  expect_invalid([&] { run(15, std::nan("")); }, "t must be >= 0 and < 100 (got nan)");
  expect_dst_untouched();
}

TEST_F(FilterParamsCpu, Images) {
  const BoxBlurParams p{3, 3, Border::Reflect101};
  auto blur = [&](ConstImage8 s, Image8 d) { engine.box_blur(s, d, p); };
  ConstImage8 s = view(src);
  Image8 d = view(dst);

  ConstImage8 bad = s;
  bad.data = nullptr;
  expect_invalid([&] { blur(bad, d); }, "src pointer is null");
  Image8 badd = d;
  badd.data = nullptr;
  expect_invalid([&] { blur(s, badd); }, "dst pointer is null");

  bad = s;
  bad.width = 0;
  expect_invalid([&] { blur(bad, d); }, "src size must be at least 1x1");
  bad = s;
  bad.height = -2;
  expect_invalid([&] { blur(bad, d); }, "src size must be at least 1x1");

  bad = s;
  bad.channels = 2;
  expect_invalid([&] { blur(bad, d); }, "src must have 1, 3 or 4 channels");
  bad = s;
  bad.pitch = 31;
  expect_invalid([&] { blur(bad, d); }, "src pitch 31 is smaller than a row");
  badd = d;
  badd.pitch = 10;
  expect_invalid([&] { blur(s, badd); }, "dst pitch 10 is smaller than a row");

  badd = d;
  badd.width = 31;
  expect_invalid([&] { blur(s, badd); }, "dst is 31x24 but src is 32x24");
  expect_invalid([&] { blur(view(src3), d); }, "dst must have 3 channels");
  expect_invalid(
      [&] {
        engine.threshold_mean_c(view(src3), view(dst3), {5, 2.0, false, 255});
      },
      "dst must have 1 channel");
  expect_invalid([&] { engine.to_gray(view(src3), view(dst3)); }, "dst must have 1 channel");

  const cv::Mat large = random_image(65, 10, 1, 3);
  cv::Mat large_dst(10, 65, CV_8UC1);
  expect_invalid([&] { engine.box_blur(view(large), view(large_dst), p); },
                 "src is 65x10, larger than the engine's max extent 64x48");

  // Overlaps: thresholds on gray src allow only dst == src; to_gray allows none.
  cv::Mat buf = random_image(40, 30, 1, 9);
  const ConstImage8 a{buf.data, buf.step, 32, 24, 1};
  const Image8 shifted{buf.data + 1, buf.step, 32, 24, 1};
  expect_invalid([&] { engine.threshold_bradley(a, shifted, {5, 10.0, 255}); }, "dst overlaps src");
  cv::Mat buf3 = random_image(40, 30, 3, 9);
  const Image8 into_color{buf3.data, buf3.step, 32, 24, 1};
  expect_invalid([&] { engine.to_gray(ConstImage8{buf3.data, buf3.step, 32, 24, 3}, into_color); }, "dst overlaps src");
  expect_dst_untouched();
}

TEST(FilterEngineCpu, ConstructionErrors) {
  expect_invalid([] { FilterEngine e(Backend::Cpu, {0, 10}); }, "max extent must be at least 1x1");
  expect_invalid([] { FilterEngine e(Backend::Cpu, {10, -1}); }, "max extent must be at least 1x1");
  expect_invalid([] { FilterEngine e(Backend(9), {10, 10}); }, "unknown backend");
  Options bad_tile;
  bad_tile.tile = 48;
  expect_invalid([&] { FilterEngine e(Backend::Cpu, {10, 10}, bad_tile); }, "tile");
  Options bad_r;
  bad_r.algorithm = Algorithm::Hybrid1R1W;
  bad_r.hybrid_r = 1.5;
  expect_invalid([&] { FilterEngine e(Backend::Cpu, {10, 10}, bad_r); }, "hybrid_r");
}

TEST(FilterEngineCpu, AccessorsOptionsAndMoves) {
  Options o;
  o.algorithm = Algorithm::Tiled2R1W;
  o.tile = 128;  // 16-byte tables fall back to their default tile
  FilterEngine e(Backend::Cpu, {40, 30}, o);
  EXPECT_EQ(e.backend(), Backend::Cpu);
  EXPECT_EQ(e.max_extent().width, 40);
  EXPECT_EQ(e.max_extent().height, 30);
  EXPECT_EQ(e.sat_options().algorithm, Algorithm::Tiled2R1W);
  EXPECT_EQ(e.sat_options().tile, 128);

  Options o2;
  o2.algorithm = Algorithm::Naive2R2W;
  e.set_sat_options(o2);
  EXPECT_EQ(e.sat_options().algorithm, Algorithm::Naive2R2W);
  Options bad;
  bad.tile = 7;
  expect_invalid([&] { e.set_sat_options(bad); }, "tile");
  EXPECT_EQ(e.sat_options().algorithm, Algorithm::Naive2R2W) << "a rejected set_sat_options changed the options";

  FilterEngine moved(std::move(e));
  const cv::Mat src = random_image(40, 30, 3, 4);
  cv::Mat dst(30, 40, CV_8UC3);
  moved.box_blur(view(src), view(dst), {5, 5, Border::Reflect101});
  EXPECT_MAT_EQ(dst, reference_blur(src, {5, 5, Border::Reflect101}), "after move");
  expect_invalid([&] { e.box_blur(view(src), view(dst), {5, 5, Border::Reflect101}); }, "moved from");

  FilterEngine other(Backend::Cpu, {8, 8});
  other = std::move(moved);
  EXPECT_EQ(other.max_extent().width, 40);
}

TEST(FilterEngineCpu, StageTiming) {
  FilterEngine e(Backend::Cpu, {200, 100});
  const cv::Mat src = random_image(200, 100, 3, 6);
  cv::Mat dst(100, 200, CV_8UC1);
  e.threshold_sauvola(view(src), view(dst), {15, 0.2, 0.0, 255});
  StageTimes t = e.last_stage_times();
  EXPECT_EQ(t.convert_ms, 0.0);  // off by default
  EXPECT_EQ(t.sat_ms, 0.0);
  EXPECT_EQ(t.filter_ms, 0.0);
  e.enable_stage_timing(true);
  e.threshold_sauvola(view(src), view(dst), {15, 0.2, 0.0, 255});
  t = e.last_stage_times();
  EXPECT_GT(t.convert_ms, 0.0);
  EXPECT_EQ(t.sat_ms, 0.0);  // the CPU backend builds no table: running sums in the filter pass
  EXPECT_GT(t.filter_ms, 0.0);
  e.enable_stage_timing(false);
  t = e.last_stage_times();
  EXPECT_EQ(t.sat_ms, 0.0);
}

}  // namespace
}  // namespace sat::test
