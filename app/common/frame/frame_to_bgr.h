// A decoded frame (frame_view.h) to the 8-bit BGR image the host pipelines take, with the bytes
// of the GPU's ingest (frame_ingest.h; both are pixel_to_bgr.h).
#pragma once

#include <opencv2/core.hpp>

#include "common/frame/frame_view.h"

namespace satapp {

// Host frame → `bgr` (CV_8UC3, reallocated unless it already has the frame's size). 8-bit layouts
// only: GRAY16_LE, P010_10LE, I420_10LE throw sat::Error naming the format (require_8bit).
void to_bgr_cpu(const FrameView& frame, cv::Mat& bgr);
// Device frame → host BGR: its planes copied to the host (synchronously), then to_bgr_cpu. For
// the views that need the frame on the host (the pixel inspector, dumps, the CPU backend).
void download_bgr(const FrameView& frame, cv::Mat& bgr);

}  // namespace satapp
