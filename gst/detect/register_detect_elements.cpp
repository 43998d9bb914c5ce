#include "detect/register_detect_elements.h"

#include "detect/sat_detect.h"
#include "detect/sat_face_blur.h"

namespace sat_gst {

gboolean register_detect_elements(GstPlugin* plugin) {
  return gst_element_register(plugin, "satdetect", GST_RANK_NONE, GST_TYPE_SAT_DETECT) &&
         gst_element_register(plugin, "satfaceblur", GST_RANK_NONE, GST_TYPE_SAT_FACE_BLUR);
}

}  // namespace sat_gst
