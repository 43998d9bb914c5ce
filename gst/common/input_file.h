// A file an element reads for a property (the variable blur's radius map), opened so that no file
// can make the element wait: O_NONBLOCK (a FIFO opens at once, writer or not), O_NOCTTY (a
// terminal does not become the process's), O_CLOEXEC, read-only; only a regular file is read, and
// never further than the caller asks. A FIFO, a directory or a device is refused from fstat(),
// before any byte is read: opening or reading one may block until another process acts, or never
// end (/dev/zero).
#pragma once

#include <gst/gst.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace sat_gst {

// A file that cannot be used, as the element posts it: what() is the whole text
// ("cannot read radius-map-file "/maps/r.png": it is a FIFO (a named pipe)"), domain and code the
// GStreamer error (GST_RESOURCE_ERROR_OPEN_READ, GST_STREAM_ERROR_WRONG_TYPE, ...).
class FileError : public std::runtime_error {
 public:
  FileError(GQuark domain, int code, const std::string& text, std::string path)
      : std::runtime_error(text), domain_(domain), code_(code), path_(std::move(path)) {}
  GQuark domain() const { return domain_; }
  int code() const { return code_; }
  const std::string& path() const { return path_; }

 private:
  GQuark domain_;
  int code_;
  std::string path_;
};

class InputFile {
 public:
  // `property` names the file in errors. Throws FileError: the system's reason (not found:
  // GST_RESOURCE_ERROR_NOT_FOUND, else OPEN_READ), or what the path is when not a regular file.
  InputFile(const std::string& path, const std::string& property);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // The size fstat() gave when the file was opened.
  std::uint64_t size() const { return size_; }
  // Appends the next `count` bytes to `bytes` (fewer at the end of the file).
  void read(std::uint64_t count, std::vector<std::uint8_t>& bytes);

  // Throws FileError(domain, code) "cannot VERB PROPERTY "PATH": REASON".
  [[noreturn]] void fail(GQuark domain, int code, const std::string& verb, const std::string& reason) const;

 private:
  std::string path_, property_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

}  // namespace sat_gst
