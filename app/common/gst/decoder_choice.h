// --decoder of satlab and satfilter: which library decodes video files.
//   auto    GStreamer where this build has it and NVDEC is there (the nvcodec plugin registered
//           nvh264dec or nvh265dec): the frames stay on the GPU and the CPU is free; else OpenCV
//           (FFmpeg), whose software decode is what GStreamer's software decoders would do too.
//           A build without OpenCV's video reader (SATLAB_MEDIA_IO=OFF) takes GStreamer.
//   gst     GStreamer's uridecodebin (the decoder of the highest rank: NVDEC where present)
//   opencv  OpenCV's VideoCapture (FFmpeg)
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace satapp {

enum class Decoder { Auto, Gst, OpenCv };

std::optional<Decoder> parse_decoder(std::string_view text);  // "auto", "gst", "opencv"
const char* to_string(Decoder decoder);
// Whether this build reads video through GStreamer (its development packages were found).
bool gstreamer_built();
// What decodes under `wanted`: Gst or OpenCv (never Auto). Throws std::runtime_error for a
// decoder this build lacks (gst without GStreamer, opencv without `opencv_available`).
Decoder resolve_decoder(Decoder wanted, bool opencv_available);

}  // namespace satapp
