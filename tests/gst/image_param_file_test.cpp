// The variable blur's radius-map-file as a hostile input: a FIFO, a directory or a device is
// refused at once (never opened for a blocking read), at start and when set while PLAYING; a file
// longer than its header allows, or whose header announces another size than the frames', is
// refused before it is read on or decoded (a 1 MiB PNG announcing 32768x32768); after such an
// error every frame is an error (never a frame filtered with the map before); and the failing
// pipeline ends with the element's error every time, its map file left as it was.
#include <gst/check/gstharness.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "gst_test_support.h"

namespace {

using namespace std::chrono_literals;

using gst_test::TempFile;

std::string pgm(int width, int height, uint8_t value = 3) {
  return "P5\n" + std::to_string(width) + " " + std::to_string(height) + "\n255\n" +
         std::string(std::size_t(width) * std::size_t(height), char(value));
}

std::string vblur(const std::string& map) {
  return "satvariableblur backend=cpu shape=map max-radius=8 radius-map-file=" + map;
}

void append_be32(std::string& out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += char((v >> shift) & 0xFF);
}

void append_chunk(std::string& png, const char* type, const std::string& data) {
  append_be32(png, uint32_t(data.size()));
  const std::string body = type + data;
  png += body;
  append_be32(png, uint32_t(crc32(0, reinterpret_cast<const Bytef*>(body.data()), uInt(body.size()))));
}

// A valid 8-bit gray PNG of width × height black pixels (filter byte 0 on every row: all zeros),
// written without the gigabyte it decodes to: the deflate stream of 64 rows, ended by a sync
// flush (byte-aligned, no final block) and so repeatable, height / 64 times, then an empty final
// block. 32768 × 32768 takes about 1 MiB.
std::string black_png(uint32_t width, uint32_t height) {
  const std::vector<Bytef> rows(std::size_t(width + 1) * 64, 0);
  z_stream z{};
  deflateInit2(&z, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY);  // raw deflate: zlib's header is ours
  std::vector<Bytef> block(deflateBound(&z, uLong(rows.size())) + 16);
  z.next_in = const_cast<Bytef*>(rows.data());
  z.avail_in = uInt(rows.size());
  z.next_out = block.data();
  z.avail_out = uInt(block.size());
  deflate(&z, Z_SYNC_FLUSH);
  const std::size_t block_size = block.size() - z.avail_out;
  deflateEnd(&z);
  const uLong rows_adler = adler32(1, rows.data(), uInt(rows.size()));
  std::string idat = "\x78\xda";
  uLong adler = 1;
  for (uint32_t i = 0; i < height / 64; ++i) {
    idat.append(reinterpret_cast<const char*>(block.data()), block_size);
    adler = adler32_combine(adler, rows_adler, z_off_t(rows.size()));
  }
  idat += std::string("\x03\x00", 2);  // final, fixed-Huffman block holding end-of-block alone
  append_be32(idat, uint32_t(adler));
  std::string ihdr;
  append_be32(ihdr, width);
  append_be32(ihdr, height);
  ihdr += std::string("\x08\x00\x00\x00\x00", 5);  // 8-bit gray, deflate, adaptive filters, no interlace
  std::string png = "\x89PNG\r\n\x1a\n";
  append_chunk(png, "IHDR", ihdr);
  append_chunk(png, "IDAT", idat);
  append_chunk(png, "IEND", "");
  return png;
}

gst_test::RawFrame gray_frame(int width, int height) {
  return gst_test::videotestsrc_frame("smpte", GST_VIDEO_FORMAT_GRAY8, width, height);
}

void expect_refused(const gst_test::RunResult& result, const std::string& path, const std::string& reason,
                    GQuark domain, int code) {
  EXPECT_NE(result.error.find("radius-map-file \"" + path + "\""), std::string::npos) << result.error;
  EXPECT_NE(result.error.find(reason), std::string::npos) << result.error;
  EXPECT_EQ(result.error_domain, domain) << result.error;
  EXPECT_EQ(result.error_code, code) << result.error;
  EXPECT_TRUE(result.outputs.empty());
}

TEST(ImageParamFile, AFifoADirectoryOrADeviceIsRefusedAtStartWithoutWaiting) {
  const gst_test::Fifo fifo("radius_fifo.png");
  const std::string folder = std::filesystem::temp_directory_path().string();
  const std::pair<std::string, std::string> cases[] = {
      {fifo.path.string(), "is a FIFO (named pipe), not a regular file"},
      {folder, "is a directory, not a regular file"},
      {"/dev/zero", "is a character device, not a regular file"}};
  for (const auto& [path, reason] : cases) {
    gst_test::RunResult result;
    EXPECT_TRUE(gst_test::ends_within(
        2s, [&] { result = gst_test::run_frames(vblur(path), {gray_frame(32, 24)}); }, &fifo))
        << path << ": still waiting after 2 s";
    expect_refused(result, path, reason, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_OPEN_READ);
  }
}

TEST(ImageParamFile, AFifoSetWhilePlayingIsRefusedAtTheNextFrame) {
  const TempFile map("radius_32x24.pgm", pgm(32, 24));
  const gst_test::Fifo fifo("radius_fifo_later.png");
  gst_test::RunResult result;
  const std::vector<gst_test::RawFrame> frames(3, gray_frame(32, 24));
  EXPECT_TRUE(gst_test::ends_within(
      2s,
      [&] {
        result = gst_test::run_frames(vblur(map.path.string()), frames, "", [&](GstElement* element, std::size_t i) {
          if (i == 1) g_object_set(element, "radius-map-file", fifo.path.c_str(), nullptr);
        });
      },
      &fifo))
      << "still waiting after 2 s";
  EXPECT_NE(
      result.error.find("radius-map-file \"" + fifo.path.string() + "\": is a FIFO (named pipe), not a regular file"),
      std::string::npos)
      << result.error;
  EXPECT_EQ(result.outputs.size(), 1u);  // frame 0 with the first map, nothing after
}

TEST(ImageParamFile, AFileLongerThanItsHeaderAllowsIsRefusedUnread) {
  // A 4x3 PGM header, then 32 MiB (a sparse file: nothing written, nothing to read).
  const TempFile map("radius_padded.pgm", pgm(4, 3));
  std::filesystem::resize_file(map.path, std::uintmax_t(32) << 20);
  const gst_test::RunResult result = gst_test::run_frames(vblur(map.path.string()), {gray_frame(4, 3)});
  expect_refused(result, map.path.string(), "it holds 33554432 bytes, more than a 4x3 image takes", GST_STREAM_ERROR,
                 GST_STREAM_ERROR_FORMAT);
}

long peak_rss_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

TEST(ImageParamFile, AHeaderAnnouncing32768SquaredIsRefusedBeforeDecoding) {
  const TempFile map("radius_32768.png", black_png(32768, 32768));
  ASSERT_LT(std::filesystem::file_size(map.path), std::uintmax_t(2) << 20);
  const long rss_before = peak_rss_kib();
  const auto start = std::chrono::steady_clock::now();
  const gst_test::RunResult result = gst_test::run_frames(vblur(map.path.string()), {gray_frame(64, 48)});
  const auto elapsed = std::chrono::steady_clock::now() - start;
  expect_refused(result, map.path.string(), "it is 32768x32768, the frames are 64x48", GST_STREAM_ERROR,
                 GST_STREAM_ERROR_FORMAT);
  EXPECT_LT(elapsed, 1s) << std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count() << " ms";
  // Decoded, it is 1 GiB of pixels (and stb_image's copies): the peak may grow by the file alone.
  EXPECT_LT(peak_rss_kib() - rss_before, 64 * 1024) << "KiB more at the peak";
}

TEST(ImageParamFile, TheSameMapAtTheFramesSizeIsDecodedAndUsed) {
  // black_png's stream decodes (the refusal above is the header's, not a broken file's): at
  // 256x256, every radius 0, the blur is the identity.
  const TempFile map("radius_256.png", black_png(256, 256));
  const gst_test::RawFrame frame = gray_frame(256, 256);
  const gst_test::RunResult result = gst_test::run_frames(vblur(map.path.string()), {frame});
  ASSERT_EQ(result.error, "");
  ASSERT_EQ(result.outputs.size(), 1u);
  EXPECT_EQ(gst_test::first_difference(frame, result.outputs[0]), "");
}

// Pushes one 40x30 GRAY8 frame into the harness; the flow return, and the output when there is one.
GstFlowReturn push(GstHarness* h, const gst_test::RawFrame& frame, std::vector<uint8_t>* output = nullptr) {
  const GstFlowReturn flow = gst_harness_push(h, gst_buffer_new_memdup(frame.bytes.data(), frame.bytes.size()));
  if (GstBuffer* out = gst_harness_try_pull(h)) {
    if (output) {
      output->resize(gst_buffer_get_size(out));
      gst_buffer_extract(out, 0, output->data(), output->size());
    }
    gst_buffer_unref(out);
  }
  return flow;
}

TEST(ImageParamFile, AfterAMapErrorEveryFrameIsAnErrorUntilTheFileChanges) {
  std::string ramp = "P5\n40 30\n255\n";
  for (int i = 0; i < 40 * 30; ++i) ramp += char(i % 40 / 5);
  const TempFile map("radius_ramp.pgm", ramp);
  GstHarness* h = gst_harness_new_parse(vblur(map.path.string()).c_str());
  gst_harness_set_src_caps_str(h, "video/x-raw,format=GRAY8,width=40,height=30,framerate=30/1");
  const gst_test::RawFrame frame = gst_test::videotestsrc_frame("zone-plate", GST_VIDEO_FORMAT_GRAY8, 40, 30);
  std::vector<uint8_t> first, again;
  ASSERT_EQ(push(h, frame, &first), GST_FLOW_OK);
  GstElement* element = gst_harness_find_element(h, "satvariableblur");
  g_object_set(element, "radius-map-file", "/nonexistent/radius.pgm", nullptr);
  EXPECT_EQ(push(h, frame), GST_FLOW_ERROR);
  // Not the map before the error, silently: the error stays until a property changes.
  EXPECT_EQ(push(h, frame), GST_FLOW_ERROR);
  EXPECT_EQ(push(h, frame), GST_FLOW_ERROR);
  g_object_set(element, "radius-map-file", map.path.c_str(), nullptr);
  EXPECT_EQ(push(h, frame, &again), GST_FLOW_OK);
  EXPECT_EQ(again, first);
  gst_object_unref(element);
  gst_harness_teardown(h);
}

// "videotestsrc ! satvariableblur ! fakesink" set PLAYING: the first error on the bus within 5 s
// (its source's name and text), then NULL, which must succeed.
struct Ending {
  std::string source, error;
  GstStateChangeReturn to_null = GST_STATE_CHANGE_FAILURE;
};
Ending run_pipeline(const std::string& element, int width, int height) {
  const std::string description = "videotestsrc ! video/x-raw,format=GRAY8,width=" + std::to_string(width) +
                                  ",height=" + std::to_string(height) + " ! " + element + " name=blur ! fakesink";
  Ending ending;
  GstElement* pipeline = gst_parse_launch(description.c_str(), nullptr);
  if (!pipeline) return ending;
  gst_element_set_state(pipeline, GST_STATE_PLAYING);
  GstBus* bus = gst_element_get_bus(pipeline);
  if (GstMessage* m =
          gst_bus_timed_pop_filtered(bus, 5 * GST_SECOND, GstMessageType(GST_MESSAGE_ERROR | GST_MESSAGE_EOS))) {
    if (GST_MESSAGE_TYPE(m) == GST_MESSAGE_ERROR) {
      GError* e = nullptr;
      gst_message_parse_error(m, &e, nullptr);
      ending.source = GST_OBJECT_NAME(GST_MESSAGE_SRC(m));
      ending.error = e->message;
      g_clear_error(&e);
    }
    gst_message_unref(m);
  }
  ending.to_null = gst_element_set_state(pipeline, GST_STATE_NULL);
  gst_object_unref(bus);
  gst_object_unref(pipeline);
  return ending;
}

TEST(ImageParamFile, AMapErrorEndsThePipelineEveryTimeAndTheFileIsLeftAsItWas) {
  const TempFile wrong_size("radius_40x30.pgm", pgm(40, 30));
  const TempFile huge("radius_huge.png", black_png(32768, 32768));
  const gst_test::Fifo fifo("radius_fifo_again.png");
  struct Case {
    std::string path, reason;
  } const cases[] = {{wrong_size.path.string(), "it is 40x30, the frames are 64x48"},  // at the first frame
                     {huge.path.string(), "it is 32768x32768, the frames are 64x48"},
                     {fifo.path.string(), "is a FIFO (named pipe), not a regular file"}};  // when the element starts
  for (const Case& c : cases) {
    struct stat before {};
    ASSERT_EQ(::stat(c.path.c_str(), &before), 0);
    for (int run = 0; run < 20; ++run) {
      Ending ending;
      ASSERT_TRUE(gst_test::ends_within(
          10s, [&] { ending = run_pipeline(vblur(c.path), 64, 48); }, &fifo))
          << c.path << ", run " << run;
      ASSERT_EQ(ending.source, "blur") << c.path << ", run " << run << ": " << ending.error;
      ASSERT_NE(ending.error.find(c.reason), std::string::npos) << ending.error;
      ASSERT_EQ(ending.to_null, GST_STATE_CHANGE_SUCCESS) << c.path << ", run " << run;
    }
    struct stat after {};
    ASSERT_EQ(::stat(c.path.c_str(), &after), 0);
    EXPECT_EQ(after.st_size, before.st_size) << c.path;
    EXPECT_EQ(after.st_mtim.tv_sec, before.st_mtim.tv_sec) << c.path;
    EXPECT_EQ(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec) << c.path;
  }
}

}  // namespace
