// Host images and Frames (frame.h), both ways: a cv::Mat handed over as a Frame that holds it,
// and any Frame read on the host as 8-bit BGR, or as its luma plane (for the CPU backend and the
// views that need the pixels there: the pixel inspector, dumps, detection).
#pragma once

#include <opencv2/core.hpp>

#include "common/frame/frame.h"

namespace satapp {

// `image` as a host frame: 8-bit gray (CV_8UC1), BGR (CV_8UC3) or BGRA (CV_8UC4) by its channel
// count; the frame shares the image's memory (its reference count) and holds it. An empty image
// gives an empty frame. Throws sat::Error(InvalidArgument) for another type.
Frame host_frame(const cv::Mat& image);

// `frame` as 8-bit BGR on the host: a header over its pixels when it is BGR on the host already
// (valid while the frame's owner is held); else converted (another layout) or downloaded (device
// memory, after its `ready` event) into `buffer`, which is returned. Empty for an empty frame.
// Throws sat::Error when the download fails.
cv::Mat host_bgr(const Frame& frame, cv::Mat& buffer);

// The frame's luma plane (NV12, I420) or gray plane (GRAY8) as CV_8UC1 on the host, what the gray
// filters read, as the GPU ingest (frame_ingest.h) and the GStreamer elements read it: a header
// over the plane of a host frame (valid while its owner is held), downloaded into `buffer` (after
// the `ready` event) for a device frame. Empty for an empty frame or a packed RGB layout.
cv::Mat host_luma(const Frame& frame, cv::Mat& buffer);

}  // namespace satapp
