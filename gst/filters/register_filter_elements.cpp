#include "filters/register_filter_elements.h"

#include "filters/sat_filter_element.h"
#include "sat/filter_spec.h"

namespace sat_gst {

gboolean register_filter_elements(GstPlugin* plugin) {
  const auto& catalog = sat::filter_catalog();
  for (std::size_t i = 0; i < catalog.size(); ++i) {
    const GType type = filter_element_type(i);
    if (!gst_element_register(plugin, element_name(catalog[i]).c_str(), GST_RANK_NONE, type)) return FALSE;
  }
  return TRUE;
}

}  // namespace sat_gst
