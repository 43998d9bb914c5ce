// The detection properties of satdetect and satfaceblur against satcore's catalog of detection
// parameters (sat/detect_params.h): one property per number, two per size (-width, -height), each
// with the catalog's range (an open end: the double next to it) and the element's default
// (facedetect's), so that gst-inspect-1.0 shows what sat::Detector takes.
#include <gtest/gtest.h>

#include <gst/gst.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "sat/detect.h"

namespace {

struct Expected {
  std::string name;
  const sat::DetectParamInfo* info;
  sat::DetectSide side;
};

std::vector<Expected> expected_properties() {
  std::vector<Expected> all;
  for (const sat::DetectParamInfo& info : sat::detect_param_catalog()) {
    std::string name(info.param.name);
    std::replace(name.begin(), name.end(), '_', '-');
    if (!info.size) {
      all.push_back({name, &info, sat::kWidth});
    } else {
      all.push_back({name + "-width", &info, sat::kWidth});
      all.push_back({name + "-height", &info, sat::kHeight});
    }
  }
  return all;
}

// facedetect's defaults, which the elements keep (docs/gstreamer.md).
const sat::DetectParams kElementDefaults{1.25, 3, {30, 30}, {0, 0}};

TEST(DetectProperties, AreTheCatalogsRangesWithFacedetectsDefaults) {
  for (const char* element : {"satdetect", "satfaceblur"}) {
    GstElementFactory* factory = gst_element_factory_find(element);
    ASSERT_NE(factory, nullptr) << element;
    GstElement* e = gst_element_factory_create(factory, nullptr);
    ASSERT_NE(e, nullptr);
    GObjectClass* klass = G_OBJECT_GET_CLASS(e);
    for (const Expected& x : expected_properties()) {
      SCOPED_TRACE(std::string(element) + " " + x.name);
      GParamSpec* spec = g_object_class_find_property(klass, x.name.c_str());
      ASSERT_NE(spec, nullptr);
      const sat::ParamInfo& p = x.info->param;
      EXPECT_NE(std::string(g_param_spec_get_blurb(spec)).find(std::string(p.help).substr(1)), std::string::npos)
          << g_param_spec_get_blurb(spec);
      const double default_value = sat::get_detect_param(kElementDefaults, p.name, x.side);
      if (p.kind == sat::ParamKind::Real) {
        ASSERT_TRUE(G_IS_PARAM_SPEC_DOUBLE(spec));
        const GParamSpecDouble* d = G_PARAM_SPEC_DOUBLE(spec);
        EXPECT_EQ(d->minimum, p.min_open ? std::nextafter(p.min, p.max) : p.min);
        EXPECT_EQ(d->maximum, p.max_open ? std::nextafter(p.max, p.min) : p.max);
        EXPECT_EQ(d->default_value, default_value);
        EXPECT_EQ(sat::in_range(p, p.min), !p.min_open);  // GObject refuses what satcore refuses
        EXPECT_TRUE(sat::in_range(p, d->minimum));
        EXPECT_TRUE(sat::in_range(p, d->maximum));
      } else {
        ASSERT_TRUE(G_IS_PARAM_SPEC_INT(spec));
        const GParamSpecInt* i = G_PARAM_SPEC_INT(spec);
        EXPECT_EQ(i->minimum, int(p.min));
        EXPECT_EQ(i->maximum, int(p.max));
        EXPECT_EQ(i->default_value, int(default_value));
      }
    }
    // The element starts from these values: reading each back gives the default.
    for (const Expected& x : expected_properties()) {
      GValue value = G_VALUE_INIT;
      g_value_init(&value, G_PARAM_SPEC_VALUE_TYPE(g_object_class_find_property(klass, x.name.c_str())));
      g_object_get_property(G_OBJECT(e), x.name.c_str(), &value);
      const double got = G_VALUE_HOLDS_DOUBLE(&value) ? g_value_get_double(&value) : g_value_get_int(&value);
      EXPECT_EQ(got, sat::get_detect_param(kElementDefaults, x.info->param.name, x.side)) << x.name;
      g_value_unset(&value);
    }
    gst_object_unref(e);
    gst_object_unref(factory);
  }
}

}  // namespace
