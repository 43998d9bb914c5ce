#include "detect_settings.h"

#include <gst/gst.h>

#include <cmath>

namespace sat_gst {
namespace {

enum Offset : guint {
  kProfile,
  kScaleFactor,
  kMinNeighbors,
  kMinWidth,
  kMinHeight,
  kMaxWidth,
  kMaxHeight,
  kMinStddev,
  kCount
};

// satcore's scale factors are > 1: the smallest double above 1, so that GObject itself refuses 1.
const double kSmallestScaleFactor = std::nextafter(1.0, 2.0);

// sat::Detector's largest frame side: no object size beyond it means anything.
constexpr int kMaxSide = 32768;

constexpr GParamFlags kFlags = GParamFlags(G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING);

GParamSpec* size_spec(const char* name, const char* nick, const char* blurb, int default_value) {
  return g_param_spec_int(name, nick, blurb, 0, kMaxSide, default_value, kFlags);
}

}  // namespace

guint install_detect_properties(GObjectClass* klass, guint first_id) {
  const DetectSettings defaults;
  const sat::DetectParams& p = defaults.params;
  g_object_class_install_property(
      klass, first_id + kProfile,
      g_param_spec_string("profile", "Cascade",
                          "Location of the OpenCV Haar cascade file (XML) to detect with; one that does not load "
                          "stops the stream with an error naming the file and the reason",
                          kDefaultProfile, kFlags));
  g_object_class_install_property(
      klass, first_id + kScaleFactor,
      g_param_spec_double("scale-factor", "Scale factor",
                          "Factor by which the frame is scaled after each object scan, > 1 and <= 100",
                          kSmallestScaleFactor, 100.0, p.scale_factor, kFlags));
  g_object_class_install_property(
      klass, first_id + kMinNeighbors,
      g_param_spec_int("min-neighbors", "Minimum neighbors",
                       "Windows a box needs to be kept (detectMultiScale's minNeighbors); 0 keeps every window "
                       "ungrouped",
                       0, G_MAXINT, p.min_neighbors, kFlags));
  g_object_class_install_property(klass, first_id + kMinWidth,
                                  size_spec("min-size-width", "Minimum width",
                                            "Smallest object width in pixels (0: no minimum)", p.min_size.width));
  g_object_class_install_property(klass, first_id + kMinHeight,
                                  size_spec("min-size-height", "Minimum height",
                                            "Smallest object height in pixels (0: no minimum)", p.min_size.height));
  g_object_class_install_property(
      klass, first_id + kMaxWidth,
      size_spec("max-size-width", "Maximum width",
                "Largest object width in pixels; 0 here or in max-size-height: no maximum (OpenCV's rule)",
                p.max_size.width));
  g_object_class_install_property(
      klass, first_id + kMaxHeight,
      size_spec("max-size-height", "Maximum height",
                "Largest object height in pixels; 0 here or in max-size-width: no maximum (OpenCV's rule)",
                p.max_size.height));
  g_object_class_install_property(
      klass, first_id + kMinStddev,
      g_param_spec_int("min-stddev", "Minimum standard deviation",
                       "Frames whose gray standard deviation is below this are not searched (0: every frame)", 0, 255,
                       defaults.min_stddev, kFlags));
  return first_id + kCount;
}

bool set_detect_property(DetectSettings& s, guint first_id, guint id, const GValue* value) {
  if (id < first_id || id >= first_id + kCount) return false;
  switch (Offset(id - first_id)) {
    case kProfile: {
      const gchar* path = g_value_get_string(value);
      s.profile = path ? path : "";
      break;
    }
    case kScaleFactor:
      s.params.scale_factor = g_value_get_double(value);
      break;
    case kMinNeighbors:
      s.params.min_neighbors = g_value_get_int(value);
      break;
    case kMinWidth:
      s.params.min_size.width = g_value_get_int(value);
      break;
    case kMinHeight:
      s.params.min_size.height = g_value_get_int(value);
      break;
    case kMaxWidth:
      s.params.max_size.width = g_value_get_int(value);
      break;
    case kMaxHeight:
      s.params.max_size.height = g_value_get_int(value);
      break;
    case kMinStddev:
      s.min_stddev = g_value_get_int(value);
      break;
    case kCount:
      return false;
  }
  return true;
}

bool get_detect_property(const DetectSettings& s, guint first_id, guint id, GValue* value) {
  if (id < first_id || id >= first_id + kCount) return false;
  switch (Offset(id - first_id)) {
    case kProfile:
      g_value_set_string(value, s.profile.c_str());
      break;
    case kScaleFactor:
      g_value_set_double(value, s.params.scale_factor);
      break;
    case kMinNeighbors:
      g_value_set_int(value, s.params.min_neighbors);
      break;
    case kMinWidth:
      g_value_set_int(value, s.params.min_size.width);
      break;
    case kMinHeight:
      g_value_set_int(value, s.params.min_size.height);
      break;
    case kMaxWidth:
      g_value_set_int(value, s.params.max_size.width);
      break;
    case kMaxHeight:
      g_value_set_int(value, s.params.max_size.height);
      break;
    case kMinStddev:
      g_value_set_int(value, s.min_stddev);
      break;
    case kCount:
      return false;
  }
  return true;
}

}  // namespace sat_gst
