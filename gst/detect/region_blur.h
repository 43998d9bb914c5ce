// satfaceblur's blur: each box of a system-memory frame replaced by satcore's box blur of that
// region (a CPU sat::FilterSession with sat::BoxBlurParams, bit-exact cv::blur, the region read as an image of its own:
// its border is the region's, by the chosen border rule), on every plane at the plane's own
// resolution: packed formats with their channels together, I420's three planes, and NV12's luma
// and its interleaved U and V each as a plane of its own. Boxes are blurred in order; where they
// overlap, a later one blurs the earlier one's result (as gst-opencv's faceblur does).
// The 10-bit formats (P010_10LE, I420_10LE) are blurred in their own layout: each channel of a
// region taken out as its 10-bit values (P010: sample >> 6), blurred as a 16-bit image and put
// back (P010: << 6) — for the box filter on 16-bit images (its catalog entry lists them).
#pragma once

#include <gst/video/video.h>

#include <cstdint>
#include <vector>

#include "sat/detect.h"
#include "sat/filter_session.h"

namespace sat_gst {

class RegionBlur {
 public:
  void blur(GstVideoFrame& frame, const std::vector<sat::Box>& boxes, const sat::BoxBlurParams& params);

 private:
  // A region of a 10-bit plane (`channels` interleaved 16-bit samples a pixel), blurred in place.
  void blur_ten_bit(uint8_t* corner, std::size_t pitch, int w, int h, int channels, int shift,
                    const sat::BoxBlurParams& params);

  sat::FilterSession session_{sat::Backend::Cpu};  // its engine sized for the frame
  std::vector<uint8_t> plane_;                     // one channel of an interleaved pair, deinterleaved
  std::vector<uint16_t> samples_;                  // one channel of a 10-bit region, as its values
};

}  // namespace sat_gst
