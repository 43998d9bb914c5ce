#include "common/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace sat_gst {
namespace {

// What a path that is not a regular file is: "no such file" said of a FIFO sends the user
// looking for the wrong mistake.
const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "it is a directory";
  if (S_ISFIFO(mode)) return "it is a FIFO (a named pipe)";
  if (S_ISCHR(mode)) return "it is a character device";
  if (S_ISBLK(mode)) return "it is a block device";
  if (S_ISSOCK(mode)) return "it is a socket";
  return "it is not a regular file";
}

}  // namespace

InputFile::InputFile(const std::string& path, const std::string& property) : path_(path), property_(property) {
  fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd_ < 0) {
    const int error = errno;
    fail(GST_RESOURCE_ERROR, error == ENOENT ? GST_RESOURCE_ERROR_NOT_FOUND : GST_RESOURCE_ERROR_OPEN_READ, "read",
         std::strerror(error));
  }
  struct stat st {};
  if (::fstat(fd_, &st) != 0) {
    const int error = errno;
    ::close(fd_);
    fail(GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_OPEN_READ, "read", std::strerror(error));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd_);
    fail(GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_OPEN_READ, "read", kind_of(st.st_mode));
  }
  size_ = std::uint64_t(st.st_size);
}

InputFile::~InputFile() { ::close(fd_); }

void InputFile::read(std::uint64_t count, std::vector<std::uint8_t>& bytes) {
  const std::size_t start = bytes.size();
  bytes.resize(start + count);
  std::size_t done = 0;
  while (done < count) {
    const ssize_t n = ::read(fd_, bytes.data() + start + done, count - done);
    if (n == 0) break;  // shorter than fstat said: it was cut meanwhile
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_READ, "read", std::strerror(errno));
    }
    done += std::size_t(n);
  }
  bytes.resize(start + done);
}

void InputFile::fail(GQuark domain, int code, const std::string& verb, const std::string& reason) const {
  throw FileError(domain, code, "cannot " + verb + " " + property_ + " \"" + path_ + "\": " + reason, path_);
}

}  // namespace sat_gst
