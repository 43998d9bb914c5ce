#include "memory_check.h"

#include <sys/resource.h>

#include <cstdio>
#include <fstream>
#include <limits>
#include <string>

#include "failure.h"

namespace satfilter {
namespace {

// satcore's CPU FilterEngine holds, per pixel of its extent, a 4-byte stage element (the gray or
// BGRA copy of the frame; its filters are running sums over rows, with no table:
// core/src/filters/filter_engine.cpp); the CUDA engine holds its tables on the device instead.
constexpr std::uint64_t kCpuEngineBytesPerPixel = 4;

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

std::uint64_t pipeline_host_bytes(const MediaInfo& info, int output_channels, sat::Backend backend, int buffers) {
  const std::uint64_t pixels = std::uint64_t(info.width) * std::uint64_t(info.height);
  const std::uint64_t frames = pixels * std::uint64_t(buffers) * std::uint64_t(info.channels + output_channels);
  return frames + (backend == sat::Backend::Cpu ? pixels * kCpuEngineBytesPerPixel : 0);
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

void check_host_memory(const std::string& input, const MediaInfo& info, int output_channels, sat::Backend backend,
                       int buffers) {
  const std::uint64_t needed = pipeline_host_bytes(info, output_channels, backend, buffers);
  const std::uint64_t available = available_host_bytes();
  if (needed <= available) return;
  throw runtime_error("cannot filter '" + input + "' (" + std::to_string(info.width) + "x" +
                      std::to_string(info.height) + "): it needs about " + gib(needed) + " of memory, " +
                      gib(available) + " is available");
}

}  // namespace satfilter
