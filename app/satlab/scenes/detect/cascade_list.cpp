#include "scenes/detect/cascade_list.h"

#include <algorithm>
#include <filesystem>

namespace satlab {

std::vector<std::string> list_cascades(const std::string& folder) {
  namespace fs = std::filesystem;
  std::vector<std::string> paths;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".xml" && it->is_regular_file(ec)) paths.push_back(it->path().string());
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

}  // namespace satlab
