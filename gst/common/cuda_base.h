// GstSatCudaBase: the abstract video filter under every element of the plugin (the catalog's
// filter elements, satdetect, satfaceblur, satredact), after nvcodec's GstCudaBaseTransform. It
// owns what each element would otherwise repeat:
//   - the backend chosen when the element starts (the subclass's preference: auto, cpu, cuda);
//   - the `cuda-device-id` property: -1 takes the upstream's device when it sends CUDA memory
//     (else the default device); N >= 0 that device, refused at start when out of range;
//   - the GstCudaContext shared with the neighbours ("gst.cuda.context": set_context, the
//     context query, one made at start when none is offered);
//   - adoption: a buffer of CUDA memory of another context is taken where it lies when the
//     context is of the wanted device (any device for -1): the subclass's engine is closed in
//     the old context, opened in the buffer's, and the output pool renegotiated before the
//     buffer's output is allocated. A buffer of another device than an explicit cuda-device-id
//     is read through the host (gst_sat_cuda_base_is_own_memory says which) — never an error;
//   - start/stop, with the engine made and freed in its context.
// CUDA errors are the subclasses' to post (GST_ELEMENT_ERROR, with satcore's wording).
#pragma once

#include <gst/cuda/gstcudacontext.h>
#include <gst/video/gstvideofilter.h>

G_BEGIN_DECLS

#define GST_TYPE_SAT_CUDA_BASE (gst_sat_cuda_base_get_type())
G_DECLARE_DERIVABLE_TYPE(GstSatCudaBase, gst_sat_cuda_base, GST, SAT_CUDA_BASE, GstVideoFilter)

// Where a subclass wants to run (the filter elements' `backend` property; the others: auto).
typedef enum { GST_SAT_BACKEND_AUTO, GST_SAT_BACKEND_CPU, GST_SAT_BACKEND_CUDA } GstSatBackendChoice;

struct _GstSatCudaBaseClass {
  GstVideoFilterClass parent_class;
  // The backend wanted at start; NULL: auto.
  GstSatBackendChoice (*backend_choice)(GstSatCudaBase* self);
  // Makes the subclass's engine: `cuda` says which backend; on CUDA the element's context is
  // current. Called at start and again after an adoption. FALSE: the error is posted.
  gboolean (*open)(GstSatCudaBase* self, gboolean cuda);
  // Frees the engine (in its context when on CUDA): at stop and before an adoption.
  void (*close)(GstSatCudaBase* self);
};

// The element's CUDA context (no reference taken); NULL on the CPU backend or when stopped.
GstCudaContext* gst_sat_cuda_base_context(GstSatCudaBase* self);
// The buffer's first memory is CUDA memory of the element's context: map it with GST_MAP_CUDA.
// FALSE for system memory and for another device's memory (map it for the host).
gboolean gst_sat_cuda_base_is_own_memory(GstSatCudaBase* self, GstBuffer* buffer);

G_END_DECLS

namespace sat_gst {

// The GEnum of GstSatBackendChoice ("auto", "cpu", "cuda"), for the filter elements' property.
GType backend_choice_type();

}  // namespace sat_gst
