#include "common/cli/decoder_option.h"

#include "common/cli/cli_app.h"

namespace satapp::cli {

CLI::Option* add_decoder_option(CLI::App& app, const std::function<void(Decoder)>& set, const std::string& named_by) {
  const std::string help = std::string(
                               "who decodes video files: gst (GStreamer's uridecodebin: NVDEC where\n"
                               "present, frames kept on the GPU), opencv (FFmpeg, on the CPU) or auto\n"
                               "(default: GStreamer where NVDEC is, else OpenCV).\n") +
                           named_by + " name the decoder that ran.\nThis build has " +
                           (gstreamer_built() ? "GStreamer" : "no GStreamer");
  return add_parsed(app, "--decoder", "auto|gst|opencv", help, [set](const std::string& text) {
    const std::optional<Decoder> decoder = parse_decoder(text);
    if (!decoder) throw UsageError("--decoder must be auto, gst or opencv, got '" + text + "'");
    set(*decoder);
  });
}

}  // namespace satapp::cli
