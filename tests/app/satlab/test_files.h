// Files for satlab's tests: a fresh folder of the test's own in the temporary folder.
#pragma once

#include <filesystem>
#include <string>

namespace satlab::test {

// TMP/satlab_unit_NAME, emptied: what an earlier run left there is gone.
inline std::filesystem::path temp_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("satlab_unit_" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace satlab::test
