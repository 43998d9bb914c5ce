// The body of a GObject set_property or get_property whose values live under the object lock:
// `access()` reads or writes property `id` and returns false for an id it does not know, which
// is then reported as GObject reports it (G_OBJECT_WARN_INVALID_PROPERTY_ID), outside the lock.
#pragma once

#include <gst/gst.h>

namespace sat_gst {

template <class Access>
void locked_property(GObject* object, guint id, GParamSpec* pspec, Access&& access) {
  GST_OBJECT_LOCK(object);
  const bool known = access();
  GST_OBJECT_UNLOCK(object);
  if (!known) G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
}

}  // namespace sat_gst
