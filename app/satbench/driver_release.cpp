#include "driver_release.h"

#include <fstream>
#include <iterator>
#include <sstream>

namespace satbench {
namespace {

bool looks_like_release(const std::string& word) {
  if (word.empty() || word.front() == '.' || word.back() == '.' || word.find('.') == std::string::npos) return false;
  return word.find_first_not_of("0123456789.") == std::string::npos;
}

}  // namespace

std::string parse_driver_release(const std::string& text) {
  const std::string marker = "Kernel Module";
  const std::size_t at = text.find(marker);
  if (at == std::string::npos) return {};
  // The release comes after words such as "for x86_64" (the open kernel module's wording), on
  // the same line.
  const std::size_t end = text.find('\n', at);
  std::istringstream rest(text.substr(at + marker.size(), end == std::string::npos ? std::string::npos : end - at));
  for (std::string word; rest >> word;)
    if (looks_like_release(word)) return word;
  return {};
}

std::string read_driver_release() {
  std::ifstream file("/proc/driver/nvidia/version");
  if (!file) return {};
  return parse_driver_release(std::string(std::istreambuf_iterator<char>(file), {}));
}

std::string driver_line(const std::string& release, const std::string& cuda_version) {
  return "NVIDIA driver " + (release.empty() ? std::string("(release unknown)") : release) + ", supports CUDA " +
         cuda_version;
}

}  // namespace satbench
