// What satfilter reads at most: a stream (stdin, a FIFO, a device) no further than the largest
// image it accepts, and no image larger than --max-pixels, judged from its header before it is
// decoded. Every run here has a deadline: without these limits /dev/zero would be read until
// memory runs out, and a small PNG announcing 32767x32767 pixels decoded into 1 GiB.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using Clock = std::chrono::steady_clock;

class InputLimitsTest : public SatfilterTest {
 protected:
  // A writer to a FIFO whose reader gives up must see EPIPE, not die of SIGPIPE.
  void SetUp() override { previous_ = std::signal(SIGPIPE, SIG_IGN); }
  void TearDown() override { std::signal(SIGPIPE, previous_); }

  // Runs satfilter with `args`, stdin from `stdin_path` when given, and expects it to fail with
  // exit status 1 within `deadline`: the message is returned.
  std::string expect_refused_within(const std::vector<std::string>& args, std::chrono::seconds deadline,
                                    const std::string& stdin_path = "") {
    const auto start = Clock::now();
    SatfilterProcess process(args, stdin_path);
    EXPECT_TRUE(process.started());
    const std::optional<RunResult> r = process.wait_for(deadline);
    if (!r) {
      ADD_FAILURE() << "satfilter still runs after " << deadline.count() << " s";
      return "";
    }
    elapsed_s = std::chrono::duration<double>(Clock::now() - start).count();
    expect_clean_failure(*r, out("out.png"));
    EXPECT_EQ(r->status, 1) << r->err;
    return r->err;
  }

  double elapsed_s = 0;

 private:
  void (*previous_)(int) = SIG_DFL;
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Writes `head`, then zeros without end, into the FIFO `path` from another thread until its
// reader closes it (EPIPE) or `most` bytes are written.
std::thread feed_endless(const std::string& path, std::string head, std::uint64_t most) {
  return std::thread([path, head = std::move(head), most] {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return;
    std::vector<char> zeros(1 << 16, 0);
    std::uint64_t written = 0;
    if (::write(fd, head.data(), head.size()) == ssize_t(head.size()))
      for (ssize_t n = 0; written < most && (n = ::write(fd, zeros.data(), zeros.size())) > 0;)
        written += std::uint64_t(n);
    ::close(fd);
  });
}

// The CRC of a PNG chunk (ISO 3309, as zlib's crc32).
std::uint32_t png_crc(const std::string& bytes) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (const unsigned char c : bytes) {
    crc ^= c;
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return crc ^ 0xFFFFFFFFu;
}

std::string big_endian(std::uint32_t v) { return {char(v >> 24), char(v >> 16), char(v >> 8), char(v)}; }

std::string png_chunk(const std::string& type, const std::string& data) {
  return big_endian(std::uint32_t(data.size())) + type + data + big_endian(png_crc(type + data));
}

// A well-formed PNG header announcing `width` x `height` 8-bit gray pixels, with the first row
// of zeros in a stored deflate block: a few dozen kilobytes that a decoder without a limit
// allocates width x height bytes for.
std::string png_bomb(std::uint32_t width, std::uint32_t height) {
  const std::string ihdr = big_endian(width) + big_endian(height) + std::string("\x08\x00\x00\x00\x00", 5);
  const std::uint32_t row = width + 1;  // the filter byte, then the pixels
  std::string zlib = "\x78\x01";
  zlib += char(1);  // the last block, stored
  zlib += {char(row & 0xFF), char(row >> 8), char(~row & 0xFF), char((~row >> 8) & 0xFF)};
  zlib += std::string(row, '\0');
  zlib += big_endian((row % 65521u) << 16 | 1u);  // Adler-32 of `row` zeros
  return std::string("\x89PNG\r\n\x1a\n", 8) + png_chunk("IHDR", ihdr) + png_chunk("IDAT", zlib) +
         png_chunk("IEND", "");
}

TEST_F(InputLimitsTest, DevZeroAsInputIsRefusedAtOnce) {
  const std::string err = expect_refused_within({"/dev/zero", out("out.png"), "--filter", "box", "--backend", "cpu"},
                                                std::chrono::seconds(20));
  EXPECT_TRUE(contains(err, "'/dev/zero'")) << err;
  EXPECT_TRUE(contains(err, "not those of an image")) << err;
  EXPECT_LT(elapsed_s, 10);
}

TEST_F(InputLimitsTest, DevZeroOnStdinIsRefusedAtOnce) {
  const std::string err = expect_refused_within({"-", out("out.png"), "--filter", "box", "--backend", "cpu"},
                                                std::chrono::seconds(20), "/dev/zero");
  EXPECT_TRUE(contains(err, "'stdin'")) << err;
  EXPECT_TRUE(contains(err, "not those of an image")) << err;
}

TEST_F(InputLimitsTest, DevZeroAsRadiusMapIsRefusedAtOnce) {
  const std::string err = expect_refused_within({in("gray.pgm"), out("out.png"), "--filter", "variable-blur", "--shape",
                                                 "map", "--radius-map", "/dev/zero", "--backend", "cpu"},
                                                std::chrono::seconds(20));
  EXPECT_TRUE(contains(err, "--radius-map")) << err;
  EXPECT_TRUE(contains(err, "'/dev/zero'")) << err;
}

// A parameter image is a regular file: a FIFO with no writer (the input may be one: it is read
// once) and a directory are refused at once, not waited on.
TEST_F(InputLimitsTest, AFifoOrADirectoryAsRadiusMapIsRefusedAtOnce) {
  ASSERT_EQ(::mkfifo(in("map.pgm").c_str(), 0600), 0);
  for (const std::string& map : {in("map.pgm"), in("")}) {
    const std::string err = expect_refused_within({in("gray.pgm"), out("out.png"), "--filter", "variable-blur",
                                                   "--shape", "map", "--radius-map", map, "--backend", "cpu"},
                                                  std::chrono::seconds(20));
    EXPECT_TRUE(contains(err, "--radius-map")) << err;
    EXPECT_TRUE(contains(err, map == in("map.pgm") ? "is a FIFO (named pipe), not a regular file"
                                                   : "is a directory, not a regular file"))
        << err;
  }
}

// An image header on a FIFO, then zeros without end: read no further than that image takes.
TEST_F(InputLimitsTest, AStreamIsReadNoFurtherThanItsImageTakes) {
  ASSERT_EQ(::mkfifo(in("pipe.png").c_str(), 0600), 0);
  const std::string head = png_bomb(64, 40).substr(0, 33);  // signature and IHDR: 64x40
  std::thread writer = feed_endless(in("pipe.png"), head, std::uint64_t(4) << 30);
  const std::string err = expect_refused_within({in("pipe.png"), out("out.png"), "--filter", "box", "--backend", "cpu"},
                                                std::chrono::seconds(30));
  writer.join();
  EXPECT_TRUE(contains(err, "'" + in("pipe.png") + "'")) << err;
  EXPECT_TRUE(contains(err, "more than " + std::to_string(16 * 64 * 40 + (16 << 20)) + " bytes")) << err;
  EXPECT_TRUE(contains(err, "--max-pixels")) << err;
}

TEST_F(InputLimitsTest, AFifoThatStartsLikeNoImageIsRefusedWithoutWaitingForItsEnd) {
  ASSERT_EQ(::mkfifo(in("pipe.png").c_str(), 0600), 0);
  std::thread writer = feed_endless(in("pipe.png"), "", std::uint64_t(4) << 30);
  const std::string err = expect_refused_within({in("pipe.png"), out("out.png"), "--filter", "box", "--backend", "cpu"},
                                                std::chrono::seconds(20));
  writer.join();
  EXPECT_TRUE(contains(err, "not those of an image")) << err;
}

TEST_F(InputLimitsTest, ADecompressionBombIsRefusedFromItsHeader) {
  std::ofstream(in("bomb.png"), std::ios::binary) << png_bomb(32767, 32767);
  for (const std::string& input : {in("bomb.png"), std::string("-")}) {
    SCOPED_TRACE(input);
    const std::string err = expect_refused_within({input, out("out.png"), "--filter", "box", "--backend", "cpu"},
                                                  std::chrono::seconds(20), input == "-" ? in("bomb.png") : "");
    EXPECT_TRUE(contains(err, "32767x32767 (1073676289 pixels)")) << err;
    EXPECT_TRUE(contains(err, "limit of 268435456 pixels")) << err;
    EXPECT_TRUE(contains(err, "--max-pixels")) << err;
    EXPECT_LT(elapsed_s, 5);
  }
}

TEST_F(InputLimitsTest, MaxPixelsRefusesLargerImagesAndVideosAndTakesTheirSize) {
  // color.png is 97x61 (5917 pixels), clip.avi 64x48 (3072).
  const std::string err = expect_refused_within(
      {in("color.png"), out("out.png"), "--filter", "box", "--backend", "cpu", "--max-pixels", "5916"},
      std::chrono::seconds(20));
  EXPECT_TRUE(contains(err, "'" + in("color.png") + "'")) << err;
  EXPECT_TRUE(contains(err, "97x61 (5917 pixels), more than the limit of 5916 pixels")) << err;
  EXPECT_EQ(
      run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--backend", "cpu", "--max-pixels", "5917"})
          .status,
      0);

  const RunResult video =
      run_satfilter({in("clip.avi"), out("out.avi"), "--filter", "box", "--backend", "cpu", "--max-pixels", "3071"});
  expect_clean_failure(video, out("out.avi"));
  EXPECT_EQ(video.status, 1);
  EXPECT_TRUE(contains(video.err, "64x48 (3072 pixels)")) << video.err;
}

TEST_F(InputLimitsTest, MaxPixelsIsCheckedOnTheCommandLine) {
  for (const char* bad : {"0", "-1", "abc", "1099511627777"}) {
    SCOPED_TRACE(bad);
    const RunResult r =
        run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--backend", "cpu", "--max-pixels", bad});
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(contains(r.err, "--max-pixels")) << r.err;
  }
  EXPECT_TRUE(contains(run_satfilter({"--help"}).out, "--max-pixels")) << "--help lists --max-pixels";
}

}  // namespace
}  // namespace satfilter_test
