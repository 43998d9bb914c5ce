#include "common/gst/gst_cuda_context.h"

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <gst/cuda/gstcudacontext.h>
#include <gst/cuda/gstcudaloader.h>
#include <gst/cuda/gstcudautils.h>

#include <mutex>
#include <string>

#include "common/gst/gst_reader.h"

namespace satapp::gst {

namespace {

// A driver API function through the runtime (the program links no libcuda, so that it starts
// where there is none).
template <class Function>
Function driver_function(const char* name) {
  void* function = nullptr;
  cudaDriverEntryPointQueryResult found{};
  if (cudaGetDriverEntryPointByVersion(name, &function, 12000, cudaEnableDefault, &found) != cudaSuccess ||
      found != cudaDriverEntryPointSuccess || !function)
    throw Error(std::string("the CUDA driver has no ") + name);
  return reinterpret_cast<Function>(function);
}

GstContext* make_context() {
  initialize();
  if (!gst_cuda_load_library()) throw Error("GStreamer's CUDA library cannot load the CUDA driver (libcuda)");
  int device = 0;
  // The runtime's primary context made current (cudaFree(0) initialises it), as satcore uses it.
  if (cudaGetDevice(&device) != cudaSuccess || cudaFree(nullptr) != cudaSuccess)
    throw Error(std::string("no CUDA device for GStreamer's CUDA memory: ") + cudaGetErrorString(cudaGetLastError()));
  CUcontext context = nullptr;
  CUdevice handle = 0;
  if (driver_function<CUresult (*)(CUcontext*)>("cuCtxGetCurrent")(&context) != CUDA_SUCCESS || !context ||
      driver_function<CUresult (*)(CUdevice*)>("cuCtxGetDevice")(&handle) != CUDA_SUCCESS)
    throw Error("the CUDA runtime's context cannot be shared with GStreamer");
  GstCudaContext* wrapped = gst_cuda_context_new_wrapped(context, handle);
  if (!wrapped) throw Error("GStreamer cannot wrap the CUDA runtime's context (gst_cuda_context_new_wrapped)");
  GstContext* shared = gst_context_new_cuda_context(wrapped);
  gst_object_unref(wrapped);  // the GstContext holds it
  return shared;
}

}  // namespace

GstContext* shared_cuda_context() {
  static std::once_flag once;
  static GstContext* context = nullptr;
  static std::string problem;
  std::call_once(once, [] {
    try {
      context = make_context();
    } catch (const Error& e) {
      problem = e.what();
    }
  });
  if (!context) throw Error(problem);
  return context;
}

}  // namespace satapp::gst
