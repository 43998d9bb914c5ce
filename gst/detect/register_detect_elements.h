// Registers the detection elements of the plugin (satdetect, satfaceblur).
#pragma once

#include <gst/gst.h>

namespace sat_gst {

gboolean register_detect_elements(GstPlugin* plugin);

}  // namespace sat_gst
