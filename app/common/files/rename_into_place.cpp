#include "common/files/rename_into_place.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace satapp::files {
namespace {

[[noreturn]] void fail(const std::string& to, int error) {
  if (error == EEXIST) throw output_exists(to);
  throw std::runtime_error("cannot write '" + to + "': " + std::strerror(error));
}

}  // namespace

std::runtime_error output_exists(const std::string& path) {
  return std::runtime_error("'" + path + "' already exists (use -y to overwrite it)");
}

void rename_into_place(const std::string& from, const std::string& to, bool overwrite) {
  if (overwrite) {
    if (::rename(from.c_str(), to.c_str()) != 0) fail(to, errno);
    return;
  }
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return;
  if (errno != EINVAL && errno != ENOSYS) fail(to, errno);
  // A file system without RENAME_NOREPLACE: a hard link is just as exclusive.
  if (::link(from.c_str(), to.c_str()) != 0) fail(to, errno);
  ::unlink(from.c_str());
}

}  // namespace satapp::files

namespace satapp::files {

PlacedFile::PlacedFile(const std::string& from, const std::string& to, bool overwrite, const std::string& keep)
    : to_(to) {
  if (overwrite && ::link(to.c_str(), keep.c_str()) == 0) kept_ = keep;
  try {
    rename_into_place(from, to, overwrite);
  } catch (...) {
    if (!kept_.empty()) ::unlink(kept_.c_str());
    throw;
  }
}

PlacedFile::PlacedFile(PlacedFile&& other) noexcept
    : to_(std::move(other.to_)), kept_(std::exchange(other.kept_, {})), placed_(std::exchange(other.placed_, false)) {}

PlacedFile::~PlacedFile() {
  if (placed_ && !kept_.empty()) ::unlink(kept_.c_str());
}

void PlacedFile::take_back() noexcept {
  if (!placed_) return;
  placed_ = false;
  if (kept_.empty()) {
    ::unlink(to_.c_str());
  } else {
    ::rename(kept_.c_str(), to_.c_str());  // should it fail, the hidden link still holds the file
  }
}

}  // namespace satapp::files
