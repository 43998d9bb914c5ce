#include "detection_report.h"

namespace sat_gst {

GType updates_get_type() {
  static gsize type = 0;
  static const GEnumValue values[] = {
      {int(Updates::EveryFrame), "Send update messages on every frame", "every_frame"},
      {int(Updates::OnChange), "Send messages when a new face is detected or one is not anymore detected", "on_change"},
      {int(Updates::OnFace), "Send messages whenever a face is detected", "on_face"},
      {int(Updates::None), "Send no messages update", "none"},
      {0, nullptr, nullptr}};
  if (g_once_init_enter(&type)) g_once_init_leave(&type, g_enum_register_static("GstSatDetectUpdates", values));
  return GType(type);
}

bool should_post(Updates updates, bool had_boxes, std::size_t boxes_now) {
  switch (updates) {
    case Updates::EveryFrame:
      return true;
    case Updates::OnChange:
      return had_boxes != (boxes_now > 0);
    case Updates::OnFace:
      return boxes_now > 0;
    case Updates::None:
      return false;
  }
  return true;
}

GstMessage* make_detect_message(GstBaseTransform* element, GstBuffer* buffer, const std::vector<sat::Box>& boxes) {
  const GstClockTime pts = GST_BUFFER_PTS(buffer);
  GstStructure* s =
      gst_structure_new("facedetect", "timestamp", G_TYPE_UINT64, pts, "stream-time", G_TYPE_UINT64,
                        gst_segment_to_stream_time(&element->segment, GST_FORMAT_TIME, pts), "running-time",
                        G_TYPE_UINT64, gst_segment_to_running_time(&element->segment, GST_FORMAT_TIME, pts), "duration",
                        G_TYPE_UINT64, GST_BUFFER_DURATION(buffer), nullptr);
  GValue faces = G_VALUE_INIT;
  g_value_init(&faces, GST_TYPE_LIST);
  for (const sat::Box& b : boxes) {
    GValue face = G_VALUE_INIT;
    g_value_init(&face, GST_TYPE_STRUCTURE);
    g_value_take_boxed(&face,
                       gst_structure_new("face", "x", G_TYPE_UINT, guint(b.x), "y", G_TYPE_UINT, guint(b.y), "width",
                                         G_TYPE_UINT, guint(b.width), "height", G_TYPE_UINT, guint(b.height), nullptr));
    gst_value_list_append_and_take_value(&faces, &face);
  }
  gst_structure_take_value(s, "faces", &faces);
  return gst_message_new_element(GST_OBJECT(element), s);
}

std::string roi_type_of(const std::string& cascade_path) {
  std::string name = cascade_path.substr(cascade_path.find_last_of('/') + 1);
  if (name.find("face") != std::string::npos) return "face";
  const std::string prefix = "haarcascade_", suffix = ".xml";
  if (name.compare(0, prefix.size(), prefix) == 0) name.erase(0, prefix.size());
  if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
    name.erase(name.size() - suffix.size());
  return name.empty() ? "object" : name;
}

void add_roi_metas(GstBuffer* buffer, const std::string& roi_type, const std::vector<sat::Box>& boxes) {
  for (const sat::Box& b : boxes)
    gst_buffer_add_video_region_of_interest_meta(buffer, roi_type.c_str(), guint(b.x), guint(b.y), guint(b.width),
                                                 guint(b.height));
}

}  // namespace sat_gst
