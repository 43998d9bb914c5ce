// Registers one element per filter of satcore's catalog: "sat" + the filter's name without dashes
// (box → satbox, variable-blur → satvariableblur). A filter added to the catalog becomes an
// element with no edit here.
#pragma once

#include <gst/gst.h>

namespace sat_gst {

gboolean register_filter_elements(GstPlugin* plugin);

}  // namespace sat_gst
