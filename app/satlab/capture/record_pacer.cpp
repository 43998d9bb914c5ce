#include "capture/record_pacer.h"

#include <algorithm>
#include <cmath>

namespace satlab {

RecordPacer::RecordPacer(Mode mode, double fps, double now_s)
    : mode_(mode), fps_(fps > 0 ? fps : kDefaultFps), start_s_(now_s) {}

int RecordPacer::copies(double now_s, bool new_source_frame) {
  if (mode_ == Mode::EachSourceFrame) return new_source_frame ? 1 : 0;
  // Slot k covers [start + k / fps, start + (k + 1) / fps): fill every slot begun by now.
  const long long due = static_cast<long long>(std::floor(std::max(0.0, now_s - start_s_) * fps_)) + 1;
  const long long missing = due - slots_filled_;
  if (missing <= 0) return 0;
  slots_filled_ = due;  // slots beyond kMaxCopies are skipped, not written later
  return static_cast<int>(std::min<long long>(missing, kMaxCopies));
}

RecordPacer::Mode record_pacing(bool shadows, bool video, bool synthetic) {
  return !shadows && (video || synthetic) ? RecordPacer::Mode::EachSourceFrame : RecordPacer::Mode::WallClock;
}

}  // namespace satlab
