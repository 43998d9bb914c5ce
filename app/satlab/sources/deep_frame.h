// Frames of 16-bit samples (GRAY16_LE, P010_10LE, I420_10LE; 16-bit image files as GRAY16) as
// satlab reads them: their luma (or gray) values, 0 … 2^bits − 1, as a packed 16-bit image — P010's
// 10 bits are the high bits of each word, so its words are shifted down; GRAY16 and I420_10LE are
// taken as they are. app/common's frame readers refuse these layouts (they read 8-bit samples);
// satlab's pipelines filter the values themselves, as the GStreamer elements do.
#pragma once

#include <opencv2/core.hpp>

#include "common/frame/frame.h"
#include "sat/filters.h"

namespace satlab {

// Whether the frame's samples are wider than a byte (sat::is_deep of its layout).
bool is_deep(const satapp::Frame& frame);
// The significant bits of its samples (8, 10, 16).
int sample_bits(const satapp::Frame& frame);

// The luma plane of a deep frame as it lies (host or device memory), and how far its values are
// shifted up in their words (P010: 6). Throws sat::Error for a frame that is not deep.
sat::ConstImage16 deep_luma(const satapp::FrameView& view, int& shift);

// A deep frame's values on the host (CV_16UC1): a header over a host frame's plane when it needs
// no shift, else written into `buffer` (a device frame downloaded after its `ready` event, then
// shifted). Throws sat::Error for a frame that is not deep, or when the download fails.
cv::Mat host_samples16(const satapp::Frame& frame, cv::Mat& buffer);

// A deep frame as 8-bit BGR on the host for the views that take 8 bits (detection, dumps, the
// OpenCV comparison): each value's top 8 bits, v >> (bits − 8), in B, G and R.
void deep_to_bgr8(const satapp::Frame& frame, cv::Mat& bgr);

// A host image of 16-bit gray (CV_16UC1) as a GRAY16 frame that shares and holds its memory.
satapp::Frame host_frame16(const cv::Mat& gray16);

}  // namespace satlab
