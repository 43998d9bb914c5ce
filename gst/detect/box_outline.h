// satdetect's display: each box's outline burnt into the frame, 2 pixels wide and inside the box
// (as satfilter --draw): green on colour (RGB formats, and BT.601 green Y 145, U 54, V 34 in
// I420 / NV12, chroma at its own resolution), white on GRAY8.
#pragma once

#include <gst/video/video.h>

#include <vector>

#include "sat/detect.h"

namespace sat_gst {

// Boxes lie inside the frame (sat::Detector clips them).
void draw_outlines(GstVideoFrame& frame, const std::vector<sat::Box>& boxes);

}  // namespace sat_gst
