// satfilter --format: the format of every output, not only of OUTPUT - (stdout).
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <filesystem>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using FormatTest = SatfilterTest;

cv::Mat read(const std::string& path) { return cv::imread(path, cv::IMREAD_UNCHANGED); }

cv::Mat box3(const cv::Mat& image) {
  cv::Mat expected;
  cv::blur(image, expected, cv::Size(3, 3));
  return expected;
}

// A batch of JPEG photographs to masks with --format png: lossless PNGs named after the inputs,
// not JPEGs named .jpg.
TEST_F(FormatTest, SetsTheFormatOfABatchsOutputs) {
  ASSERT_TRUE(cv::imwrite(in("photo.jpg"), read(in("color.png"))));
  std::filesystem::create_directory(out("masks"));
  const RunResult r = run_satfilter({"-o", out("masks"), in("photo.jpg"), in("gray.pgm"), "--format", "png", "--filter",
                                     "box", "--ksize", "3", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(file_exists(out("masks/photo.jpg")));
  EXPECT_FALSE(file_exists(out("masks/gray.pgm")));
  ASSERT_TRUE(file_exists(out("masks/photo.png")));
  ASSERT_TRUE(file_exists(out("masks/gray.png")));
  EXPECT_EQ(file_bytes(out("masks/photo.png")).substr(1, 3), "PNG");
  // Lossless: exactly the filtered input.
  EXPECT_EQ(cv::norm(read(out("masks/photo.png")), box3(read(in("photo.jpg"))), cv::NORM_INF), 0.0);
  EXPECT_EQ(cv::norm(read(out("masks/gray.png")), box3(read(in("gray.pgm"))), cv::NORM_INF), 0.0);
}

TEST_F(FormatTest, AnOutputWithoutExtensionTakesTheFormat) {
  const RunResult r = run_satfilter(
      {in("color.png"), out("result"), "--format", "bmp", "--filter", "box", "--ksize", "3", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(file_exists(out("result")));
  ASSERT_TRUE(file_exists(out("result.bmp")));
  EXPECT_EQ(file_bytes(out("result.bmp")).substr(0, 2), "BM");
  EXPECT_EQ(cv::norm(read(out("result.bmp")), box3(read(in("color.png"))), cv::NORM_INF), 0.0);
}

TEST_F(FormatTest, AgreeingSpellingsAreNoContradiction) {
  const RunResult r =
      run_satfilter({in("color.png"), out("out.jpeg"), "--format", "JPG", "--filter", "box", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(file_exists(out("out.jpeg")));
}

TEST_F(FormatTest, AContradictingExtensionIsACommandLineError) {
  const RunResult r =
      run_satfilter({in("color.png"), out("out.jpg"), "--format", "png", "--filter", "box", "--backend", "cpu"});
  expect_clean_failure(r, out("out.jpg"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--format says png"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(out("out.png")));
}

}  // namespace
}  // namespace satfilter_test
