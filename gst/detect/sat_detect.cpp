#include "sat_detect.h"

#include "box_outline.h"
#include "common/locked_property.h"
#include "detection_report.h"

struct _GstSatDetect {
  GstSatDetectBase parent;
  gboolean display;          // under the object lock
  sat_gst::Updates updates;  // under the object lock
  bool had_boxes;            // streaming thread: the last frame had boxes (updates=on_change)
};

G_DEFINE_TYPE(GstSatDetect, gst_sat_detect, GST_TYPE_SAT_DETECT_BASE)

namespace {

enum Property : guint { kDisplay = 1, kUpdates };

GstFlowReturn use_boxes(GstSatDetectBase* base, sat_gst::FrameAccess& frame, const std::vector<sat::Box>& boxes,
                        const sat_gst::DetectSettings& settings) {
  auto* self = GST_SAT_DETECT(base);
  GST_OBJECT_LOCK(self);
  const bool display = self->display;
  const sat_gst::Updates updates = self->updates;
  GST_OBJECT_UNLOCK(self);

  if (display && !boxes.empty()) {
    GstVideoFrame* pixels = frame.writable();
    if (!pixels) return GST_FLOW_ERROR;  // mapped once already: not expected
    sat_gst::draw_outlines(*pixels, boxes);
  }
  sat_gst::add_roi_metas(frame.buffer(), sat_gst::roi_type_of(settings.profile), boxes);
  if (sat_gst::should_post(updates, self->had_boxes, boxes.size()))
    gst_element_post_message(GST_ELEMENT(self),
                             sat_gst::make_detect_message(GST_BASE_TRANSFORM(self), frame.buffer(), boxes));
  self->had_boxes = !boxes.empty();
  return GST_FLOW_OK;
}

void set_property(GObject* object, guint id, const GValue* value, GParamSpec* pspec) {
  auto* self = GST_SAT_DETECT(object);
  sat_gst::locked_property(object, id, pspec, [&] {
    switch (id) {
      case kDisplay:
        self->display = g_value_get_boolean(value);
        return true;
      case kUpdates:
        self->updates = sat_gst::Updates(g_value_get_enum(value));
        return true;
      default:
        return false;
    }
  });
}

void get_property(GObject* object, guint id, GValue* value, GParamSpec* pspec) {
  auto* self = GST_SAT_DETECT(object);
  sat_gst::locked_property(object, id, pspec, [&] {
    switch (id) {
      case kDisplay:
        g_value_set_boolean(value, self->display);
        return true;
      case kUpdates:
        g_value_set_enum(value, int(self->updates));
        return true;
      default:
        return false;
    }
  });
}

}  // namespace

static void gst_sat_detect_class_init(GstSatDetectClass* klass) {
  auto* gobject_class = G_OBJECT_CLASS(klass);
  gobject_class->set_property = set_property;
  gobject_class->get_property = get_property;
  constexpr auto flags = GParamFlags(G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING);
  g_object_class_install_property(
      gobject_class, kDisplay,
      g_param_spec_boolean("display", "Display", "Sets whether the detected faces should be outlined in the output",
                           TRUE, flags));
  g_object_class_install_property(
      gobject_class, kUpdates,
      g_param_spec_enum("updates", "Updates", "When send update bus messages, if at all", sat_gst::updates_get_type(),
                        int(sat_gst::Updates::EveryFrame), flags));
  gst_type_mark_as_plugin_api(sat_gst::updates_get_type(), GstPluginAPIFlags(0));
  GST_SAT_DETECT_BASE_CLASS(klass)->use_boxes = use_boxes;
  gst_element_class_set_static_metadata(
      GST_ELEMENT_CLASS(klass), "satlab object detection", "Filter/Analyzer/Video",
      "Viola-Jones detection with OpenCV's Haar cascades on summed-area tables (CUDA or CPU), a drop-in for "
      "facedetect: its bus message, a region-of-interest meta per box, and the outlines with display",
      "satlab");
}

static void gst_sat_detect_init(GstSatDetect* self) {
  self->display = TRUE;
  self->updates = sat_gst::Updates::EveryFrame;
  self->had_boxes = false;
}
