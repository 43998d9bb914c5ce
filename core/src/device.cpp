// Is CUDA usable, and why not: the one place that asks the runtime and words the answer.
#include "sat/device.h"

#include "cuda_error_text.h"

namespace sat {
namespace {

std::string cuda_version_text(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

}  // namespace

namespace detail {

std::string describe_cuda_error(cudaError_t status, int driver_version, int runtime_version) {
  if (status == cudaErrorNoDevice) return kNoNvidiaGpu;
  if (status == cudaErrorInsufficientDriver) {
    // The runtime says "insufficient" also when there is no driver at all (version 0).
    if (driver_version <= 0) return kNoNvidiaGpu;
    return "the NVIDIA driver supports CUDA " + cuda_version_text(driver_version) + ", older than the CUDA runtime " +
           cuda_version_text(runtime_version) + " satcore uses: update the NVIDIA driver";
  }
  return std::string(cudaGetErrorName(status)) + " (" + cudaGetErrorString(status) + ")";
}

}  // namespace detail

std::string describe_cuda_error(cudaError_t status) {
  int driver = 0, runtime = 0;
  if (status == cudaErrorInsufficientDriver) {
    if (cudaDriverGetVersion(&driver) != cudaSuccess) driver = 0;
    if (cudaRuntimeGetVersion(&runtime) != cudaSuccess) runtime = 0;
  }
  return detail::describe_cuda_error(status, driver, runtime);
}

CudaAvailability cuda_availability(int device) {
  CudaAvailability a;
  const cudaError_t status = cudaGetDeviceCount(&a.device_count);
  if (status != cudaSuccess) {
    (void)cudaGetLastError();  // leave nothing pending for the caller's next CUDA call
    a.device_count = 0;
    a.reason = describe_cuda_error(status);
    // Anything but "no driver / no GPU" keeps the runtime's words, said to be about CUDA.
    if (status != cudaErrorNoDevice && status != cudaErrorInsufficientDriver)
      a.reason = "no usable CUDA device: " + a.reason;
    return a;
  }
  if (a.device_count == 0) {
    a.reason = kNoNvidiaGpu;
  } else if (device < 0 || device >= a.device_count) {
    a.reason = "CUDA device " + std::to_string(device) + " asked for, but " +
               (a.device_count == 1 ? std::string("only device 0 exists")
                                    : "only devices 0-" + std::to_string(a.device_count - 1) + " exist");
  }
  return a;
}

std::string cuda_unavailable_reason(int device) { return cuda_availability(device).reason; }

}  // namespace sat
