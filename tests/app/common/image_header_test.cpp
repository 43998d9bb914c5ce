// read_image_header() against OpenCV's own encoders: the size of every format it reads, at odd
// sizes, and no answer from bytes that are not an image or are cut short.
#include <gtest/gtest.h>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include <string>
#include <vector>

#include "common/image/image_header.h"
#include "common/image/image_limits.h"

namespace {

using satapp::image::HeaderKind;
using satapp::image::ImageHeader;
using satapp::image::read_image_header;

std::vector<uchar> encode(const std::string& extension, const cv::Mat& image, const std::vector<int>& params = {}) {
  std::vector<uchar> bytes;
  EXPECT_TRUE(cv::imencode(extension, image, bytes, params)) << extension;
  return bytes;
}

cv::Mat noise(int width, int height, int type) {
  cv::Mat image(height, width, type);
  cv::randu(image, 0, 256);
  return image;
}

ImageHeader header_of(const std::vector<uchar>& bytes) { return read_image_header(bytes.data(), bytes.size()); }

TEST(ImageHeader, SizesOfOpenCvEncodings) {
  struct Case {
    const char* extension;
    int type;
    std::vector<int> params;
  };
  const Case cases[] = {
      {".png", CV_8UC3, {}},
      {".png", CV_8UC1, {}},
      {".jpg", CV_8UC3, {}},
      {".jpg", CV_8UC1, {}},
      {".bmp", CV_8UC3, {}},
      {".bmp", CV_8UC4, {}},
      {".pgm", CV_8UC1, {}},
      {".ppm", CV_8UC3, {}},
      {".pgm", CV_8UC1, {cv::IMWRITE_PXM_BINARY, 0}},
      {".pam", CV_8UC4, {}},
      {".tif", CV_8UC3, {}},
      {".webp", CV_8UC3, {}},
      {".webp", CV_8UC3, {cv::IMWRITE_WEBP_QUALITY, 101}},
      {".ras", CV_8UC3, {}},
  };
  for (const Case& c : cases) {
    for (const cv::Size size : {cv::Size(97, 61), cv::Size(1, 333), cv::Size(1027, 3)}) {
      SCOPED_TRACE(std::string(c.extension) + " " + std::to_string(size.width) + "x" + std::to_string(size.height));
      if (!cv::haveImageWriter(std::string("x") + c.extension)) continue;
      const ImageHeader header = header_of(encode(c.extension, noise(size.width, size.height, c.type), c.params));
      ASSERT_EQ(header.kind, HeaderKind::Sized);
      EXPECT_EQ(header.width, std::uint64_t(size.width));
      EXPECT_EQ(header.height, std::uint64_t(size.height));
    }
  }
}

TEST(ImageHeader, NetpbmCommentsAndBlanks) {
  const std::string pgm = "P5\n# a comment 999 999\n  640\t# another\n480\n255\n";
  const ImageHeader header = read_image_header(reinterpret_cast<const std::uint8_t*>(pgm.data()), pgm.size());
  ASSERT_EQ(header.kind, HeaderKind::Sized);
  EXPECT_EQ(header.width, 640u);
  EXPECT_EQ(header.height, 480u);
}

TEST(ImageHeader, BytesOfNoImageAreUnknown) {
  const std::vector<uchar> zeros(64, 0);
  EXPECT_EQ(header_of(zeros).kind, HeaderKind::Unknown);
  const std::string text = "this is a text file, not an image at all";
  EXPECT_EQ(read_image_header(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()).kind,
            HeaderKind::Unknown);
  EXPECT_EQ(read_image_header(nullptr, 0).kind, HeaderKind::Unknown);
}

// Every prefix of every encoding: a known format is Format until its size is there, then Sized
// with the right size; never a size read from beyond the bytes given.
TEST(ImageHeader, PrefixesNeverReadPastTheirEnd) {
  for (const char* extension : {".png", ".jpg", ".bmp", ".ppm", ".tif", ".webp", ".ras"}) {
    if (!cv::haveImageWriter(std::string("x") + extension)) continue;
    const std::vector<uchar> bytes = encode(extension, noise(45, 23, CV_8UC3));
    for (std::size_t n = 0; n <= std::min<std::size_t>(bytes.size(), 4096); ++n) {
      SCOPED_TRACE(std::string(extension) + " prefix " + std::to_string(n));
      // A copy of exactly n bytes: a read past it is a heap overflow the sanitizers see.
      const std::vector<uchar> prefix(bytes.begin(), bytes.begin() + std::ptrdiff_t(n));
      const ImageHeader header = header_of(prefix);
      if (header.kind == HeaderKind::Sized) {
        EXPECT_EQ(header.width, 45u);
        EXPECT_EQ(header.height, 23u);
      }
    }
  }
}

TEST(ImageHeader, ABombIsSizedFromItsFirstBytes) {
  // A PNG's signature and IHDR chunk announcing 32767x32767 (1 GiB of 8-bit gray).
  const std::vector<uchar> ihdr = {0x89, 'P', 'N', 'G',  '\r', '\n', 0x1a, '\n', 0,    0, 0, 13, 'I', 'H', 'D',
                                   'R',  0,   0,   0x7f, 0xff, 0,    0,    0x7f, 0xff, 8, 0, 0,  0,   0};
  const ImageHeader header = header_of(ihdr);
  ASSERT_EQ(header.kind, HeaderKind::Sized);
  EXPECT_EQ(header.pixels(), 32767ull * 32767ull);
  EXPECT_NE(satapp::image::oversize_reason(header.width, header.height, satapp::image::kDefaultMaxPixels), "");
  EXPECT_EQ(satapp::image::oversize_reason(16384, 16384, satapp::image::kDefaultMaxPixels), "");
}

TEST(ImageLimits, EncodedBytesGrowWithThePixelsUpToTwoGiB) {
  using satapp::image::max_encoded_bytes;
  EXPECT_EQ(max_encoded_bytes(1), 16u + (16u << 20));
  EXPECT_LT(max_encoded_bytes(1000), max_encoded_bytes(1000000));
  EXPECT_EQ(max_encoded_bytes(satapp::image::kDefaultMaxPixels), satapp::image::kMaxEncodedBytes);
  EXPECT_EQ(max_encoded_bytes(~std::uint64_t(0)), satapp::image::kMaxEncodedBytes);
}

}  // namespace
