#include "detect_base.h"

#include <memory>

#include "common/video_formats.h"
#include "frame_detector.h"
#include "gray_plane.h"
#include "sat/error.h"

GST_DEBUG_CATEGORY_STATIC(sat_detect_base_debug);
#define GST_CAT_DEFAULT sat_detect_base_debug

namespace {

// What the streaming thread owns; made in start(), dropped in stop().
struct Streaming {
  sat_gst::FrameDetector detector{sat_gst::available_backend()};
  sat_gst::GrayPlane gray;
};

struct Private {
  sat_gst::DetectSettings settings;      // the properties; under the object lock
  std::unique_ptr<Streaming> streaming;  // between start() and stop()
};

}  // namespace

struct GstSatDetectBasePrivate {
  Private* impl;  // C++ members, made in init and deleted in finalize
};

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE(GstSatDetectBase, gst_sat_detect_base, GST_TYPE_VIDEO_FILTER)

namespace {

constexpr guint kFirstProperty = 1;

Private* private_of(GstSatDetectBase* self) {
  return static_cast<GstSatDetectBasePrivate*>(gst_sat_detect_base_get_instance_private(self))->impl;
}

sat_gst::DetectSettings settings_of(GstSatDetectBase* self) {
  GST_OBJECT_LOCK(self);
  sat_gst::DetectSettings copy = private_of(self)->settings;
  GST_OBJECT_UNLOCK(self);
  return copy;
}

void post_cascade_error(GstSatDetectBase* self, const std::string& profile, const sat::Error& e) {
  GST_ELEMENT_ERROR(self, RESOURCE, OPEN_READ, ("Could not load the cascade \"%s\": %s", profile.c_str(), e.what()),
                    ("profile=%s", profile.c_str()));
}

gboolean start(GstBaseTransform* trans) {
  auto* self = GST_SAT_DETECT_BASE(trans);
  const sat_gst::DetectSettings settings = settings_of(self);
  auto streaming = std::make_unique<Streaming>();
  try {
    streaming->detector.load(settings.profile);
  } catch (const sat::Error& e) {
    post_cascade_error(self, settings.profile, e);
    return FALSE;
  }
  GST_INFO_OBJECT(self, "cascade %s, %s backend", settings.profile.c_str(), sat::to_string(streaming->detector.backend()));
  private_of(self)->streaming = std::move(streaming);
  return TRUE;
}

gboolean stop(GstBaseTransform* trans) {
  private_of(GST_SAT_DETECT_BASE(trans))->streaming.reset();
  return TRUE;
}

GstFlowReturn transform_frame_ip(GstVideoFilter* filter, GstVideoFrame* frame) {
  auto* self = GST_SAT_DETECT_BASE(filter);
  Streaming& s = *private_of(self)->streaming;
  const sat_gst::DetectSettings settings = settings_of(self);
  const sat::Extent extent{GST_VIDEO_FRAME_WIDTH(frame), GST_VIDEO_FRAME_HEIGHT(frame)};
  try {
    s.detector.configure(settings, extent);
  } catch (const sat::Error& e) {
    if (e.call() == "sat::load_haar_cascade" || settings.profile.empty()) post_cascade_error(self, settings.profile, e);
    else GST_ELEMENT_ERROR(self, LIBRARY, SETTINGS, ("%s", e.what()), (nullptr));
    return GST_FLOW_ERROR;
  }
  try {
    const std::vector<sat::Box>& boxes = s.detector.detect(s.gray.of(*frame));
    return GST_SAT_DETECT_BASE_GET_CLASS(self)->use_boxes(self, frame, boxes, settings);
  } catch (const sat::Error& e) {
    GST_ELEMENT_ERROR(self, STREAM, FAILED, ("Detection failed: %s", e.what()), (nullptr));
    return GST_FLOW_ERROR;
  }
}

void set_property(GObject* object, guint id, const GValue* value, GParamSpec* pspec) {
  auto* self = GST_SAT_DETECT_BASE(object);
  GST_OBJECT_LOCK(self);
  const bool known = sat_gst::set_detect_property(object, private_of(self)->settings, kFirstProperty, id, value);
  GST_OBJECT_UNLOCK(self);
  if (!known) G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
}

void get_property(GObject* object, guint id, GValue* value, GParamSpec* pspec) {
  auto* self = GST_SAT_DETECT_BASE(object);
  GST_OBJECT_LOCK(self);
  const bool known = sat_gst::get_detect_property(private_of(self)->settings, kFirstProperty, id, value);
  GST_OBJECT_UNLOCK(self);
  if (!known) G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
}

void finalize(GObject* object) {
  delete private_of(GST_SAT_DETECT_BASE(object));
  G_OBJECT_CLASS(gst_sat_detect_base_parent_class)->finalize(object);
}

}  // namespace

static void gst_sat_detect_base_class_init(GstSatDetectBaseClass* klass) {
  GST_DEBUG_CATEGORY_INIT(sat_detect_base_debug, "satdetectbase", 0, "satlab detection elements");
  auto* gobject_class = G_OBJECT_CLASS(klass);
  gobject_class->set_property = set_property;
  gobject_class->get_property = get_property;
  gobject_class->finalize = finalize;
  sat_gst::install_detect_properties(gobject_class, kFirstProperty);

  auto* element_class = GST_ELEMENT_CLASS(klass);
  GstCaps* caps = sat_gst::make_caps(sat_gst::system_memory_formats(), false);
  gst_element_class_add_pad_template(element_class, gst_pad_template_new("sink", GST_PAD_SINK, GST_PAD_ALWAYS, caps));
  gst_element_class_add_pad_template(element_class, gst_pad_template_new("src", GST_PAD_SRC, GST_PAD_ALWAYS, caps));
  gst_caps_unref(caps);

  auto* trans_class = GST_BASE_TRANSFORM_CLASS(klass);
  trans_class->start = start;
  trans_class->stop = stop;
  GST_VIDEO_FILTER_CLASS(klass)->transform_frame_ip = transform_frame_ip;
  gst_type_mark_as_plugin_api(GST_TYPE_SAT_DETECT_BASE, GstPluginAPIFlags(0));
}

static void gst_sat_detect_base_init(GstSatDetectBase* self) {
  static_cast<GstSatDetectBasePrivate*>(gst_sat_detect_base_get_instance_private(self))->impl = new Private;
  gst_base_transform_set_in_place(GST_BASE_TRANSFORM(self), TRUE);
}
