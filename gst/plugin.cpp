// The satlab GStreamer plugin: one element per filter of satcore's catalog, and the detection
// elements. The project states no licence yet: "unknown" is what GStreamer calls that.
#include <gst/gst.h>

#include "detect/register_detect_elements.h"
#include "filters/register_filter_elements.h"

namespace {

gboolean plugin_init(GstPlugin* plugin) {
  return sat_gst::register_filter_elements(plugin) && sat_gst::register_detect_elements(plugin);
}

}  // namespace

GST_PLUGIN_DEFINE(GST_VERSION_MAJOR, GST_VERSION_MINOR, satlab,
                  "Summed-area-table filters and detection of satcore, on the CPU or an NVIDIA GPU", plugin_init,
                  VERSION, "unknown", "satlab", "satlab")
