// OpenCV's twins of the catalog filters and of the detector (app/common/opencv_twins): each twin
// against a plain loop where the filter has a closed form (box, mean − C, local statistics, the
// variable blur's map), the twin of every catalog filter on gray, BGR and BGRA with the shape and
// type promised, and the errors (no twin, a radius map of another size, a cascade that does not
// load).
#include <gtest/gtest.h>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "opencv_twins/cascade_twin.h"
#include "opencv_twins/filter_twins.h"
#include "sat/filter_spec.h"

namespace {

// Random bytes with some smooth texture (a flat run, a ramp), odd sizes.
cv::Mat random_image(int width, int height, int channels, unsigned seed) {
  cv::Mat m(height, width, CV_8UC(channels));
  std::mt19937 rng(seed);
  for (int y = 0; y < height; ++y)
    for (int i = 0; i < width * channels; ++i)
      m.ptr<uint8_t>(y)[i] = uint8_t(rng() % 3 == 0 ? (i * 7 + y * 3) % 256 : rng() % 256);
  return m;
}

int reflect101(int i, int n) {
  if (n == 1) return 0;
  while (i < 0 || i >= n) i = i < 0 ? -i : 2 * n - 2 - i;
  return i;
}

int replicate(int i, int n) { return std::min(std::max(i, 0), n - 1); }

// The exact mean of channel c over a kw × kh box anchored at its centre (OpenCV's anchor).
double box_mean(const cv::Mat& m, int x, int y, int c, int kw, int kh, const std::function<int(int, int)>& fold) {
  double sum = 0;
  for (int dy = 0; dy < kh; ++dy)
    for (int dx = 0; dx < kw; ++dx) {
      const int yy = fold(y + dy - kh / 2, m.rows), xx = fold(x + dx - kw / 2, m.cols);
      sum += m.ptr<uint8_t>(yy)[xx * m.channels() + c];
    }
  return sum / (double(kw) * kh);
}

// A byte that rounds `exact` (either way at a tie): cv::blur's rounding.
void expect_rounds(int got, double exact, const std::string& where) {
  EXPECT_LE(std::abs(got - exact), 0.5 + 1e-9) << where << ": " << got << " for " << exact;
}

cv::Mat gray(const cv::Mat& m) {
  if (m.channels() == 1) return m;
  cv::Mat g;
  cv::cvtColor(m, g, m.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
  return g;
}

TEST(OpenCvTwins, BoxBlurIsTheBoxMean) {
  for (int channels : {1, 3, 4})
    for (const sat::Border border : {sat::Border::Reflect101, sat::Border::Replicate})
      for (auto [kw, kh] : {std::pair{3, 3}, {5, 1}, {4, 7}, {31, 3}}) {
        const cv::Mat src = random_image(23, 17, channels, 7u * unsigned(channels + kw));
        const sat::BoxBlurParams p{kw, kh, border};
        cv::Mat out;
        satapp::box_blur_twin(src, p, out);
        ASSERT_EQ(out.size(), src.size());
        ASSERT_EQ(out.type(), src.type());
        const auto fold = border == sat::Border::Replicate ? replicate : reflect101;
        for (int y = 0; y < src.rows; ++y)
          for (int x = 0; x < src.cols; ++x)
            for (int c = 0; c < channels; ++c)
              expect_rounds(out.ptr<uint8_t>(y)[x * channels + c], box_mean(src, x, y, c, kw, kh, fold),
                            "box " + std::to_string(kw) + "x" + std::to_string(kh) + " at " + std::to_string(x) + "," +
                                std::to_string(y));
      }
}

// A view into a larger image is filtered as an image of its own (satcore sees the view alone).
TEST(OpenCvTwins, BoxBlurOfAViewIgnoresItsNeighbours) {
  const cv::Mat big = random_image(40, 30, 3, 5);
  const cv::Mat view = big(cv::Rect(5, 4, 21, 13));
  cv::Mat of_view, of_copy;
  satapp::box_blur_twin(view, {7, 5, sat::Border::Reflect101}, of_view);
  satapp::box_blur_twin(view.clone(), {7, 5, sat::Border::Reflect101}, of_copy);
  EXPECT_EQ(cv::norm(of_view, of_copy, cv::NORM_INF), 0);
}

// cv::adaptiveThreshold(MEAN_C) on the gray image: max where pixel − round(mean) > −ceil(C)
// (inverted: ≤ −floor(C)), replicate border; pixels whose mean is a tie are left out.
TEST(OpenCvTwins, MeanCThresholdsTheWindowMean) {
  for (int channels : {1, 3, 4})
    for (const double C : {2.0, -1.5})
      for (const bool invert : {false, true}) {
        const cv::Mat src = random_image(29, 19, channels, 11u + unsigned(channels));
        const sat::MeanCParams p{7, C, invert, 200};
        satapp::TwinScratch scratch;
        cv::Mat out;
        satapp::mean_c_twin(src, p, out, scratch);
        ASSERT_EQ(out.size(), src.size());
        ASSERT_EQ(out.type(), CV_8UC1);
        const cv::Mat g = gray(src);
        int checked = 0;
        for (int y = 0; y < g.rows; ++y)
          for (int x = 0; x < g.cols; ++x) {
            const double m = box_mean(g, x, y, 0, p.block, p.block, replicate);
            if (std::abs(m - std::floor(m) - 0.5) < 1e-9) continue;
            const long d = g.at<uint8_t>(y, x) - std::lround(m);
            const bool set = invert ? d <= -std::floor(C) : d > -std::ceil(C);
            EXPECT_EQ(out.at<uint8_t>(y, x), set ? 200 : 0) << x << "," << y << " C " << C << " invert " << invert;
            ++checked;
          }
        EXPECT_GT(checked, g.rows * g.cols / 2);
      }
}

// The formulas of sat/filter_params.h in double, reflect-101: the twin within one gray level
// (OpenCV rounds halves to even, satcore up).
TEST(OpenCvTwins, LocalStatsFollowTheFormulas) {
  const cv::Mat src = random_image(31, 21, 3, 3);
  const cv::Mat g = gray(src);
  for (const sat::LocalStat output :
       {sat::LocalStat::Mean, sat::LocalStat::Variance, sat::LocalStat::StdDev, sat::LocalStat::Contrast}) {
    sat::LocalStatsParams p;
    p.window = 9;
    p.output = output;
    const cv::Mat out = satapp::twin_output(p, src);
    ASSERT_EQ(out.size(), src.size());
    ASSERT_EQ(out.type(), CV_8UC1);
    for (int y = 0; y < g.rows; ++y)
      for (int x = 0; x < g.cols; ++x) {
        double sum = 0, sum_sq = 0;
        for (int dy = -4; dy <= 4; ++dy)
          for (int dx = -4; dx <= 4; ++dx) {
            const double v = g.at<uint8_t>(reflect101(y + dy, g.rows), reflect101(x + dx, g.cols));
            sum += v, sum_sq += v * v;
          }
        const double mean = sum / 81, variance = std::max(0.0, sum_sq / 81 - mean * mean), sigma = std::sqrt(variance);
        double want = mean;
        if (output == sat::LocalStat::Variance) want = variance / p.scale;
        if (output == sat::LocalStat::StdDev) want = sigma * 2;
        if (output == sat::LocalStat::Contrast) want = 128 + p.gain * (g.at<uint8_t>(y, x) - mean) / (sigma + p.c);
        want = std::min(255.0, std::max(0.0, want));
        EXPECT_LE(std::abs(out.at<uint8_t>(y, x) - want), 0.5 + 1e-6)
            << "output " << int(output) << " at " << x << "," << y;
      }
  }
}

// A bright, nearly flat image and a large window: the variance is a small difference of two large
// means (E[x²] ≈ 62000); the twin's StdDev rounds the exact value (sums in double, by columns).
TEST(OpenCvTwins, LocalStatsHoldOnBrightFlatWindows) {
  cv::Mat g(120, 120, CV_8UC1);
  std::mt19937 rng(8);
  for (int y = 0; y < g.rows; ++y)
    for (int x = 0; x < g.cols; ++x) g.at<uint8_t>(y, x) = uint8_t(247 + rng() % 3);
  sat::LocalStatsParams p;
  p.window = 101;
  p.output = sat::LocalStat::StdDev;
  const cv::Mat out = satapp::twin_output(p, g);
  // Window sums by columns: the sums of x and x² of each column over the window's rows.
  for (int y = 0; y < g.rows; y += 7) {
    std::vector<double> col(g.cols), col_sq(g.cols);
    for (int x = 0; x < g.cols; ++x)
      for (int dy = -50; dy <= 50; ++dy) {
        const double v = g.at<uint8_t>(reflect101(y + dy, g.rows), x);
        col[x] += v, col_sq[x] += v * v;
      }
    for (int x = 0; x < g.cols; ++x) {
      double sum = 0, sum_sq = 0;
      for (int dx = -50; dx <= 50; ++dx)
        sum += col[reflect101(x + dx, g.cols)], sum_sq += col_sq[reflect101(x + dx, g.cols)];
      const double n = 101.0 * 101.0, mean = sum / n;
      const double want = 2 * std::sqrt(std::max(0.0, sum_sq / n - mean * mean));
      EXPECT_LE(std::abs(out.at<uint8_t>(y, x) - want), 0.5 + 1e-6) << x << "," << y;
    }
  }
}

// Each pixel is the mean of its own (2r + 1)² box, r its map value clamped to max_radius.
TEST(OpenCvTwins, VariableBlurTakesEachPixelsRadius) {
  const cv::Mat src = random_image(25, 18, 4, 9);
  cv::Mat map(src.size(), CV_8UC1);
  std::mt19937 rng(4);
  for (int y = 0; y < map.rows; ++y)
    for (int x = 0; x < map.cols; ++x) map.at<uint8_t>(y, x) = uint8_t(rng() % 9);
  sat::VariableBlurParams p;
  p.shape = sat::RadiusShape::Map;
  p.max_radius = 6;  // values 7 and 8 are clamped
  p.radius_map = {map.data, map.step, map.cols, map.rows, 1};
  ASSERT_EQ(satapp::twin_info(p).kind, satapp::TwinKind::Exact);
  const cv::Mat out = satapp::twin_output(p, src);
  ASSERT_EQ(out.size(), src.size());
  ASSERT_EQ(out.type(), src.type());
  for (int y = 0; y < src.rows; ++y)
    for (int x = 0; x < src.cols; ++x) {
      const int k = 2 * std::min(int(map.at<uint8_t>(y, x)), p.max_radius) + 1;
      for (int c = 0; c < 4; ++c)
        expect_rounds(out.ptr<uint8_t>(y)[x * 4 + c], box_mean(src, x, y, c, k, k, reflect101),
                      "r " + std::to_string(k / 2) + " at " + std::to_string(x) + "," + std::to_string(y));
    }

  const cv::Mat small = map(cv::Rect(0, 0, 10, 10)).clone();
  p.radius_map = {small.data, small.step, small.cols, small.rows, 1};
  EXPECT_THROW(satapp::twin_output(p, src), std::invalid_argument);
}

// Sauvola's and the guided filter's twins (ximgproc, float32) have no closed form to hold them to
// byte for byte: a binary output, and the guided filter's kept 4th channel and a result within
// the input's range (tests/filters/cpu/guided_cpu_test.cpp holds satcore to this twin).
TEST(OpenCvTwins, XimgprocTwinsKeepTheirPromises) {
  if (!satapp::twins_have_ximgproc()) GTEST_SKIP() << "ximgproc (opencv_contrib) is not in this build";
  const cv::Mat src = random_image(33, 27, 4, 12);
  const cv::Mat sauvola = satapp::twin_output(sat::SauvolaParams{15, 0.2, 0.0, 180}, src);
  ASSERT_EQ(sauvola.type(), CV_8UC1);
  EXPECT_EQ(cv::countNonZero(sauvola == 0) + cv::countNonZero(sauvola == 180), int(sauvola.total()));
  EXPECT_GT(cv::countNonZero(sauvola), 0);
  EXPECT_GT(cv::countNonZero(sauvola == 0), 0);

  for (const sat::GuideKind guide : {sat::GuideKind::Self, sat::GuideKind::Gray}) {
    const cv::Mat guided = satapp::twin_output(sat::GuidedParams{2, 100.0, guide}, src);
    ASSERT_EQ(guided.type(), CV_8UC4);
    ASSERT_EQ(guided.size(), src.size());
    cv::Mat alpha_in, alpha_out;
    cv::extractChannel(src, alpha_in, 3);
    cv::extractChannel(guided, alpha_out, 3);
    EXPECT_EQ(cv::norm(alpha_in, alpha_out, cv::NORM_INF), 0) << "the 4th channel is kept";
    // Smoothing: less spread than the noisy input.
    cv::Mat in_bgr, out_bgr;
    cv::cvtColor(src, in_bgr, cv::COLOR_BGRA2BGR);
    cv::cvtColor(guided, out_bgr, cv::COLOR_BGRA2BGR);
    cv::Scalar mean_in, dev_in, mean_out, dev_out;
    cv::meanStdDev(in_bgr, mean_in, dev_in);
    cv::meanStdDev(out_bgr, mean_out, dev_out);
    EXPECT_LT(dev_out[0], dev_in[0]);
  }
}

// Bradley–Roth has only a nearest op: MEAN_C over the window made odd, C = 0.
TEST(OpenCvTwins, BradleyHasTheNearestOpOnly) {
  const sat::BradleyParams p{14, 15.0, 255};
  const satapp::TwinInfo info = satapp::twin_info(p);
  EXPECT_EQ(info.kind, satapp::TwinKind::NearestOp);
  EXPECT_NE(info.op.find("block 15"), std::string::npos) << info.op;
  const cv::Mat src = random_image(21, 13, 3, 2);
  EXPECT_EQ(cv::norm(satapp::twin_output(p, src), satapp::twin_output(sat::MeanCParams{15, 0.0, false, 255}, src),
                     cv::NORM_INF),
            0);
}

// Every filter of the catalog: its twin runs on gray, BGR and BGRA and gives satcore's shape and
// type, or it has none and says why (Kuwahara; the variable blur's generated shapes).
TEST(OpenCvTwins, EveryCatalogFilterRunsOrSaysWhyNot) {
  int with_twin = 0;
  for (const sat::FilterInfo& info : sat::filter_catalog()) {
    const satapp::TwinInfo twin = satapp::twin_info(info.defaults);
    SCOPED_TRACE(std::string(info.name) + ": " + twin.op + " / " + twin.relation);
    EXPECT_FALSE(twin.relation.empty());
    if (twin.kind == satapp::TwinKind::None) {
      EXPECT_TRUE(twin.op.empty());
      const cv::Mat src = random_image(9, 7, 3, 1);
      cv::Mat out;
      satapp::TwinScratch scratch;
      EXPECT_THROW(satapp::run_twin(info.defaults, src, out, scratch), std::logic_error);
      continue;
    }
    ++with_twin;
    EXPECT_FALSE(twin.op.empty());
    for (int channels : {1, 3, 4}) {
      const cv::Mat src = random_image(37, 23, channels, unsigned(channels));
      const cv::Mat out = satapp::twin_output(info.defaults, src);
      EXPECT_EQ(out.size(), src.size()) << channels << " channels";
      const int want = info.output == sat::FilterOutput::Gray ? 1 : channels;
      EXPECT_EQ(out.type(), CV_8UC(want)) << channels << " channels";
    }
  }
  // box, threshold, bradley, local statistics; sauvola and guided with ximgproc.
  EXPECT_EQ(with_twin, satapp::twins_have_ximgproc() ? 6 : 4);
  EXPECT_EQ(satapp::twin_info(sat::default_spec("kuwahara")).kind, satapp::TwinKind::None);
}

TEST(OpenCvTwins, CascadeThatDoesNotLoadIsNamed) {
  try {
    satapp::CascadeTwin twin("/nonexistent/cascade.xml");
    FAIL() << "loaded a cascade that does not exist";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/cascade.xml"), std::string::npos) << e.what();
  }
}

}  // namespace
