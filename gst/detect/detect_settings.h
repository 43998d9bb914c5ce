// The detection properties satdetect and satfaceblur share, generated from satcore's catalog of
// detection parameters (sat/detect_params.h): the catalog's names in kebab-case (scale-factor,
// min-neighbors; a size is two properties, min-size-width and min-size-height), its ranges and
// help; plus profile (the cascade) and min-stddev, gst-opencv's facedetect's. The names are
// facedetect's and faceblur's, and so are the defaults, so that replacing facedetect with
// satdetect keeps a pipeline's boxes.
#pragma once

#include <glib-object.h>

#include <string>

#include "sat/detect.h"

namespace sat_gst {

// facedetect's default face cascade on Debian (package opencv-data).
inline constexpr const char* kDefaultProfile = sat::kDefaultHaarCascade;

struct DetectSettings {
  std::string profile = kDefaultProfile;
  // facedetect's defaults (scale factor 1.25, min size 30x30), not the catalog's (OpenCV's).
  sat::DetectParams params{1.25, 3, {30, 30}, {0, 0}};
  // Frames whose gray standard deviation is below this are not searched (facedetect's
  // min-stddev: flat frames cost nothing and give no false boxes). 0: every frame.
  int min_stddev = 0;
};

// Property ids from `first_id` on, in this order; returns the id after the last.
guint install_detect_properties(GObjectClass* klass, guint first_id);

// Sets / gets the property `id` (numbered from first_id) when it is one of these; false when it
// is not. GObject has refused values outside the ranges already (scale-factor's smallest value is
// the double after 1, so 1 itself is refused).
bool set_detect_property(DetectSettings& settings, guint first_id, guint id, const GValue* value);
bool get_detect_property(const DetectSettings& settings, guint first_id, guint id, GValue* value);

}  // namespace sat_gst
