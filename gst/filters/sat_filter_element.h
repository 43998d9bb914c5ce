// The filter element: a GstBaseTransform that runs one filter of satcore's catalog on each frame.
// One GType per catalog filter (as gst-libav makes one per codec), all made by the same class
// init from the filter's FilterInfo: its metadata, pads and properties.
#pragma once

#include <gst/gst.h>

#include <cstddef>
#include <string>

#include "sat/filter_spec.h"

namespace sat_gst {

// "satbox", "satvariableblur".
std::string element_name(const sat::FilterInfo& filter);
// The GType of catalog filter `index` (registered on first call).
GType filter_element_type(std::size_t index);

}  // namespace sat_gst
