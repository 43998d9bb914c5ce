// satfilter on still images, CPU backend: outputs equal OpenCV's filters.
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using ImageTest = SatfilterTest;

cv::Mat read(const std::string& path) { return cv::imread(path, cv::IMREAD_UNCHANGED); }

cv::Mat to_gray(const cv::Mat& image) {
  if (image.channels() == 1) return image;
  cv::Mat gray;
  cv::cvtColor(image, gray, image.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
  return gray;
}

// Every value of `image` is 0 or `high`.
bool is_binary(const cv::Mat& image, int high) {
  for (int y = 0; y < image.rows; ++y)
    for (int x = 0; x < image.cols; ++x) {
      const int v = image.at<uchar>(y, x);
      if (v != 0 && v != high) return false;
    }
  return true;
}

int reflect101(int i, int n) {
  if (n == 1) return 0;
  while (i < 0 || i >= n) i = i < 0 ? -i : 2 * (n - 1) - i;
  return i;
}

// scikit-image threshold_sauvola with reflect-101 padding, in double precision.
cv::Mat sauvola_reference(const cv::Mat& gray, int window, double k, double r, int high) {
  cv::Mat out(gray.size(), CV_8UC1);
  const int h = window / 2;
  for (int y = 0; y < gray.rows; ++y)
    for (int x = 0; x < gray.cols; ++x) {
      double sum = 0, sq = 0;
      for (int dy = -h; dy <= h; ++dy)
        for (int dx = -h; dx <= h; ++dx) {
          const double v = gray.at<uchar>(reflect101(y + dy, gray.rows), reflect101(x + dx, gray.cols));
          sum += v;
          sq += v * v;
        }
      const double n = double(window) * window;
      const double mean = sum / n;
      const double sd = std::sqrt(std::max(0.0, sq / n - mean * mean));
      const double t = mean * (1 + k * (sd / r - 1));
      out.at<uchar>(y, x) = gray.at<uchar>(y, x) > t ? uchar(high) : uchar(0);
    }
  return out;
}

// Bradley–Roth over a window clipped to the image.
cv::Mat bradley_reference(const cv::Mat& gray, int window, double t, int high) {
  cv::Mat out(gray.size(), CV_8UC1);
  const int h = window / 2;
  for (int y = 0; y < gray.rows; ++y)
    for (int x = 0; x < gray.cols; ++x) {
      double sum = 0, count = 0;
      for (int yy = std::max(0, y - h); yy <= std::min(gray.rows - 1, y + h); ++yy)
        for (int xx = std::max(0, x - h); xx <= std::min(gray.cols - 1, x + h); ++xx) {
          sum += gray.at<uchar>(yy, xx);
          ++count;
        }
      out.at<uchar>(y, x) = gray.at<uchar>(y, x) * count > sum * (100 - t) / 100 ? uchar(high) : uchar(0);
    }
  return out;
}

TEST_F(ImageTest, BoxOnColorPngEqualsCvBlur) {
  const RunResult r =
      run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--ksize", "5x3", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const cv::Mat input = read(in("color.png")), output = read(out("out.png"));
  ASSERT_FALSE(output.empty());
  cv::Mat expected;
  cv::blur(input, expected, cv::Size(5, 3), cv::Point(-1, -1), cv::BORDER_REFLECT_101);
  ASSERT_EQ(output.type(), CV_8UC3);
  EXPECT_EQ(cv::norm(output, expected, cv::NORM_INF), 0.0);
}

TEST_F(ImageTest, BoxRadiusWithReplicateBorderEqualsCvBlur) {
  const RunResult r = run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--radius", "4", "--border",
                                     "replicate", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  cv::Mat expected;
  cv::blur(read(in("color.png")), expected, cv::Size(9, 9), cv::Point(-1, -1), cv::BORDER_REPLICATE);
  const cv::Mat output = read(out("out.png"));
  ASSERT_EQ(output.size(), expected.size());
  EXPECT_EQ(cv::norm(output, expected, cv::NORM_INF), 0.0);
}

TEST_F(ImageTest, BoxRadiusZeroIsIdentity) {
  const RunResult r =
      run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--radius", "0", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(cv::norm(read(out("out.png")), read(in("color.png")), cv::NORM_INF), 0.0);
}

TEST_F(ImageTest, BoxKernelLargerThanImageEqualsCvBlur) {
  const RunResult r =
      run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--ksize", "151x3", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  cv::Mat expected;
  cv::blur(read(in("color.png")), expected, cv::Size(151, 3));
  EXPECT_EQ(cv::norm(read(out("out.png")), expected, cv::NORM_INF), 0.0);
}

TEST_F(ImageTest, BoxKeepsGrayChannel) {
  const RunResult r =
      run_satfilter({in("gray.pgm"), out("out.pgm"), "--filter", "box", "--ksize", "7", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  const cv::Mat output = read(out("out.pgm"));
  ASSERT_EQ(output.type(), CV_8UC1);
  cv::Mat expected;
  cv::blur(read(in("gray.pgm")), expected, cv::Size(7, 7));
  EXPECT_EQ(cv::norm(output, expected, cv::NORM_INF), 0.0);
}

TEST_F(ImageTest, BoxKeepsAlphaChannel) {
  const RunResult r =
      run_satfilter({in("bgra.png"), out("out.png"), "--filter", "box", "--ksize", "3x5", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  const cv::Mat input = read(in("bgra.png")), output = read(out("out.png"));
  ASSERT_EQ(input.type(), CV_8UC4);
  ASSERT_EQ(output.type(), CV_8UC4);
  cv::Mat expected;
  cv::blur(input, expected, cv::Size(3, 5));
  EXPECT_EQ(cv::norm(output, expected, cv::NORM_INF), 0.0);
}

TEST_F(ImageTest, ThresholdEqualsAdaptiveThresholdMeanC) {
  for (const bool invert : {false, true}) {
    std::vector<std::string> args = {in("color.png"), out("out.png"), "--filter",  "threshold", "--block", "11",
                                     "--C",           "2.5",          "--backend", "cpu",       "-y"};
    if (invert) args.push_back("--invert");
    const RunResult r = run_satfilter(args);
    ASSERT_EQ(r.status, 0) << r.err;
    const cv::Mat output = read(out("out.png"));
    ASSERT_EQ(output.type(), CV_8UC1) << "thresholds produce gray";
    cv::Mat expected;
    cv::adaptiveThreshold(to_gray(read(in("color.png"))), expected, 255, cv::ADAPTIVE_THRESH_MEAN_C,
                          invert ? cv::THRESH_BINARY_INV : cv::THRESH_BINARY, 11, 2.5);
    EXPECT_EQ(cv::norm(output, expected, cv::NORM_INF), 0.0) << "invert " << invert;
  }
}

TEST_F(ImageTest, ThresholdDefaultsMatchAdaptiveThreshold) {
  const RunResult r = run_satfilter({in("gray.pgm"), out("out.png"), "--filter", "threshold", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  cv::Mat expected;
  cv::adaptiveThreshold(read(in("gray.pgm")), expected, 255, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY, 11, 2);
  EXPECT_EQ(cv::norm(read(out("out.png")), expected, cv::NORM_INF), 0.0);
}

TEST_F(ImageTest, SauvolaMatchesReference) {
  const RunResult r = run_satfilter({in("color.png"), out("out.png"), "--filter", "sauvola", "--window", "15", "--k",
                                     "0.3", "--r", "100", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  const cv::Mat output = read(out("out.png"));
  ASSERT_EQ(output.type(), CV_8UC1);
  EXPECT_TRUE(is_binary(output, 255));
  const cv::Mat expected = sauvola_reference(to_gray(read(in("color.png"))), 15, 0.3, 100, 255);
  EXPECT_LT(mismatch_fraction(output, expected), 0.005);
}

TEST_F(ImageTest, BradleyMatchesReferenceWithMaxValue) {
  const RunResult r = run_satfilter({in("gray.pgm"), out("out.png"), "--filter", "bradley", "--window", "9", "--t",
                                     "10", "--max-value", "200", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  const cv::Mat output = read(out("out.png"));
  ASSERT_EQ(output.type(), CV_8UC1);
  EXPECT_TRUE(is_binary(output, 200));
  EXPECT_LT(mismatch_fraction(output, bradley_reference(read(in("gray.pgm")), 9, 10, 200)), 0.005);
}

TEST_F(ImageTest, JpegOutputIsWritten) {
  const RunResult r = run_satfilter({in("color.png"), out("out.jpg"), "--filter", "box", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  const cv::Mat output = read(out("out.jpg"));
  ASSERT_EQ(output.size(), cv::Size(97, 61));
  cv::Mat expected;
  cv::blur(read(in("color.png")), expected, cv::Size(3, 3));
  EXPECT_LT(cv::norm(output, expected, cv::NORM_L1) / double(expected.total() * 3), 4.0);  // JPEG loss
}

TEST_F(ImageTest, ReplacesAnExistingOutputWithY) {
  cv::imwrite(out("out.png"), cv::Mat(5, 5, CV_8UC1, cv::Scalar(7)));
  const RunResult r = run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--backend", "cpu", "-y"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read(out("out.png")).size(), cv::Size(97, 61));
}

TEST_F(ImageTest, ReportListsStagesAndThroughput) {
  const RunResult r =
      run_satfilter({in("color.png"), out("out.png"), "--filter", "sauvola", "--backend", "cpu", "--report"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* word : {"decode", "SAT", "filter", "encode", "throughput", "steady_clock", "backend    cpu"})
    EXPECT_NE(r.out.find(word), std::string::npos) << word << " missing from:\n" << r.out;
  EXPECT_EQ(r.err, "");
}

}  // namespace
}  // namespace satfilter_test
