// satfaceblur: the boxes satcore's detector finds, blurred with satcore's box blur
// (region_blur.h) — a drop-in for gst-opencv's faceblur (its properties: profile, scale-factor,
// min-neighbors, min-size-width, min-size-height), plus the blur's kernel-width and
// kernel-height as satcore's filter catalog defines them (default 11, faceblur's kernel).
#pragma once

#include "detect_base.h"

G_BEGIN_DECLS

#define GST_TYPE_SAT_FACE_BLUR (gst_sat_face_blur_get_type())
G_DECLARE_FINAL_TYPE(GstSatFaceBlur, gst_sat_face_blur, GST, SAT_FACE_BLUR, GstSatDetectBase)

G_END_DECLS
