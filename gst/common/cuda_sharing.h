// The CUDA side of the filter element in GStreamer's terms: the GstCudaContext shared with the
// neighbouring elements through the "gst.cuda.context" GstContext (so that nvh264dec ! satguided
// runs in the decoder's context), the memory:CUDAMemory caps feature, output buffers from a
// GstCudaBufferPool, and the context made current around satcore's CUDA runtime calls.
//
// GStreamer 1.22's CUDA memory carries no stream (GstCudaStream came with 1.24): a producer hands
// over memory whose writes are complete. The element therefore runs on a stream of its own and
// waits for that stream alone before it pushes a frame — never for the whole device.
#pragma once

#include <gst/cuda/gstcudacontext.h>
#include <gst/gst.h>

#include <string>

namespace sat_gst {

// Whether CUDA memory can be offered: GStreamer's CUDA driver loader found the driver, and satcore
// sees a usable device. Decided once per process.
bool cuda_memory_usable();
// Why not ("no NVIDIA driver / GPU found"); "" when usable.
std::string cuda_unusable_reason();

// Structure `index` of `caps` has the memory:CUDAMemory feature.
bool is_cuda_memory_caps(const GstCaps* caps, guint index = 0);
// `caps` (taken) without its CUDA-memory structures.
GstCaps* without_cuda_memory(GstCaps* caps);

// Makes `context` current on this thread for its lifetime, so that satcore's runtime calls use it.
class ContextPush {
 public:
  explicit ContextPush(GstCudaContext* context);
  ~ContextPush();
  ContextPush(const ContextPush&) = delete;
  ContextPush& operator=(const ContextPush&) = delete;
  bool pushed() const { return pushed_; }

 private:
  bool pushed_ = false;
};

// Configures a GstCudaBufferPool of `context` for the caps of an allocation query and puts it
// first in the query (reusing the query's pool when it is one of the same context). False when the
// pool cannot be configured.
bool decide_cuda_allocation(GstCudaContext* context, GstQuery* query);

}  // namespace sat_gst
