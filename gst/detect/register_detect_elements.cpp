#include "detect/register_detect_elements.h"

namespace sat_gst {

// No detection element yet: registration succeeds with none.
gboolean register_detect_elements(GstPlugin*) { return TRUE; }

}  // namespace sat_gst
