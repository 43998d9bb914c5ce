// Videos decoded through GStreamer (--decoder gst, or auto where NVDEC is): uridecodebin picks the
// decoder by rank (NVDEC's nvh264dec where present), frames come to satfilter in system memory, in
// any format the decoder gives (videoconvert, in the pipeline satfilter builds, converts the few
// that gst_frame_bgr.h does not take), and are converted to BGR on the host as OpenCV converts its
// own frames (gst_frame_bgr.h), with the same interface as OpenCV's path (video_io.h).
#pragma once

#include <memory>
#include <string>

#include "media.h"

namespace satfilter {

// Opens the video and decodes its first frame. Throws Failure(Runtime) naming the file and
// GStreamer's error.
std::unique_ptr<FrameSource> open_gst_video_source(const std::string& path);

}  // namespace satfilter
