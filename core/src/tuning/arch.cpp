#include "tuning/arch.h"

#include <cuda_runtime_api.h>

#include "sat/support/cuda_check.h"
#include "support/per_device.h"

namespace sat::detail {

DeviceTuning current_device_tuning() {
  static PerDevice<DeviceTuning> cache;
  return cache.get([](int device) {
    int major = 0, minor = 0, sms = 0;
    check_cuda(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device),
               "cudaDeviceGetAttribute (compute capability major)");
    check_cuda(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device),
               "cudaDeviceGetAttribute (compute capability minor)");
    check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device),
               "cudaDeviceGetAttribute (multiprocessor count)");
    return DeviceTuning{tuning_arch_of(major, minor), sms};
  });
}

}  // namespace sat::detail
