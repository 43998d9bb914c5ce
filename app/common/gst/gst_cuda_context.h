// The CUDA context that satlab shares with GStreamer's CUDA elements (the decoder's output
// buffers): the CUDA runtime's primary context of the current device, wrapped in a GstCudaContext
// (gst_cuda_context_new_wrapped), so that device pointers in CUDA-memory buffers are valid in
// satcore's kernels without pushing a context around each runtime call. Built only with
// gstreamer-cuda-1.0.
#pragma once

typedef struct _GstContext GstContext;

namespace satapp::gst {

// The `gst.cuda.context` GstContext of the runtime's primary context on the current device,
// created on first use and kept for the process. Throws Error when GStreamer's CUDA library or
// the CUDA driver cannot provide it.
GstContext* shared_cuda_context();

}  // namespace satapp::gst
