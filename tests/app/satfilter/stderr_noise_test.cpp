// What libraries print is not satfilter's to show: libpng's warnings on every path an image is
// read by (an INPUT, a batch, a sequence, stdin, a --radius-map), OpenCV's error dump on a
// 64-bit TIFF, the encoders' chatter while a video is written. stderr holds satfilter's own
// lines, and under -q nothing but errors.
#include <opencv2/imgcodecs.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using StderrNoiseTest = SatfilterTest;

std::uint32_t png_crc(const std::string& bytes) {
  std::uint32_t crc = 0xffffffffu;
  for (const char byte : bytes) {
    crc ^= std::uint8_t(byte);
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

std::string big_endian(std::uint32_t value) {
  return {char(value >> 24), char(value >> 16), char(value >> 8), char(value)};
}

// `png` with an iCCP chunk (a colour profile, as many programs write them) that libpng finds
// wanting: it decodes the image and prints "libpng warning: iCCP: too short" on stderr (as the
// test's own cv::imread below shows in the test's output).
void write_with_bad_profile(const std::string& png, const std::string& to) {
  const std::string body = std::string("ICC\0\0", 5) + std::string("\x78\x9c\x03\x00\x00\x00\x00\x01", 8);
  const std::string chunk = big_endian(std::uint32_t(body.size())) + "iCCP" + body + big_endian(png_crc("iCCP" + body));
  std::ofstream(to, std::ios::binary) << png.substr(0, 33) << chunk << png.substr(33);  // after IHDR
}

void expect_silent(const RunResult& r) {
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
}

TEST_F(StderrNoiseTest, PngWarningsStayOffStderrOnEveryReadPath) {
  write_with_bad_profile(file_bytes(in("color.png")), in("profiled.png"));
  write_with_bad_profile(file_bytes(in("color.png")), in("frame_0.png"));
  write_with_bad_profile(file_bytes(in("color.png")), in("frame_1.png"));
  ASSERT_TRUE(cv::imwrite(in("map_plain.png"), cv::Mat(61, 97, CV_8UC1, cv::Scalar(3))));
  write_with_bad_profile(file_bytes(in("map_plain.png")), in("map.png"));
  ASSERT_FALSE(cv::imread(in("profiled.png")).empty());
  ASSERT_FALSE(cv::imread(in("map.png")).empty());
  std::filesystem::create_directory(out("batch"));
  const std::vector<std::string> cpu = {"--backend", "cpu", "-q"};
  auto with = [&cpu](std::vector<std::string> args) {
    args.insert(args.end(), cpu.begin(), cpu.end());
    return args;
  };
  {
    SCOPED_TRACE("INPUT");
    expect_silent(run_satfilter(with({in("profiled.png"), out("out.png"), "--filter", "box"})));
  }
  {
    SCOPED_TRACE("a batch");
    expect_silent(run_satfilter(with({"-o", out("batch"), in("profiled.png"), in("color.png"), "--filter", "box"})));
  }
  {
    SCOPED_TRACE("a sequence");
    expect_silent(run_satfilter(with({in("frame_%d.png"), out("seq_%d.png"), "--filter", "box"})));
  }
  {
    SCOPED_TRACE("stdin");
    expect_silent(run_satfilter(with({"-", out("stdin.png"), "--filter", "box"}), in("profiled.png")));
  }
  {
    SCOPED_TRACE("--radius-map");
    expect_silent(run_satfilter(with({in("color.png"), out("vblur.png"), "--filter", "variable-blur", "--shape", "map",
                                      "--radius-map", in("map.png")})));
  }
}

// A 4x4 gray TIFF of unsigned 64-bit integers (as numpy and tifffile write an uint64 array),
// uncompressed, little-endian: OpenCV 4.6 refuses its header and prints the exception (7 lines,
// "imread_(...): can't read header: OpenCV(4.6.0) ... SAMPLEFORMAT_IEEEFP") on std::cerr.
void write_uint64_tiff(const std::string& path) {
  std::string bytes = "II*";
  bytes += '\0';
  auto u16 = [&bytes](unsigned v) { bytes += {char(v & 0xff), char(v >> 8)}; };
  auto u32 = [&bytes](std::uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes += char((v >> (8 * i)) & 0xff);
  };
  constexpr unsigned kSide = 4;
  // Tag, type (3 SHORT, 4 LONG), value: width, height, bits, no compression, black is zero,
  // strip offset, samples per pixel, rows per strip, strip bytes, sample format unsigned.
  const unsigned tags[][3] = {{256, 3, kSide}, {257, 3, kSide}, {258, 3, 64},
                              {259, 3, 1},     {262, 3, 1},     {273, 4, 0},
                              {277, 3, 1},     {278, 3, kSide}, {279, 4, kSide * kSide * 8},
                              {339, 3, 1}};
  const unsigned entries = sizeof tags / sizeof tags[0];
  const std::uint32_t data_offset = 8 + 2 + entries * 12 + 4;
  u32(8);
  u16(entries);
  for (const auto& tag : tags) {
    u16(tag[0]);
    u16(tag[1]);
    u32(1);
    const std::uint32_t value = tag[0] == 273 ? data_offset : tag[2];
    if (tag[1] == 3) {
      u16(value);
      u16(0);
    } else {
      u32(value);
    }
  }
  u32(0);  // no next directory
  for (unsigned i = 0; i < kSide * kSide; ++i) {
    u32(1000 * i);
    u32(0);
  }
  std::ofstream(path, std::ios::binary) << bytes;
}

// OpenCV 4.6 prints its own failure on 64-bit TIFFs (the exception on std::cerr for integers, a
// logged warning for a float image larger than a strip) before returning no image; satfilter's
// one line is all that shows.
TEST_F(StderrNoiseTest, SixtyFourBitTiffIsOneLine) {
  write_uint64_tiff(in("integers.tif"));
  cv::Mat doubles(300, 300, CV_64FC1);
  cv::randu(doubles, 0.0, 1.0);
  ASSERT_TRUE(cv::imwrite(in("doubles.tif"), doubles));
  for (const char* name : {"integers.tif", "doubles.tif"}) {
    for (const bool quiet : {false, true}) {
      SCOPED_TRACE(std::string(name) + (quiet ? " -q" : " without -q"));
      std::vector<std::string> args = {in(name), out("out.png"), "--filter", "box", "--backend", "cpu"};
      if (quiet) args.push_back("-q");
      const RunResult r = run_satfilter(args);
      expect_clean_failure(r, out("out.png"));
      EXPECT_EQ(r.status, 1);
      EXPECT_NE(r.err.find("'" + in(name) + "'"), std::string::npos) << r.err;
    }
  }
}

// Writing every video format (the encoders' notes while opening, libx264's banner) and reading
// a video: nothing under -q.
TEST_F(StderrNoiseTest, VideoWritersAreQuiet) {
  for (const char* name : {"out.mp4", "out.mov", "out.webm", "out.avi"}) {
    SCOPED_TRACE(name);
    expect_silent(run_satfilter({in("clip.avi"), out(name), "--filter", "box", "--backend", "cpu", "-q"}));
  }
}

}  // namespace
}  // namespace satfilter_test
