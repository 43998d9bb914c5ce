// Reading an input file without ever waiting on it. What satcore reads from a path (a cascade),
// what the GStreamer plugin reads for a property (a radius map) and what the programs ask of a
// path they must read comes through here, so that a FIFO, a directory, a device or a file larger
// than the caller's limit is refused at once, before a byte is read, naming the file and the
// reason in one wording everywhere. Plain POSIX: no CUDA is touched.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "sat/error.h"

namespace sat {

// "" when `path` names a regular file (links followed); else why it does not, in the words every
// refusal below uses: "no such file", "cannot be read (permission denied)", "is a directory, not
// a regular file", "is a FIFO (named pipe), not a regular file", "is a character device, not a
// regular file", "is a block device, not a regular file", "is a socket, not a regular file", or
// "cannot be opened (REASON)".
std::string why_not_a_regular_file(const std::string& path);

// What kept an input file from being read, for a caller that maps it onto errors of its own (the
// GStreamer plugin's domains and codes).
enum class InputFileFailure {
  NotFound,    // no such file
  CannotOpen,  // there, but stat() or open() failed (permissions, a dangling link, ...)
  NotRegular,  // a directory, a FIFO, a device, a socket
  TooLarge,    // over the caller's limit
  CannotRead,  // fstat() or read() failed
  Changed,     // shrank or grew while being read
};

// A sat::Error (InvalidArgument, the caller's `call`) whose message is "PATH: REASON", e.g.
// "x.xml: is a FIFO (named pipe), not a regular file"; failure(), path() and reason() are its
// parts, so that no caller takes the text apart.
class InputFileError : public Error {
 public:
  InputFileError(InputFileFailure failure, std::string call, std::string path, std::string reason);
  InputFileFailure failure() const noexcept { return failure_; }
  const std::string& path() const noexcept { return path_; }
  // What is wrong, without the path: "is a directory, not a regular file".
  const std::string& reason() const noexcept { return reason_; }

 private:
  InputFileFailure failure_;
  std::string path_;
  std::string reason_;
};

// A regular file open for reading. The path is stat()ed first (a device is never opened), opened
// with O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY (a FIFO that slipped in between does not
// block the open, a terminal does not become the process's) and fstat()ed again: only a regular
// file of at most `limit` bytes is kept. Errors are InputFileError with `call`.
class InputFile {
 public:
  static constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();

  InputFile(const std::string& path, std::string call, std::uint64_t limit = kNoLimit);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  const std::string& path() const { return path_; }
  // The size fstat() gave when the file was opened.
  std::uint64_t size() const { return size_; }
  // Reads the next `count` bytes into `data`, retried until they are all there or the file ends;
  // returns how many were read (fewer than `count` only at the end of the file). So a caller may
  // read a header first, judge it, then read the rest.
  std::size_t read(void* data, std::size_t count);

 private:
  std::string path_, call_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

// The whole content of the regular file at `path`, at most `limit` bytes (InputFile): exactly
// its size is read, and a file that shrinks or grows meanwhile is refused (Changed).
std::string read_whole_file(const std::string& path, std::size_t limit, const std::string& call);

}  // namespace sat
