// The last step of every output: a complete temporary file renamed to its final name.
#pragma once

#include <stdexcept>
#include <string>

namespace satapp::files {

// The error for an output that exists where -y was not given.
std::runtime_error output_exists(const std::string& path);

// Renames `from` to `to` (same file system). With `overwrite` an existing `to` is replaced;
// without, the rename fails if `to` exists, atomically (no window in which another program's
// file could be replaced). Throws std::runtime_error naming `to` and the reason.
void rename_into_place(const std::string& from, const std::string& to, bool overwrite);

}  // namespace satapp::files

namespace satapp::files {

// A file renamed into place by a run whose other outputs may still fail: until it is destroyed,
// take_back() undoes the rename, so that a run's outputs land together or not at all. The file
// it replaced (with -y) comes back; a file that was new is removed.
class PlacedFile {
 public:
  // rename_into_place(from, to, overwrite). A file at `to` that is replaced is kept meanwhile as
  // a hard link named `keep` (a temporary name in `to`'s folder); on a file system without hard
  // links it cannot be kept, and take_back() then only removes the new file.
  PlacedFile(const std::string& from, const std::string& to, bool overwrite, const std::string& keep);
  // The run is done: the kept link to the replaced file is removed, the new file stays.
  ~PlacedFile();
  PlacedFile(PlacedFile&& other) noexcept;
  PlacedFile(const PlacedFile&) = delete;
  PlacedFile& operator=(const PlacedFile&) = delete;
  PlacedFile& operator=(PlacedFile&&) = delete;

  void take_back() noexcept;

 private:
  std::string to_;
  std::string kept_;  // "" when nothing was replaced (or could not be kept)
  bool placed_ = true;
};

}  // namespace satapp::files
