// See regular_file.h.
#include "support/regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "sat/error.h"

namespace sat::detail {
namespace {

[[noreturn]] void refuse(const char* call, const std::string& path, const std::string& reason) {
  throw Error(ErrorCode::InvalidArgument, call, {named_file(path), ": " + reason});
}

std::string open_failure(int error) {
  if (error == ENOENT) return "no such file";
  if (error == EACCES) return "cannot be read (permission denied)";
  return std::string("cannot be opened (") + std::strerror(error) + ")";
}

// "" for a regular file, else what it is.
std::string not_regular(mode_t mode) {
  if (S_ISREG(mode)) return "";
  if (S_ISDIR(mode)) return "is a directory, not a regular file";
  if (S_ISFIFO(mode)) return "is a FIFO (named pipe), not a regular file";
  if (S_ISCHR(mode)) return "is a character device, not a regular file";
  if (S_ISBLK(mode)) return "is a block device, not a regular file";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  return "is not a regular file";
}

std::string limit_text(std::size_t limit) {
  std::string text = std::to_string(limit) + " bytes";
  if (limit % (1u << 20) == 0) text += " (" + std::to_string(limit >> 20) + " MiB)";
  return text;
}

class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  ~Descriptor() { ::close(fd_); }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// read() of up to `size` bytes, retried on EINTR; -1 with errno on failure.
ssize_t read_some(int fd, char* data, std::size_t size) {
  for (;;) {
    const ssize_t got = ::read(fd, data, size);
    if (got >= 0 || errno != EINTR) return got;
  }
}

}  // namespace

std::string read_regular_file(const std::string& path, std::size_t limit, const char* call) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) refuse(call, path, open_failure(errno));
  if (const std::string what = not_regular(st.st_mode); !what.empty()) refuse(call, path, what);
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) refuse(call, path, open_failure(errno));
  const Descriptor file(fd);
  if (::fstat(fd, &st) != 0) refuse(call, path, std::string("cannot be read (") + std::strerror(errno) + ")");
  if (const std::string what = not_regular(st.st_mode); !what.empty()) refuse(call, path, what);
  if (st.st_size < 0 || std::size_t(st.st_size) > limit)
    refuse(call, path, "is " + std::to_string(st.st_size) + " bytes, over the limit of " + limit_text(limit));

  const std::size_t size = std::size_t(st.st_size);
  std::string content(size, '\0');
  for (std::size_t done = 0; done < size;) {
    const ssize_t got = read_some(fd, content.data() + done, size - done);
    if (got < 0) refuse(call, path, std::string("cannot be read (") + std::strerror(errno) + ")");
    if (got == 0)
      refuse(call, path,
             "shrank while being read (" + std::to_string(done) + " of " + std::to_string(size) + " bytes)");
    done += std::size_t(got);
  }
  char extra = 0;
  const ssize_t more = read_some(fd, &extra, 1);
  if (more < 0) refuse(call, path, std::string("cannot be read (") + std::strerror(errno) + ")");
  if (more > 0) refuse(call, path, "grew while being read (past " + std::to_string(size) + " bytes)");
  return content;
}

}  // namespace sat::detail
