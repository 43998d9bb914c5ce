// satfaceblur's blur: each box of a system-memory frame replaced by satcore's box blur of that
// region (a CPU sat::FilterSession with sat::BoxBlurParams, bit-exact cv::blur, the region read as an image of its own:
// its border is the region's, by the chosen border rule), on every plane at the plane's own
// resolution: packed formats with their channels together, I420's three planes, and NV12's luma
// and its interleaved U and V each as a plane of its own. Boxes are blurred in order; where they
// overlap, a later one blurs the earlier one's result (as gst-opencv's faceblur does).
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
  sat::FilterSession session_{sat::Backend::Cpu};  // its engine sized for the frame
  std::vector<uint8_t> plane_;                     // one channel of an interleaved pair, deinterleaved
};

}  // namespace sat_gst
