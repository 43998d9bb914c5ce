// See sat/input_file.h.
#include "sat/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace sat {
namespace {

// The one place an input file's refusal is made: every failure below comes through here.
[[noreturn]] void refuse(InputFileFailure failure, const std::string& call, const std::string& path,
                         const std::string& reason) {
  throw InputFileError(failure, call, path, reason);
}

std::string open_failure(int error) {
  if (error == ENOENT) return "no such file";
  if (error == EACCES) return "cannot be read (permission denied)";
  return std::string("cannot be opened (") + std::strerror(error) + ")";
}

// A failed stat() or open(), by its errno.
[[noreturn]] void refuse_to_open(int error, const std::string& call, const std::string& path) {
  refuse(error == ENOENT ? InputFileFailure::NotFound : InputFileFailure::CannotOpen, call, path, open_failure(error));
}

std::string read_failure(int error) { return std::string("cannot be read (") + std::strerror(error) + ")"; }

// "" for a regular file, else what it is: "no such file" said of a FIFO sends the user looking
// for the wrong mistake.
std::string not_regular(mode_t mode) {
  if (S_ISREG(mode)) return "";
  if (S_ISDIR(mode)) return "is a directory, not a regular file";
  if (S_ISFIFO(mode)) return "is a FIFO (named pipe), not a regular file";
  if (S_ISCHR(mode)) return "is a character device, not a regular file";
  if (S_ISBLK(mode)) return "is a block device, not a regular file";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  return "is not a regular file";
}

std::string limit_text(std::uint64_t limit) {
  std::string text = std::to_string(limit) + " bytes";
  if (limit % (1u << 20) == 0) text += " (" + std::to_string(limit >> 20) + " MiB)";
  return text;
}

// read() of up to `size` bytes, retried on EINTR; -1 with errno on failure.
ssize_t read_some(int fd, char* data, std::size_t size) {
  for (;;) {
    const ssize_t got = ::read(fd, data, size);
    if (got >= 0 || errno != EINTR) return got;
  }
}

}  // namespace

InputFileError::InputFileError(InputFileFailure failure, std::string call, std::string path, std::string reason)
    : Error(ErrorCode::InvalidArgument, std::move(call), {named_file(path), ": " + reason}),
      failure_(failure),
      path_(std::move(path)),
      reason_(std::move(reason)) {}

std::string why_not_a_regular_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return open_failure(errno);
  return not_regular(st.st_mode);
}

InputFile::InputFile(const std::string& path, std::string call, std::uint64_t limit)
    : path_(path), call_(std::move(call)) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) refuse_to_open(errno, call_, path);
  if (const std::string what = not_regular(st.st_mode); !what.empty())
    refuse(InputFileFailure::NotRegular, call_, path, what);
  fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd_ < 0) refuse_to_open(errno, call_, path);
  // From here a failure leaves the constructor: the destructor will not run.
  const auto close_and_refuse = [&](InputFileFailure failure, const std::string& reason) {
    ::close(fd_);
    refuse(failure, call_, path, reason);
  };
  if (::fstat(fd_, &st) != 0) close_and_refuse(InputFileFailure::CannotRead, read_failure(errno));
  if (const std::string what = not_regular(st.st_mode); !what.empty())
    close_and_refuse(InputFileFailure::NotRegular, what);
  if (st.st_size < 0 || std::uint64_t(st.st_size) > limit)
    close_and_refuse(InputFileFailure::TooLarge,
                     "is " + std::to_string(st.st_size) + " bytes, over the limit of " + limit_text(limit));
  size_ = std::uint64_t(st.st_size);
}

InputFile::~InputFile() { ::close(fd_); }

std::size_t InputFile::read(void* data, std::size_t count) {
  char* bytes = static_cast<char*>(data);
  std::size_t done = 0;
  while (done < count) {
    const ssize_t got = read_some(fd_, bytes + done, count - done);
    if (got < 0) refuse(InputFileFailure::CannotRead, call_, path_, read_failure(errno));
    if (got == 0) break;  // the end of the file
    done += std::size_t(got);
  }
  return done;
}

std::string read_whole_file(const std::string& path, std::size_t limit, const std::string& call) {
  InputFile file(path, call, limit);
  const std::size_t size = std::size_t(file.size());
  std::string content(size, '\0');
  if (const std::size_t got = file.read(content.data(), size); got < size)
    refuse(InputFileFailure::Changed, call, path,
           "shrank while being read (" + std::to_string(got) + " of " + std::to_string(size) + " bytes)");
  char extra = 0;
  if (file.read(&extra, 1) > 0)
    refuse(InputFileFailure::Changed, call, path, "grew while being read (past " + std::to_string(size) + " bytes)");
  return content;
}

}  // namespace sat
