// Recordings last as long as what they show, whatever the frame rate of the window.
#include <gtest/gtest.h>

#include <cmath>

#include "capture/record_pacer.h"

namespace satlab {
namespace {

// Shows frames at `display_fps` for `seconds`; the source delivers a new frame at `source_fps`
// (0: every shown frame is new). Returns the frames written.
long long record(RecordPacer& pacer, double display_fps, double source_fps, double seconds) {
  long long written = 0, delivered = 0;
  const double start = 1000.0;
  for (long long i = 0; i * (1.0 / display_fps) < seconds; ++i) {
    const double t = i / display_fps;
    const long long due = source_fps > 0 ? static_cast<long long>(std::floor(t * source_fps)) + 1 : i + 1;
    const bool fresh = due > delivered;
    delivered = due;
    written += pacer.copies(start + t, fresh);
  }
  return written;
}

TEST(RecordPacer, VideoAtItsOwnRateWhateverTheDisplayRate) {
  // 3 s of a 25 fps clip shown at ~80 FPS: 75 frames, 3 s (every shown frame made it 9.7 s).
  RecordPacer fast_display(RecordPacer::Mode::EachSourceFrame, 25, 1000.0);
  EXPECT_DOUBLE_EQ(fast_display.fps(), 25);
  const long long written = record(fast_display, 80, 25, 3.0);
  EXPECT_EQ(written, 75);
  EXPECT_NEAR(written / fast_display.fps(), 3.0, 0.05);
  // Shown slower than it decodes (--fast, or a slow filter): still each source frame once.
  RecordPacer slow_display(RecordPacer::Mode::EachSourceFrame, 25, 1000.0);
  EXPECT_EQ(record(slow_display, 6, 0, 3.0), 18);
}

TEST(RecordPacer, WallClockFillsTheFileAsTimePasses) {
  // The shadow demo at ~6 FPS: 3 s of it lasts 3 s at the default 30 fps.
  RecordPacer slow(RecordPacer::Mode::WallClock, 0, 1000.0);
  EXPECT_DOUBLE_EQ(slow.fps(), RecordPacer::kDefaultFps);
  const long long written = record(slow, 6, 0, 3.0);
  EXPECT_NEAR(written / slow.fps(), 3.0, 0.2);
  // Faster than the file's rate: frames are dropped, not written twice as fast.
  RecordPacer fast(RecordPacer::Mode::WallClock, 30, 1000.0);
  EXPECT_NEAR(record(fast, 120, 0, 3.0) / fast.fps(), 3.0, 0.05);
  // The first shown frame is written at once; a long stall is not filled beyond kMaxCopies.
  RecordPacer stall(RecordPacer::Mode::WallClock, 30, 0.0);
  EXPECT_EQ(stall.copies(0.0, true), 1);
  EXPECT_EQ(stall.copies(0.01, true), 0);
  EXPECT_EQ(stall.copies(60.0, true), RecordPacer::kMaxCopies);
  EXPECT_EQ(stall.copies(60.01, true), 0);
}

TEST(RecordPacer, PacingPerSource) {
  EXPECT_EQ(record_pacing(false, true, false), RecordPacer::Mode::EachSourceFrame);  // video
  EXPECT_EQ(record_pacing(false, false, true), RecordPacer::Mode::EachSourceFrame);  // synthetic
  EXPECT_EQ(record_pacing(false, false, false), RecordPacer::Mode::WallClock);       // camera, image
  EXPECT_EQ(record_pacing(true, false, true), RecordPacer::Mode::WallClock);         // shadow demo
}

}  // namespace
}  // namespace satlab
