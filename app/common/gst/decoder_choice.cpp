#include "common/gst/decoder_choice.h"

#if SATAPP_HAVE_GST
#include "common/gst/gst_reader.h"
#endif

namespace satapp {

std::optional<Decoder> parse_decoder(std::string_view text) {
  if (text == "auto") return Decoder::Auto;
  if (text == "gst") return Decoder::Gst;
  if (text == "opencv") return Decoder::OpenCv;
  return std::nullopt;
}

const char* to_string(Decoder decoder) {
  switch (decoder) {
    case Decoder::Auto:
      return "auto";
    case Decoder::Gst:
      return "gst";
    case Decoder::OpenCv:
      return "opencv";
  }
  return "?";
}

bool gstreamer_built() { return SATAPP_HAVE_GST != 0; }

Decoder resolve_decoder(Decoder wanted, bool opencv_available) {
  if (wanted == Decoder::Gst && !gstreamer_built())
    throw std::runtime_error(
        "--decoder gst: this program was built without GStreamer (its development packages "
        "were not found, or SATLAB_GSTREAMER_SOURCES=OFF)");
  if (wanted == Decoder::OpenCv && !opencv_available)
    throw std::runtime_error(
        "--decoder opencv: this program was built without OpenCV's video reader "
        "(SATLAB_MEDIA_IO=OFF)");
  if (wanted != Decoder::Auto) return wanted;
  if (!gstreamer_built()) return Decoder::OpenCv;
  if (!opencv_available) return Decoder::Gst;
#if SATAPP_HAVE_GST
  try {
    return gst::nvdec_available() ? Decoder::Gst : Decoder::OpenCv;
  } catch (const gst::Error&) {  // GStreamer does not start: OpenCV decodes
    return Decoder::OpenCv;
  }
#else
  return Decoder::OpenCv;
#endif
}

}  // namespace satapp
