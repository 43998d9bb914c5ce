#include "memory_check.h"

#include <sys/resource.h>

#include <cstdio>
#include <fstream>
#include <limits>
#include <string>

#include "failure.h"

namespace satfilter {
namespace {

// The CPU detector (sat::Detector on Backend::Cpu) per pixel of the frame: the gray copy of a
// colour frame (1 byte) and its scale-by-scale bands — resized rows, their {Σx, Σx²} table rows
// and flags, sized at about 1 byte per pixel of the frame (core/src/detect/cpu_detect.cpp),
// rounded up. It reads the frames themselves; the CUDA detector holds its buffers on the device.
constexpr std::uint64_t kCpuDetectBytesPerPixel = 3;

// A "kB" field of a /proc file, in bytes; `missing` when absent.
std::uint64_t proc_kilobytes(const char* file, const std::string& field, std::uint64_t missing) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(field + ":", 0) == 0) return std::stoull(line.substr(field.size() + 1)) * 1024;
  return missing;
}

std::string gib(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(1ull << 30));
  return text;
}

}  // namespace

std::uint64_t pipeline_host_bytes(const MediaInfo& info, const std::optional<sat::FilterSpec>& filter,
                                  sat::Backend backend, int buffers, bool detect) {
  const std::uint64_t pixels = std::uint64_t(info.width) * std::uint64_t(info.height);
  const int output_channels = filter ? sat::output_channels(*filter, info.channels) : info.channels;
  std::uint64_t bytes = pixels * std::uint64_t(buffers) * std::uint64_t(info.channels + output_channels);
  if (backend != sat::Backend::Cpu) return bytes;
  if (filter) bytes += sat::scratch_memory(*filter, {info.width, info.height}, info.channels).cpu_bytes;
  if (detect) bytes += pixels * kCpuDetectBytesPerPixel;
  return bytes;
}

std::uint64_t available_host_bytes() {
  constexpr std::uint64_t kUnknown = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t available = proc_kilobytes("/proc/meminfo", "MemAvailable", kUnknown);
  struct rlimit limit {};
  if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    const std::uint64_t used = proc_kilobytes("/proc/self/status", "VmSize", 0);
    const std::uint64_t left = limit.rlim_cur > used ? limit.rlim_cur - used : 0;
    if (left < available) available = left;
  }
  return available;
}

void check_host_memory(const std::string& input, const MediaInfo& info, const std::optional<sat::FilterSpec>& filter,
                       sat::Backend backend, int buffers, bool detect) {
  const std::uint64_t needed = pipeline_host_bytes(info, filter, backend, buffers, detect);
  const std::uint64_t available = available_host_bytes();
  if (needed <= available) return;
  throw runtime_error("cannot filter '" + input + "' (" + std::to_string(info.width) + "x" +
                      std::to_string(info.height) + "): it needs about " + gib(needed) + " of memory, " +
                      gib(available) + " is available");
}

}  // namespace satfilter
