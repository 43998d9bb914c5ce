// How satlab shows 16-bit frames (GRAY16, P010's 10-bit luma, 16-bit image files) on an 8-bit
// display: a window of samples (its width) around a level (its centre) spread from black to
// white, or each frame's own range (its minimum to its maximum) when automatic. The source and
// the filter's output go through the same range, so that a blur reads as the source does and a
// threshold's 0 / 65535 stays black and white. The formula is window_level_math.h's; this is the
// host side (the CPU pipeline, tests), window_level_kernels.h the GPU's.
#pragma once

#include "pipeline/window_level_math.h"
#include "sat/filters.h"

namespace satlab {

// The control panel's settings (and --window-level's): edited by the sliders, or by auto.
struct WindowLevel {
  bool automatic = true;  // each frame's min..max, computed where the frame lies
  int window = 65536;     // the width of the shown range, 1 ... 65536 samples
  int level = 32768;      // its centre, 0 ... 65535

  bool operator==(const WindowLevel& o) const {
    return automatic == o.automatic && window == o.window && level == o.level;
  }
  bool operator!=(const WindowLevel& o) const { return !(*this == o); }
};
inline constexpr int kMaxWindow = 65536;

// The range the settings show when not automatic: [level − window/2, level − window/2 + window],
// clamped to 0..65535 and widened as range_of does.
SampleRange manual_range(const WindowLevel& settings);
// The window and level that show `range` (what the sliders show of an automatic range; manual
// with them gives `range` back).
WindowLevel window_level_of(SampleRange range);

// The smallest and largest sample of a one-channel 16-bit host image, as range_of makes them
// usable (the automatic range on the CPU).
SampleRange frame_range_cpu(sat::ConstImage16 image);
// Every sample of the one-channel 16-bit host image `src` through the mapping into 8-bit `dst`
// (one channel, the same size).
void window_level_cpu(sat::ConstImage16 src, sat::Image8 dst, SampleRange range);

}  // namespace satlab
