#include "common/files/rename_into_place.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

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
