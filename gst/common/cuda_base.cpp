#include "common/cuda_base.h"

#include <gst/cuda/gstcudamemory.h>
#include <gst/cuda/gstcudautils.h>

#include <string>

#include "common/cuda_sharing.h"
#include "sat/device.h"

GST_DEBUG_CATEGORY_STATIC(sat_cuda_base_debug);
#define GST_CAT_DEFAULT sat_cuda_base_debug

namespace {

constexpr guint kPropDeviceId = 1;
constexpr gint kDefaultDeviceId = -1;

struct Private {
  gint device_id = kDefaultDeviceId;  // the property; under the object lock
  GstCudaContext* context = nullptr;  // owned reference; CUDA backend only
  bool running = false;               // between a successful start() and stop()
  bool cuda = false;                  // the backend chosen at start
  bool warned_foreign = false;        // another device's memory met (warned once)
};

}  // namespace

struct GstSatCudaBasePrivate {
  Private* impl;  // made in init, deleted in finalize
};

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE(GstSatCudaBase, gst_sat_cuda_base, GST_TYPE_VIDEO_FILTER)

namespace {

Private& private_of(gpointer self) {
  return *static_cast<GstSatCudaBasePrivate*>(gst_sat_cuda_base_get_instance_private(GST_SAT_CUDA_BASE(self)))->impl;
}

GstBaseTransformClass* parent_transform_class() { return GST_BASE_TRANSFORM_CLASS(gst_sat_cuda_base_parent_class); }

gint device_id_of(gpointer self) {
  GST_OBJECT_LOCK(self);
  const gint id = private_of(self).device_id;
  GST_OBJECT_UNLOCK(self);
  return id;
}

guint context_device(GstCudaContext* context) {
  guint id = 0;
  g_object_get(context, "cuda-device-id", &id, nullptr);
  return id;
}

GstSatBackendChoice backend_choice(GstSatCudaBase* self) {
  auto* klass = GST_SAT_CUDA_BASE_GET_CLASS(self);
  return klass->backend_choice ? klass->backend_choice(self) : GST_SAT_BACKEND_AUTO;
}

gboolean open_engine(GstSatCudaBase* self) {
  Private& p = private_of(self);
  sat_gst::ContextPush push(p.context);  // satcore's runtime calls in the element's context
  return GST_SAT_CUDA_BASE_GET_CLASS(self)->open(self, p.cuda);
}

void close_engine(GstSatCudaBase* self) {
  Private& p = private_of(self);
  sat_gst::ContextPush push(p.context);  // CUDA resources are freed in the context that made them
  if (auto* close = GST_SAT_CUDA_BASE_GET_CLASS(self)->close) close(self);
}

// The backend from the subclass's preference, the machine and cuda-device-id; the context made
// (or the neighbours' taken) on CUDA. FALSE with the error posted.
gboolean choose_backend(GstSatCudaBase* self) {
  Private& p = private_of(self);
  const GstSatBackendChoice choice = backend_choice(self);
  const gint device = device_id_of(self);
  p.cuda = false;
  if (choice == GST_SAT_BACKEND_CPU) return TRUE;
  const std::string problem = sat_gst::cuda_unusable_reason();
  if (!problem.empty()) {
    // Asked for explicitly (the backend or a device): an error; else the CPU backend.
    if (choice == GST_SAT_BACKEND_CUDA) {
      GST_ELEMENT_ERROR(self, RESOURCE, SETTINGS, ("backend cuda: %s", problem.c_str()), (nullptr));
      return FALSE;
    }
    if (device >= 0) {
      GST_ELEMENT_ERROR(self, RESOURCE, SETTINGS, ("cuda-device-id=%d: %s", device, problem.c_str()), (nullptr));
      return FALSE;
    }
    GST_INFO_OBJECT(self, "%s, using the CPU backend", problem.c_str());
    return TRUE;
  }
  if (device >= 0) {
    const sat::CudaAvailability available = sat::cuda_availability(device);
    if (!available.usable()) {
      GST_ELEMENT_ERROR(self, RESOURCE, SETTINGS, ("cuda-device-id=%d: %s", device, available.reason.c_str()),
                        ("%d CUDA device(s)", available.device_count));
      return FALSE;
    }
  }
  // The neighbours' context of the device when one is offered (-1: of any device), else a new one.
  if (!gst_cuda_ensure_element_context(GST_ELEMENT(self), device, &p.context)) {
    GST_ELEMENT_ERROR(self, RESOURCE, SETTINGS, ("No GStreamer CUDA context could be made for device %d", device),
                      (nullptr));
    return FALSE;
  }
  p.cuda = true;
  GST_INFO_OBJECT(self, "CUDA backend on device %u", context_device(p.context));
  return TRUE;
}

gboolean start(GstBaseTransform* trans) {
  auto* self = GST_SAT_CUDA_BASE(trans);
  Private& p = private_of(self);
  p.warned_foreign = false;
  if (!choose_backend(self)) return FALSE;
  if (!open_engine(self)) {
    gst_clear_object(&p.context);
    return FALSE;
  }
  p.running = true;
  return TRUE;
}

gboolean stop(GstBaseTransform* trans) {
  auto* self = GST_SAT_CUDA_BASE(trans);
  Private& p = private_of(self);
  if (p.running) close_engine(self);
  p.running = false;
  gst_clear_object(&p.context);
  return TRUE;
}

// A buffer in another context's CUDA memory: adopted when that context is of the wanted device.
// Before the parent's submit, so that the output pool is renegotiated in the new context before
// this buffer's output is allocated from it.
GstFlowReturn submit_input_buffer(GstBaseTransform* trans, gboolean discont, GstBuffer* input) {
  auto* self = GST_SAT_CUDA_BASE(trans);
  Private& p = private_of(self);
  GstMemory* memory = input ? gst_buffer_peek_memory(input, 0) : nullptr;
  if (p.running && p.cuda && memory && gst_is_cuda_memory(memory)) {
    GstCudaContext* theirs = GST_CUDA_MEMORY_CAST(memory)->context;
    const gint wanted = device_id_of(self);
    if (theirs != p.context && (wanted < 0 || context_device(theirs) == guint(wanted))) {
      GST_INFO_OBJECT(self, "adopting the CUDA context %" GST_PTR_FORMAT " (device %u) of the input",
                      static_cast<void*>(theirs), context_device(theirs));
      close_engine(self);
      gst_object_replace(reinterpret_cast<GstObject**>(&p.context), GST_OBJECT(theirs));
      if (!open_engine(self)) {
        p.running = false;
        gst_buffer_unref(input);
        return GST_FLOW_ERROR;
      }
      gst_base_transform_reconfigure_src(trans);
    } else if (theirs != p.context && !p.warned_foreign) {
      p.warned_foreign = true;
      GST_ELEMENT_WARNING(
          self, RESOURCE, SETTINGS,
          ("CUDA memory of device %u read through the host: cuda-device-id=%d", context_device(theirs), wanted),
          (nullptr));
    }
  }
  return parent_transform_class()->submit_input_buffer(trans, discont, input);
}

// Upstream may send frames with any strides (read through GstVideoMeta). For CUDA memory a pool
// of the element's context is offered, as nvcodec's elements offer theirs; system memory gets the
// video filter's proposal.
gboolean propose_allocation(GstBaseTransform* trans, GstQuery* decide_query, GstQuery* query) {
  GstCaps* caps = nullptr;
  gst_query_parse_allocation(query, &caps, nullptr);
  GstCudaContext* context = private_of(trans).context;
  if (!decide_query || !caps || !sat_gst::is_cuda_memory_caps(caps) || !context)
    return parent_transform_class()->propose_allocation(trans, decide_query, query);
  gst_query_add_allocation_meta(query, GST_VIDEO_META_API_TYPE, nullptr);
  if (gst_query_get_n_allocation_pools(query) == 0 && !sat_gst::decide_cuda_allocation(context, query))
    GST_WARNING_OBJECT(trans, "no CUDA buffer pool could be offered upstream");
  return TRUE;
}

gboolean query(GstBaseTransform* trans, GstPadDirection direction, GstQuery* q) {
  if (GST_QUERY_TYPE(q) == GST_QUERY_CONTEXT &&
      gst_cuda_handle_context_query(GST_ELEMENT(trans), q, private_of(trans).context))
    return TRUE;
  return parent_transform_class()->query(trans, direction, q);
}

void set_context(GstElement* element, GstContext* context) {
  gst_cuda_handle_set_context(element, context, device_id_of(element), &private_of(element).context);
  GST_ELEMENT_CLASS(gst_sat_cuda_base_parent_class)->set_context(element, context);
}

void set_property(GObject* object, guint id, const GValue* value, GParamSpec* pspec) {
  if (id != kPropDeviceId) {
    G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    return;
  }
  GST_OBJECT_LOCK(object);
  private_of(object).device_id = g_value_get_int(value);
  GST_OBJECT_UNLOCK(object);
}

void get_property(GObject* object, guint id, GValue* value, GParamSpec* pspec) {
  if (id != kPropDeviceId) {
    G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    return;
  }
  GST_OBJECT_LOCK(object);
  g_value_set_int(value, private_of(object).device_id);
  GST_OBJECT_UNLOCK(object);
}

void finalize(GObject* object) {
  gst_clear_object(&private_of(object).context);
  delete &private_of(object);
  G_OBJECT_CLASS(gst_sat_cuda_base_parent_class)->finalize(object);
}

}  // namespace

GstCudaContext* gst_sat_cuda_base_context(GstSatCudaBase* self) { return private_of(self).context; }

gboolean gst_sat_cuda_base_is_own_memory(GstSatCudaBase* self, GstBuffer* buffer) {
  GstCudaContext* context = private_of(self).context;
  GstMemory* memory = buffer && gst_buffer_n_memory(buffer) > 0 ? gst_buffer_peek_memory(buffer, 0) : nullptr;
  return context && memory && gst_is_cuda_memory(memory) && GST_CUDA_MEMORY_CAST(memory)->context == context;
}

GType sat_gst::backend_choice_type() {
  static GType type = 0;
  if (g_once_init_enter(&type)) {
    static const GEnumValue values[] = {
        {GST_SAT_BACKEND_AUTO, "CUDA when an NVIDIA GPU is usable, else the CPU", "auto"},
        {GST_SAT_BACKEND_CPU, "satcore's CPU backend", "cpu"},
        {GST_SAT_BACKEND_CUDA, "satcore's CUDA backend (an error without a usable GPU)", "cuda"},
        {0, nullptr, nullptr}};
    g_once_init_leave(&type, g_enum_register_static("GstSatBackend", values));
  }
  return type;
}

static void gst_sat_cuda_base_class_init(GstSatCudaBaseClass* klass) {
  GST_DEBUG_CATEGORY_INIT(sat_cuda_base_debug, "satcudabase", 0, "satlab elements' CUDA base");
  auto* gobject_class = G_OBJECT_CLASS(klass);
  gobject_class->set_property = set_property;
  gobject_class->get_property = get_property;
  gobject_class->finalize = finalize;
  g_object_class_install_property(
      gobject_class, kPropDeviceId,
      g_param_spec_int("cuda-device-id", "CUDA device id",
                       "The CUDA device to run on (-1: the upstream's when it sends CUDA memory, else the default)", -1,
                       G_MAXINT, kDefaultDeviceId,
                       GParamFlags(G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY)));

  GST_ELEMENT_CLASS(klass)->set_context = set_context;
  auto* trans_class = GST_BASE_TRANSFORM_CLASS(klass);
  trans_class->start = start;
  trans_class->stop = stop;
  trans_class->query = query;
  trans_class->propose_allocation = propose_allocation;
  trans_class->submit_input_buffer = submit_input_buffer;
  gst_type_mark_as_plugin_api(GST_TYPE_SAT_CUDA_BASE, GstPluginAPIFlags(0));
}

static void gst_sat_cuda_base_init(GstSatCudaBase* self) {
  static_cast<GstSatCudaBasePrivate*>(gst_sat_cuda_base_get_instance_private(self))->impl = new Private;
}
