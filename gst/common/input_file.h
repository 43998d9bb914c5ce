// A file an element reads for a property (the variable blur's radius map), opened by satcore's
// reader (sat/input_file.h) so that no file can make the element wait: a FIFO, a directory or a
// device is refused before any byte is read (opening or reading one may block until another
// process acts, or never end: /dev/zero), and a regular file is read no further than the caller
// asks. Here its failures become the element's GStreamer errors.
#pragma once

#include <gst/gst.h>
#include <sat/input_file.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace sat_gst {

// A file that cannot be used, as the element posts it: what() is the whole text
// ("cannot read radius-map-file "/maps/r.png": is a FIFO (named pipe), not a regular file"),
// domain and code the
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
  // `property` names the file in errors. Throws FileError with satcore's reason: not found
  // (GST_RESOURCE_ERROR_NOT_FOUND), not a regular file or not opened (OPEN_READ).
  InputFile(const std::string& path, const std::string& property);

  // The size fstat() gave when the file was opened.
  std::uint64_t size() const { return file_.size(); }
  // Appends the next `count` bytes to `bytes` (fewer at the end of the file); a failed read is
  // FileError(GST_RESOURCE_ERROR_READ).
  void read(std::uint64_t count, std::vector<std::uint8_t>& bytes);

  // Throws FileError(domain, code) "cannot VERB PROPERTY "PATH": REASON".
  [[noreturn]] void fail(GQuark domain, int code, const std::string& verb, const std::string& reason) const;

 private:
  std::string path_, property_;
  sat::InputFile file_;
};

}  // namespace sat_gst
