// Videos held in memory: the rawvideo:WxH:PATH source spec, --preload and --preload-mb, the raw
// file reader (frame count, exact pixels, refusals with their messages), the memory cap, the
// looping and pacing of MemoryVideoSource and its writing into the caller's buffer, the source
// controller's reports; with media I/O, --preload of a real video file against the decoder.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "sources/raw_video_file.h"  // and memory_video_source.h
#include "sources/source_controller.h"
#include "state/ui_state.h"
#include "test_files.h"
#include "test_images.h"
#include "test_options.h"
#if SATLAB_MEDIA_IO
#include "sources/video_source.h"  // decode_video (--preload), VideoSource; opencv2/videoio.hpp
#endif

namespace satlab {
namespace {

// Frame k of a raw test clip: every byte a function of (k, x, y, channel), different in every
// frame, so that a frame out of place or a shifted byte shows.
cv::Mat raw_frame(int width, int height, int k) {
  cv::Mat frame(height, width, CV_8UC3);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      frame.at<cv::Vec3b>(y, x) = cv::Vec3b(static_cast<uchar>(k * 37 + x), static_cast<uchar>(y * 5 + k),
                                            static_cast<uchar>((x * 3) ^ (y + 11 * k)));
  return frame;
}

// Writes `frames` frames of raw_frame back to back, as ffmpeg -f rawvideo -pix_fmt bgr24 does;
// `extra` bytes after them (a file that is no whole number of frames).
std::string write_raw(const std::filesystem::path& dir, const std::string& name, int width, int height, int frames,
                      int extra = 0) {
  const std::string path = (dir / name).string();
  std::ofstream out(path, std::ios::binary);
  for (int k = 0; k < frames; ++k) {
    const cv::Mat f = raw_frame(width, height, k);
    out.write(reinterpret_cast<const char*>(f.data), static_cast<std::streamsize>(f.total() * f.elemSize()));
  }
  for (int i = 0; i < extra; ++i) out.put(static_cast<char>(i));
  return path;
}

// The message of the SourceError `f` throws ("" when it throws none).
template <class F>
std::string source_error(F&& f) {
  try {
    f();
  } catch (const SourceError& e) {
    return e.what();
  }
  return "";
}

constexpr std::size_t kBig = std::size_t(1) << 30;

// ---- the spec and the options ------------------------------------------------------------------

TEST(RawVideoSpec, ParsesAndPrints) {
  std::string error;
  const auto s = parse_source_spec("rawvideo:1920x1080:clips/a.bgr", error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->kind, SourceSpec::Kind::RawVideo);
  EXPECT_EQ(s->width, 1920);
  EXPECT_EQ(s->height, 1080);
  EXPECT_EQ(s->path, "clips/a.bgr");
  EXPECT_EQ(to_string(*s), "rawvideo:1920x1080:clips/a.bgr");
  // The path is everything after the size, ':' included.
  const auto colon = parse_source_spec("rawvideo:2x3:c:/x:y.bgr", error);
  ASSERT_TRUE(colon);
  EXPECT_EQ(colon->path, "c:/x:y.bgr");
  EXPECT_EQ(colon->width, 2);
  EXPECT_EQ(colon->height, 3);
  const auto round = parse_source_spec(to_string(*colon), error);
  ASSERT_TRUE(round);
  EXPECT_EQ(to_string(*round), to_string(*colon));

  for (const char* bad : {"rawvideo:", "rawvideo:1920x1080", "rawvideo:1920x1080:", "rawvideo:0x10:a.bgr",
                          "rawvideo:10x0:a.bgr", "rawvideo:-4x4:a.bgr", "rawvideo:16385x2:a.bgr", "rawvideo:axb:a.bgr",
                          "rawvideo:10:a.bgr", "rawvideo::a.bgr"}) {
    EXPECT_FALSE(parse_source_spec(bad, error)) << bad;
    EXPECT_NE(error.find("rawvideo:WxH:PATH needs"), std::string::npos) << bad << ": " << error;
  }
  EXPECT_TRUE(parse_source_spec("rawvideo:16384x1:a.bgr", error));
}

TEST(RawVideoSpec, CommandLine) {
  const AppOptions o = test::parse({"--source", "rawvideo:64x48:a.bgr", "--preload-mb", "16"});
  EXPECT_EQ(o.source.kind, SourceSpec::Kind::RawVideo);
  EXPECT_EQ(o.preload_mb, 16);
  EXPECT_FALSE(o.preload);
  EXPECT_EQ(source_open_options(o).memory_cap_bytes, std::size_t(16) << 20);

  const AppOptions d = test::parse({"--source", "clip.mp4", "--preload"});
  EXPECT_TRUE(d.preload);
  EXPECT_EQ(d.preload_mb, kDefaultPreloadMiB);
  EXPECT_TRUE(source_open_options(d).preload);
  EXPECT_EQ(source_open_options(d).memory_cap_bytes, std::size_t(kDefaultPreloadMiB) << 20);
  EXPECT_FALSE(test::parse({}).preload);

  // Pacing: a window with vsync keeps the file's pace; headless and --no-vsync runs do not.
  EXPECT_FALSE(source_open_options(d).memory_unpaced);
  EXPECT_TRUE(source_open_options(test::parse({"--source", "clip.mp4", "--preload", "--headless"})).memory_unpaced);
  EXPECT_TRUE(source_open_options(test::parse({"--source", "clip.mp4", "--no-vsync"})).memory_unpaced);
  EXPECT_FALSE(source_open_options(test::parse({"--source", "clip.mp4", "--no-vsync"})).video_fast);
  EXPECT_TRUE(source_open_options(test::parse({"--fast"})).video_fast);

  // With no file to hold, --preload does nothing: an error in a run that ends by itself.
  try {
    test::parse({"--preload", "--source", "synthetic:64x48", "--frames", "3"});
    ADD_FAILURE() << "--preload with the synthetic scene was taken";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("does nothing with --source synthetic:64x48"), std::string::npos) << e.what();
  }
  EXPECT_THROW(test::parse({"--preload", "--headless"}), UsageError);                     // the default source
  EXPECT_NO_THROW(test::parse({"--preload", "--source", "synthetic", "--frames", "0"}));  // a window: a video may come
  EXPECT_NO_THROW(test::parse({"--preload", "--source", "rawvideo:2x2:a.bgr", "--headless"}));

  for (const std::vector<const char*>& bad : std::vector<std::vector<const char*>>{{"--preload-mb", "0"},
                                                                                   {"--preload-mb", "-5"},
                                                                                   {"--preload-mb", "x"},
                                                                                   {"--preload-mb", "1048577"},
                                                                                   {"--preload-mb"},
                                                                                   {"--preload=yes"},
                                                                                   {"--source", "rawvideo:64x48"}})
    EXPECT_THROW(test::parse(bad), UsageError) << bad[0];
}

// ---- the raw file reader -----------------------------------------------------------------------

TEST(RawVideoFile, ReadsEveryFrameExactly) {
  const auto dir = test::temp_dir("raw_read");
  const int w = 37, h = 23, n = 5;  // odd sizes: no row padding anywhere
  const std::string path = write_raw(dir, "clip.bgr", w, h, n);
  const MemoryVideo video = read_raw_video(path, w, h, kBig);
  ASSERT_EQ(video.frames.size(), static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) {
    EXPECT_EQ(video.frames[k].type(), CV_8UC3);
    EXPECT_EQ(test::differing(video.frames[k], raw_frame(w, h, k)), 0) << "frame " << k;
  }
  // The first bytes of the file are frame 0's top-left pixel, B then G then R.
  EXPECT_EQ(video.frames[0].at<cv::Vec3b>(0, 0), cv::Vec3b(0, 0, 0));
  EXPECT_EQ(video.frames[2].at<cv::Vec3b>(1, 4), cv::Vec3b(2 * 37 + 4, 5 + 2, 12 ^ 23));
  EXPECT_EQ(video.load.frames, n);
  EXPECT_EQ(video.load.bytes, static_cast<std::size_t>(w) * h * 3 * n);
  EXPECT_FALSE(video.load.decoded);
  EXPECT_GE(video.load.ms, 0.0);
  EXPECT_EQ(video.fps, 0.0);  // a raw file has no frame rate

  // A file read as the wrong size: still frames if the bytes divide, but not these.
  const MemoryVideo other = read_raw_video(path, w * h, 1, kBig);
  ASSERT_EQ(other.frames.size(), static_cast<std::size_t>(n));
  EXPECT_EQ(other.frames[1].cols, w * h);
}

TEST(RawVideoFile, RefusesBadFilesWithTheReason) {
  const auto dir = test::temp_dir("raw_bad");
  const int w = 8, h = 4;
  const std::string missing = (dir / "missing.bgr").string();
  EXPECT_NE(source_error([&] { read_raw_video(missing, w, h, kBig); }).find("no such file"), std::string::npos);
  const std::string empty = write_raw(dir, "empty.bgr", w, h, 0);
  EXPECT_NE(source_error([&] { read_raw_video(empty, w, h, kBig); }).find("empty file: no 8x4 BGR24 frames"),
            std::string::npos);
  const std::string ragged = write_raw(dir, "ragged.bgr", w, h, 3, 7);
  const std::string why = source_error([&] { read_raw_video(ragged, w, h, kBig); });
  EXPECT_NE(
      why.find(std::to_string(3 * w * h * 3 + 7) + " bytes is not a whole number of 8x4 BGR24 frames (96 bytes each)"),
      std::string::npos)
      << why;
  EXPECT_EQ(why.find('\n'), std::string::npos) << "one line: " << why;
  const std::string fine = write_raw(dir, "fine.bgr", w, h, 2);
  EXPECT_NE(source_error([&] { read_raw_video(fine, 0, h, kBig); }).find("at least 1x1"), std::string::npos);
  EXPECT_NE(source_error([&] { read_raw_video(fine, w, -1, kBig); }).find("at least 1x1"), std::string::npos);
  // What the path is, not "no such file" for everything that is not a regular file.
  EXPECT_NE(source_error([&] { read_raw_video(dir.string(), w, h, kBig); }).find("is a directory, not a regular file"),
            std::string::npos);
  EXPECT_NE(
      source_error([&] { read_raw_video("/dev/null", w, h, kBig); }).find("is a character device, not a regular file"),
      std::string::npos);
  EXPECT_NE(source_error([&] { read_raw_video((dir / "missing.bgr").string(), w, h, kBig); }).find("no such file"),
            std::string::npos);
}

TEST(RawVideoFile, MemoryCap) {
  const auto dir = test::temp_dir("raw_cap");
  const int w = 16, h = 8, n = 4;
  const std::size_t bytes = std::size_t(w) * h * 3 * n;
  const std::string path = write_raw(dir, "clip.bgr", w, h, n);
  EXPECT_EQ(read_raw_video(path, w, h, bytes).frames.size(), std::size_t(n));  // exactly fits
  const std::string why = source_error([&] { read_raw_video(path, w, h, bytes - 1); });
  EXPECT_NE(why.find("4 frames of 16x8 need"), std::string::npos) << why;
  EXPECT_NE(why.find("over the cap"), std::string::npos) << why;
  EXPECT_NE(why.find("--preload-mb"), std::string::npos) << why;

  EXPECT_NO_THROW(check_fits_in_memory("x", 60, 1920, 1080, std::size_t(60) * 1920 * 1080 * 3));
  EXPECT_THROW(check_fits_in_memory("x", 61, 1920, 1080, std::size_t(60) * 1920 * 1080 * 3), SourceError);
  // Sizes whose product overflows 32 bits are judged right.
  EXPECT_THROW(check_fits_in_memory("x", 1000, 16384, 16384, std::size_t(4096) << 20), SourceError);
  const std::string mib = source_error([] { check_fits_in_memory("clip", 2, 1024, 1024, std::size_t(1) << 20); });
  EXPECT_EQ(mib,
            "clip: 2 frames of 1024x1024 need 6.0 MiB, over the cap of 1.0 MiB for a video in memory (--preload-mb)");
}

// ---- playing from memory -----------------------------------------------------------------------

MemoryVideo clip(int w, int h, int n, double fps = 0) {
  MemoryVideo video;
  for (int k = 0; k < n; ++k) video.frames.push_back(raw_frame(w, h, k));
  video.fps = fps;
  video.load.frames = n;
  video.load.bytes = std::size_t(w) * h * 3 * n;
  return video;
}

TEST(MemoryVideoSource, LoopsIntoTheCallersBuffer) {
  const int w = 40, h = 30, n = 3;
  MemoryVideoSource source("raw video", "clip.bgr", clip(w, h, n), false, true);
  EXPECT_EQ(source.name(), "raw video clip.bgr (40x30, 3 frames in memory, as fast as possible)");
  ASSERT_TRUE(source.load());
  EXPECT_EQ(source.load()->frames, n);
  // The caller's buffer (the pipeline's page-locked staging) is written in place.
  cv::Mat staging(h, w, CV_8UC3, cv::Scalar(1, 2, 3));
  const uchar* const memory = staging.data;
  for (int i = 0; i < 2 * n + 1; ++i) {
    cv::Mat header = staging;
    ASSERT_TRUE(test::poll_host(source, header, 0.0)) << "poll " << i;  // unpaced: a new frame at every poll
    EXPECT_EQ(header.data, memory) << "poll " << i;
    EXPECT_EQ(test::differing(staging, raw_frame(w, h, i % n)), 0) << "poll " << i;
  }
  EXPECT_EQ(source.frames_played(), 2 * n + 1);
  // Another size: a buffer of its own.
  cv::Mat small(2, 2, CV_8UC3);
  ASSERT_TRUE(test::poll_host(source, small, 0.0));
  EXPECT_EQ(small.size(), cv::Size(w, h));
  EXPECT_EQ(test::differing(small, raw_frame(w, h, (2 * n + 1) % n)), 0);

  EXPECT_THROW(MemoryVideoSource("raw video", "none.bgr", MemoryVideo{}, true, true), SourceError);
}

TEST(MemoryVideoSource, CopyFrameIsExactAtAnySize) {
  for (const cv::Size size :
       {cv::Size(1, 1), cv::Size(3, 1), cv::Size(1, 7), cv::Size(641, 479), cv::Size(1920, 1080)}) {
    const cv::Mat from = test::random_image(size.width, size.height, 3, 7u + size.width);
    cv::Mat to;
    copy_frame(from, to);
    EXPECT_EQ(test::differing(from, to), 0) << size;
    // Into a region of a larger image (rows not contiguous).
    cv::Mat big(size.height + 2, size.width + 5, CV_8UC3, cv::Scalar(9, 9, 9));
    cv::Mat roi = big(cv::Rect(2, 1, size.width, size.height));
    copy_frame(from, roi);
    EXPECT_EQ(test::differing(from, big(cv::Rect(2, 1, size.width, size.height))), 0) << size;
    EXPECT_EQ(big.at<cv::Vec3b>(0, 0), cv::Vec3b(9, 9, 9));
  }
}

TEST(MemoryVideoSource, PacedInAWindowUnlessUnpaced) {
  MemoryVideoSource paced("video", "clip.avi", clip(8, 8, 2, 10.0), false, false);  // 10 fps
  EXPECT_EQ(paced.name(), "video clip.avi (8x8, 2 frames in memory, 10 fps)");
  EXPECT_DOUBLE_EQ(paced.nominal_fps(), 10.0);
  cv::Mat frame;
  EXPECT_TRUE(test::poll_host(paced, frame, 100.0));
  EXPECT_FALSE(test::poll_host(paced, frame, 100.05));
  EXPECT_TRUE(test::poll_host(paced, frame, 100.1));
  EXPECT_EQ(test::differing(frame, raw_frame(8, 8, 1)), 0);
  paced.set_fast(true);  // the panel's "videos unpaced"
  EXPECT_TRUE(test::poll_host(paced, frame, 100.1));
  EXPECT_TRUE(test::poll_host(paced, frame, 100.1));
  EXPECT_EQ(paced.frames_played(), 4);

  // A raw file has no rate: paced at 30 fps; a measuring run ignores the panel.
  MemoryVideoSource raw("raw video", "clip.bgr", clip(8, 8, 2), false, false);
  EXPECT_DOUBLE_EQ(raw.nominal_fps(), PlaybackClock::kDefaultFps);
  MemoryVideoSource measuring("raw video", "clip.bgr", clip(8, 8, 2), false, true);
  measuring.set_fast(false);
  EXPECT_TRUE(test::poll_host(measuring, frame, 5.0));
  EXPECT_TRUE(test::poll_host(measuring, frame, 5.0));
}

// ---- through the source controller -------------------------------------------------------------

TEST(MemoryVideoSource, ControllerReportsTheLoadAndRefusals) {
  const auto dir = test::temp_dir("raw_controller");
  const std::string path = write_raw(dir, "clip.bgr", 24, 16, 6);
  MessageLog log;
  SourceOpenOptions options;
  options.memory_unpaced = true;
  SourceController sources(log, options);
  sources.open(SourceSpec::raw_video(24, 16, path));
  EXPECT_TRUE(sources.failure().empty()) << sources.failure();
  EXPECT_EQ(sources.spec().kind, SourceSpec::Kind::RawVideo);
  ASSERT_TRUE(sources.load());
  EXPECT_EQ(sources.load()->frames, 6);
  EXPECT_EQ(sources.load()->bytes, std::size_t(24) * 16 * 3 * 6);
  EXPECT_NE(describe(*sources.load()).find("6 frames read in "), std::string::npos) << describe(*sources.load());
  EXPECT_NE(describe(*sources.load()).find(", 6912 bytes in memory"), std::string::npos);
  bool logged = false;
  for (const auto& m : log.recent()) logged |= m.text.find("source: 6 frames read in") != std::string::npos;
  EXPECT_TRUE(logged);
  for (int k = 0; k < 7; ++k) {
    ASSERT_TRUE(sources.update(0.0));
    EXPECT_EQ(test::differing(sources.host(), raw_frame(24, 16, k % 6)), 0) << k;
  }

  // A file of the wrong size: a message and the synthetic scene, nothing thrown.
  sources.open(SourceSpec::raw_video(25, 16, path));
  EXPECT_EQ(sources.spec().kind, SourceSpec::Kind::Synthetic);
  EXPECT_NE(sources.failure().find("is not a whole number of 25x16 BGR24 frames"), std::string::npos)
      << sources.failure();
  EXPECT_FALSE(sources.load());
  // Over the cap.
  SourceOpenOptions tight;
  tight.memory_cap_bytes = 1000;
  SourceController capped(log, tight);
  capped.open(SourceSpec::raw_video(24, 16, path));
  EXPECT_NE(capped.failure().find("need 6912 bytes, over the cap of 1000 bytes"), std::string::npos)
      << capped.failure();

  UiState ui;
  show_running_source(ui, SourceSpec::raw_video(24, 16, path));
  EXPECT_EQ(ui.source_choice, UiState::SourceChoice::RawVideo);
  EXPECT_EQ(ui.raw_size[0], 24);
  EXPECT_EQ(ui.raw_size[1], 16);
  EXPECT_EQ(ui.path, path);
}

TEST(SourceLoad, Describe) {
  SourceLoad load;
  load.frames = 4;
  load.ms = 10.0;
  load.bytes = std::size_t(3) << 20;
  load.decoded = true;
  EXPECT_EQ(describe(load), "4 frames decoded in 10.0 ms (2.50 ms per frame), 3.0 MiB in memory");
  load.decoded = false;
  EXPECT_EQ(describe(load), "4 frames read in 10.0 ms (2.50 ms per frame), 3.0 MiB in memory");
  EXPECT_EQ(memory_size_text(6912), "6912 bytes");  // not "0.0 MiB"
  EXPECT_EQ(memory_size_text(1024.0 * 1024.0 * 4096), "4096.0 MiB");
}

#if SATLAB_MEDIA_IO
// --preload: the same frames the decoder gives while playing, all of them, decoded once.
TEST(PreloadedVideo, SameFramesAsDecodingWhilePlaying) {
  const auto dir = test::temp_dir("preload");
  const std::string path = (dir / "clip.avi").string();
  const int n = 5;
  {
    cv::VideoWriter writer(path, cv::CAP_OPENCV_MJPEG, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), 12.0,
                           cv::Size(64, 48));
    ASSERT_TRUE(writer.isOpened());
    for (int k = 0; k < n; ++k) writer.write(raw_frame(64, 48, k));
  }
  testing::internal::CaptureStderr();
  const MemoryVideo video = decode_video(path, kBig);
  const std::string progress = testing::internal::GetCapturedStderr();
  // Progress on stderr: at least the closing line with the count.
  EXPECT_NE(progress.find("satlab: decoded clip.avi into memory: 5 frames in "), std::string::npos) << progress;
  ASSERT_EQ(video.frames.size(), std::size_t(n));
  // Decoded straight into one block (no allocation per frame): each frame right after the last.
  ASSERT_TRUE(video.arena);
  for (int k = 1; k < n; ++k) EXPECT_EQ(video.frames[k].data, video.frames[k - 1].data + 64 * 48 * 3) << "frame " << k;
  EXPECT_DOUBLE_EQ(video.fps, 12.0);
  EXPECT_TRUE(video.load.decoded);
  EXPECT_EQ(video.load.frames, n);
  EXPECT_EQ(video.load.bytes, std::size_t(64) * 48 * 3 * n);
  VideoSource playing(path, true);
  cv::Mat frame;
  for (int k = 0; k < n; ++k) {
    ASSERT_TRUE(test::poll_host(playing, frame, 0));
    EXPECT_EQ(test::differing(video.frames[k], frame), 0) << "frame " << k;
  }

  // Over the cap: refused (here from the container's frame count, before decoding the rest).
  const std::string why = source_error([&] { decode_video(path, std::size_t(64) * 48 * 3 * (n - 1)); });
  EXPECT_NE(why.find("over the cap"), std::string::npos) << why;

  SourceOpenOptions options;
  options.preload = true;
  options.memory_unpaced = true;
  const auto source = open_source(SourceSpec::file(path), options);
  EXPECT_EQ(source->name(), "video clip.avi (64x48, 5 frames in memory, as fast as possible)");
  ASSERT_TRUE(source->load());
  EXPECT_TRUE(source->load()->decoded);
  options.preload = false;
  EXPECT_FALSE(open_source(SourceSpec::file(path), options)->load());  // decoded while it plays

  std::ofstream((dir / "broken.mp4").string()) << "not a video";
  EXPECT_THROW(decode_video((dir / "broken.mp4").string(), kBig), SourceError);
}
#endif  // SATLAB_MEDIA_IO

}  // namespace
}  // namespace satlab
