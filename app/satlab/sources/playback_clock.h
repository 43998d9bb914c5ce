// When a video file's next frame is due, at the file's frame rate on the steady clock: the pace of
// video sources in a window (unless they play as fast as possible). Shared by the video decoded as
// it plays and the video held in memory, so both keep time the same way.
#pragma once

namespace satlab {

class PlaybackClock {
 public:
  // Frames per second of the file; 0 (or anything outside (0, 1000)) means unknown: kDefaultFps.
  explicit PlaybackClock(double fps);

  static constexpr double kDefaultFps = 30.0;

  // Whether a frame is due at `now_s` (seconds, steady clock); a true answer books the next one a
  // period later. The first call is always due; after a pause or a stall of over half a second the
  // clock starts over instead of racing to catch up.
  bool due(double now_s);

  double fps() const { return fps_; }  // the rate it paces at (kDefaultFps when unknown)

 private:
  double fps_;
  double next_due_ = -1;  // steady-clock time the next frame is due; < 0 before the first
};

}  // namespace satlab
