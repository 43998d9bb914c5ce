// Frames of 16-bit samples (GRAY16_LE, P010_10LE, I420_10LE) for the plugin's tests: random
// planes, the 16-bit planes as satcore images, and what an element must output for one (the
// rule of docs/gstreamer.md, written here from the rule, not from the element's code).
#pragma once

#include <cstdint>
#include <vector>

#include "gst_test_support.h"
#include "sat/filters.h"

namespace gst_test {

// Every sample of every plane random: GRAY16_LE and P010_10LE over all 16 bits (P010's low 6
// bits too: the element must ignore them), I420_10LE's in 0 … 1023.
RawFrame random_deep_frame(GstVideoFormat format, int width, int height, unsigned seed);

// Plane `plane` as a 16-bit image of one sample a row element (NV12-like chroma: 2 channels).
sat::Image16 plane16(RawFrame& frame, int plane);
sat::ConstImage16 plane16(const RawFrame& frame, int plane);

// The filter on the frame's gray or luma plane by sat::FilterEngine's CPU backend on 16-bit
// images: GRAY16_LE as it is; P010_10LE: Y >> 6 filtered, written back min(v, 1023) << 6;
// I420_10LE: Y filtered, written back min(v, 1023); a threshold's levels rescaled instead,
// round(v · 1023 / 65535). Chroma: copied, or the neutral 512 (P010: 512 << 6) for a gray-output
// filter. On the 10-bit formats Sauvola's r and mean-C's C are in 10-bit units (r's default 511.5).
RawFrame expected_deep_output(const sat::FilterSpec& spec, const RawFrame& input);

// Every distinct sample value of plane `plane`.
std::vector<uint16_t> distinct_samples(const RawFrame& frame, int plane);

}  // namespace gst_test
