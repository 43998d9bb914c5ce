// What satdetect tells the pipeline about a frame's boxes, in gst-opencv facedetect's words:
//  - an element message "facedetect" with timestamp, stream-time, running-time, duration
//    (guint64) and "faces", a list of "face" structures with x, y, width, height (guint);
//  - one GstVideoRegionOfInterestMeta per box on the buffer.
// and when the message is posted (facedetect's "updates" property).
#pragma once

#include <gst/base/gstbasetransform.h>
#include <gst/video/video.h>

#include <string>
#include <vector>

#include "sat/detect.h"

namespace sat_gst {

// facedetect's GstFaceDetectUpdates, under a type name of our own (both plugins may be loaded).
enum class Updates { EveryFrame = 0, OnChange = 1, OnFace = 2, None = 3 };
GType updates_get_type();

// Whether a frame with `boxes_now` boxes gets a message; `had_boxes`: the previous frame had some.
bool should_post(Updates updates, bool had_boxes, std::size_t boxes_now);

// The "facedetect" element message of `buffer`'s boxes, from `element`.
GstMessage* make_detect_message(GstBaseTransform* element, GstBuffer* buffer, const std::vector<sat::Box>& boxes);

// The ROI type of a cascade file: "face" for a face cascade (facedetect's), else its name
// without the folder, "haarcascade_" and ".xml" ("fullbody", "licence_plate_rus_16stages").
std::string roi_type_of(const std::string& cascade_path);

void add_roi_metas(GstBuffer* buffer, const std::string& roi_type, const std::vector<sat::Box>& boxes);

}  // namespace sat_gst
