#include "common/files/whole_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace satapp::files {
namespace {

[[noreturn]] void fail(const std::string& name, const std::string& reason) {
  throw std::runtime_error("cannot write '" + name + "': " + reason);
}

// A descriptor closed by close(), checked, or on unwinding (after a failure already thrown).
class OpenFile {
 public:
  OpenFile(const std::string& path, int flags, const std::string& name) : name_(name) {
    fd_ = ::open(path.c_str(), flags | O_CLOEXEC, 0666);
    if (fd_ < 0) fail(name_, std::strerror(errno));
  }
  ~OpenFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  OpenFile(const OpenFile&) = delete;
  OpenFile& operator=(const OpenFile&) = delete;

  int fd() const { return fd_; }

  void sync() {
    if (::fsync(fd_) != 0) fail(name_, std::strerror(errno));
  }

  void close() {
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail(name_, std::strerror(errno));
  }

 private:
  std::string name_;
  int fd_ = -1;
};

}  // namespace

void write_whole_file(const std::string& path, const void* data, std::size_t size, const std::string& name) {
  OpenFile file(path, O_WRONLY | O_CREAT | O_TRUNC, name);
  const char* next = static_cast<const char*>(data);
  for (std::size_t left = size; left > 0;) {
    const ssize_t written = ::write(file.fd(), next, left);
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) fail(name, std::strerror(errno));
    if (written == 0) fail(name, std::strerror(ENOSPC));  // nothing accepted: no room left
    next += written;
    left -= std::size_t(written);
  }
  file.sync();
  struct stat st {};
  if (::fstat(file.fd(), &st) != 0) fail(name, std::strerror(errno));
  file.close();
  if (std::size_t(st.st_size) != size)
    fail(name, std::to_string(st.st_size) + " bytes on the disk instead of " + std::to_string(size));
}

void sync_file(const std::string& path, const std::string& name) {
  OpenFile file(path, O_WRONLY, name);
  file.sync();
  file.close();
}

}  // namespace satapp::files
