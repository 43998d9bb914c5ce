#include "host_memory.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

namespace satbench {
namespace {

// MemAvailable of /proc/meminfo in bytes; empty where there is none (not Linux).
std::optional<std::uint64_t> mem_available() {
  std::ifstream in("/proc/meminfo");
  const std::string field = "MemAvailable:";
  for (std::string line; std::getline(in, line);)
    if (line.rfind(field, 0) == 0) return std::stoull(line.substr(field.size())) * 1024;  // "kB"
  return std::nullopt;
}

// "17.2 GB", or in MB when `scale` (the larger of the sizes compared) is below 1 GB, so that both
// sizes of a message share a unit and a small one does not read "0.0 GB".
std::string decimal_size(std::uint64_t bytes, std::uint64_t scale) {
  char text[32];
  if (scale >= 1'000'000'000)
    std::snprintf(text, sizeof text, "%.1f GB", double(bytes) / 1e9);
  else
    std::snprintf(text, sizeof text, "%.1f MB", double(bytes) / 1e6);
  return text;
}

}  // namespace

std::uint64_t case_host_bytes(const BenchCase& c, const std::vector<Peer>& peers) {
  const sat::Extent all = c.stacked();
  const std::uint64_t pixels = std::uint64_t(all.width) * std::uint64_t(all.height);
  const std::uint64_t input = pixels * sat::input_element_size(c.type);
  const std::uint64_t table = pixels * sat::output_element_size(c.type);
  const std::uint64_t padded_table =
      std::uint64_t(c.extent.width + 1) * std::uint64_t(c.extent.height + 1) * sat::output_element_size(c.type);
  const bool opencv = c.planes == 1 && std::find(peers.begin(), peers.end(), Peer::OpenCv) != peers.end();
  // cv::integral of 16-bit input writes doubles, turned into a W x H table of satcore's integers
  // for the check (peer_opencv.cpp).
  const bool sixteen_bit = c.type == sat::ElementType::U16ToU32 || c.type == sat::ElementType::U16ToU64;
  const std::uint64_t opencv_bytes =
      !opencv       ? 0
      : sixteen_bit ? std::uint64_t(c.extent.width + 1) * std::uint64_t(c.extent.height + 1) * 8 + table
                    : padded_table;
  return input + table + std::max(table, padded_table) + opencv_bytes;
}

std::optional<std::uint64_t> host_bytes_allowed(double limit_gb) {
  std::optional<std::uint64_t> allowed = mem_available();
  if (limit_gb > 0) {
    const auto limit = std::uint64_t(limit_gb * 1e9);
    allowed = allowed ? std::min(*allowed, limit) : limit;
  }
  return allowed;
}

std::string host_memory_shortfall(const BenchCase& c, const std::vector<Peer>& peers, double limit_gb) {
  const std::uint64_t needed = case_host_bytes(c, peers);
  const std::optional<std::uint64_t> allowed = host_bytes_allowed(limit_gb);
  if (!allowed || needed <= *allowed) return {};
  return "needs " + decimal_size(needed, needed) + ", " + decimal_size(*allowed, needed) + " available";
}

}  // namespace satbench
