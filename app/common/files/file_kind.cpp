#include "common/files/file_kind.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

namespace satapp::files {

std::string why_not_a_regular_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return errno == ENOENT ? "no such file" : std::strerror(errno);
  if (S_ISREG(st.st_mode)) return "";
  if (S_ISDIR(st.st_mode)) return "it is a directory";
  if (S_ISFIFO(st.st_mode)) return "it is a FIFO (a named pipe)";
  if (S_ISCHR(st.st_mode)) return "it is a character device";
  if (S_ISBLK(st.st_mode)) return "it is a block device";
  if (S_ISSOCK(st.st_mode)) return "it is a socket";
  return "it is not a regular file";
}

}  // namespace satapp::files
