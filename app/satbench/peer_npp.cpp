// NPP's nppiIntegral_8u32s_C1R_Ctx as a peer: linked (SATBENCH_HAVE_NPP) or loaded at run time.
#include <dlfcn.h>

#include <stdexcept>

#include "common/cuda/cuda_check.h"
#include "peers.h"

#if SATBENCH_HAVE_NPP
#include <nppi_statistics_functions.h>
#endif

namespace satbench {
namespace {

#if !SATBENCH_HAVE_NPP
// A copy of NPP's ABI (nppdefs.h, unchanged since CUDA 10.1), only what the integral needs.
// The trailing two ints were nReserved0/1 in older releases and nStreamFlags/nReserved0 now:
// the size and the offsets of the used fields are the same.
struct NppiSize {
  int width;
  int height;
};
struct NppStreamContext {
  cudaStream_t hStream;
  int nCudaDeviceId;
  int nMultiProcessorCount;
  int nMaxThreadsPerMultiProcessor;
  int nMaxThreadsPerBlock;
  std::size_t nSharedMemPerBlock;
  int nCudaDevAttrComputeCapabilityMajor;
  int nCudaDevAttrComputeCapabilityMinor;
  unsigned int nStreamFlags;
  int nReserved0;
};
static_assert(sizeof(NppStreamContext) == 48, "NppStreamContext is 48 bytes on LP64");
struct NppLibraryVersion {
  int major;
  int minor;
  int build;
};
using NppStatus = int;  // an enum in NPP: 0 success, < 0 errors, > 0 warnings
#endif

using IntegralFn = NppStatus (*)(const unsigned char*, int, int*, int, NppiSize, int, NppStreamContext);
using VersionFn = const NppLibraryVersion* (*)();

std::string version_text(VersionFn version) {
  if (!version) return "NPP";
  const NppLibraryVersion* v = version();
  if (!v) return "NPP";
  return "NPP " + std::to_string(v->major) + "." + std::to_string(v->minor) + "." + std::to_string(v->build);
}

}  // namespace

struct NppIntegral::Impl {
  IntegralFn integral = nullptr;
  void* library = nullptr;  // dlopen handle when loaded at run time (kept open until exit)
  std::string description;
  NppStreamContext context{};  // device fields; the stream is filled per call
};

NppIntegral::NppIntegral() : impl_(std::make_unique<Impl>()) {
#if SATBENCH_HAVE_NPP
  impl_->integral = &nppiIntegral_8u32s_C1R_Ctx;  // the signature IntegralFn spells out
  // The version by name: no dependence on which release still declares it.
  impl_->description = version_text(reinterpret_cast<VersionFn>(dlsym(RTLD_DEFAULT, "nppGetLibVersion"))) + " (linked)";
#else
  for (const char* name : {"libnppist.so.13", "libnppist.so.12", "libnppist.so"}) {
    impl_->library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!impl_->library) continue;
    impl_->integral = reinterpret_cast<IntegralFn>(dlsym(impl_->library, "nppiIntegral_8u32s_C1R_Ctx"));
    if (impl_->integral) {
      const auto version = reinterpret_cast<VersionFn>(dlsym(impl_->library, "nppGetLibVersion"));
      impl_->description = "NPP: not built; " + version_text(version) + " loaded at run time from " + name;
      break;
    }
    dlclose(impl_->library);
    impl_->library = nullptr;
  }
  if (!impl_->integral) impl_->description = "NPP: not built (and libnppist.so not found at run time)";
#endif
  if (!impl_->integral) return;
  int device = 0;
  SAT_CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  SAT_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  NppStreamContext& c = impl_->context;
  c.nCudaDeviceId = device;
  c.nMultiProcessorCount = prop.multiProcessorCount;
  c.nMaxThreadsPerMultiProcessor = prop.maxThreadsPerMultiProcessor;
  c.nMaxThreadsPerBlock = prop.maxThreadsPerBlock;
  c.nSharedMemPerBlock = prop.sharedMemPerBlock;
  c.nCudaDevAttrComputeCapabilityMajor = prop.major;
  c.nCudaDevAttrComputeCapabilityMinor = prop.minor;
}

NppIntegral::~NppIntegral() = default;  // a loaded library stays loaded: NPP may hold state until exit

bool NppIntegral::available() const { return impl_->integral != nullptr; }

const std::string& NppIntegral::description() const { return impl_->description; }

void NppIntegral::run(const void* input, int input_step, void* table, int table_step, sat::Extent extent,
                      cudaStream_t stream) const {
  if (!impl_->integral) throw std::runtime_error("NPP is not available");
  NppStreamContext context = impl_->context;
  context.hStream = stream;
  unsigned int flags = 0;
  SAT_CUDA_CHECK(cudaStreamGetFlags(stream, &flags));
  context.nStreamFlags = flags;
  const NppStatus status =
      impl_->integral(static_cast<const unsigned char*>(input), input_step, static_cast<int*>(table), table_step,
                      NppiSize{extent.width, extent.height}, 0, context);
  if (int(status) < 0)
    throw std::runtime_error("nppiIntegral_8u32s_C1R_Ctx returned NPP status " + std::to_string(int(status)));
}

}  // namespace satbench
