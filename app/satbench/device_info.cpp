// Device and host facts for the report's header.
#include "device_info.h"

#include <cuda_runtime_api.h>
#include <unistd.h>

#include <ctime>
#include <thread>

#include "common/cuda/cuda_check.h"
#include "driver_release.h"

namespace satbench {
namespace {

// CUDA encodes versions as 1000 * major + 10 * minor.
std::string cuda_version_text(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

int attribute(cudaDeviceAttr attr, int device) {
  int value = 0;
  SAT_CUDA_CHECK(cudaDeviceGetAttribute(&value, attr, device));
  return value;
}

}  // namespace

DeviceInfo query_device_info(int index) {
  DeviceInfo info;
  info.index = index;
  cudaDeviceProp prop{};
  SAT_CUDA_CHECK(cudaGetDeviceProperties(&prop, index));
  info.name = prop.name;
  info.cc_major = prop.major;
  info.cc_minor = prop.minor;
  info.sm_count = prop.multiProcessorCount;
  info.global_memory_bytes = prop.totalGlobalMem;
  // The clock is no longer a cudaDeviceProp field in CUDA 13; the attribute remains (kHz).
  info.memory_clock_mhz = attribute(cudaDevAttrMemoryClockRate, index) / 1000.0;
  info.bus_width_bits = attribute(cudaDevAttrGlobalMemoryBusWidth, index);
  info.l2_bytes = std::size_t(attribute(cudaDevAttrL2CacheSize, index));
  info.peak_bandwidth_gbs = 2.0 * info.memory_clock_mhz * 1e6 * info.bus_width_bits / 8.0 / 1e9;

  int driver = 0, runtime = 0;
  SAT_CUDA_CHECK(cudaDriverGetVersion(&driver));
  SAT_CUDA_CHECK(cudaRuntimeGetVersion(&runtime));
  info.driver_version = cuda_version_text(driver);
  info.runtime_version = cuda_version_text(runtime);
  info.driver_release = read_driver_release();
  const DeviceInfo host = query_host_info();
  info.date_utc = host.date_utc;
  info.host_name = host.host_name;
  info.host_threads = host.host_threads;
  return info;
}

DeviceInfo query_host_info() {
  DeviceInfo info;
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &utc);
  info.date_utc = date;

  char host[256] = {};
  if (gethostname(host, sizeof host - 1) == 0) info.host_name = host;
  info.host_threads = int(std::thread::hardware_concurrency());
  return info;
}

}  // namespace satbench
