// What the report's header says about the machine: the GPU, its memory system, the CUDA versions,
// the host and the date.
#pragma once

#include <cstddef>
#include <string>

namespace satbench {

struct DeviceInfo {
  int index = 0;
  std::string name;  // e.g. "NVIDIA H100 80GB HBM3"
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;
  double memory_clock_mhz = 0;  // peak memory clock
  int bus_width_bits = 0;
  double peak_bandwidth_gbs = 0;  // 2 (DDR) x clock x bus width / 8, in GB/s (1e9 bytes)
  std::size_t l2_bytes = 0;
  std::size_t global_memory_bytes = 0;
  std::string driver_version;   // "13.0" (the highest CUDA version the driver supports)
  std::string driver_release;   // "580.65.06" from /proc/driver/nvidia/version; empty if unreadable
  std::string runtime_version;  // "13.0" (the CUDA runtime satbench runs with)
  std::string date_utc;         // ISO 8601, e.g. "2026-11-22T10:04:05Z"
  std::string host_name;
  int host_threads = 0;  // std::thread::hardware_concurrency()
};

// Queries device `index`. Throws sat::Error.
DeviceInfo query_device_info(int index);

// The host, date and driver fields only (for a run without a CUDA device; whether there is one,
// and why not, is satcore's: sat::cuda_unavailable_reason).
DeviceInfo query_host_info();

}  // namespace satbench
