#include "sources/playback_clock.h"

namespace satlab {

PlaybackClock::PlaybackClock(double fps) : fps_(fps > 0 && fps < 1000 ? fps : kDefaultFps) {}

bool PlaybackClock::due(double now_s) {
  if (next_due_ < 0 || now_s - next_due_ > 0.5) next_due_ = now_s;
  if (now_s < next_due_) return false;
  next_due_ += 1.0 / fps_;
  return true;
}

}  // namespace satlab
