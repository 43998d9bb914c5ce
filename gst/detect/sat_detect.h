// satdetect: satcore's Viola–Jones on every frame, a drop-in for gst-opencv's facedetect. The
// boxes go out three ways: facedetect's "facedetect" element message on the bus (when `updates`
// says so), one GstVideoRegionOfInterestMeta per box on the buffer (type "face" for a face
// cascade, else the cascade's name), and with `display` their outlines in the picture.
#pragma once

#include "detect_base.h"

G_BEGIN_DECLS

#define GST_TYPE_SAT_DETECT (gst_sat_detect_get_type())
G_DECLARE_FINAL_TYPE(GstSatDetect, gst_sat_detect, GST, SAT_DETECT, GstSatDetectBase)

G_END_DECLS
