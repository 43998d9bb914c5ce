#include "common/input_file.h"

namespace sat_gst {
namespace {

// The GStreamer error of a failure of satcore's reader: what is not there is NOT_FOUND, what
// cannot be opened as a regular file OPEN_READ, what fails on the way READ.
int resource_code(sat::InputFileFailure failure) {
  switch (failure) {
    case sat::InputFileFailure::NotFound:
      return GST_RESOURCE_ERROR_NOT_FOUND;
    case sat::InputFileFailure::CannotOpen:
    case sat::InputFileFailure::NotRegular:
    case sat::InputFileFailure::TooLarge:
      return GST_RESOURCE_ERROR_OPEN_READ;
    case sat::InputFileFailure::CannotRead:
    case sat::InputFileFailure::Changed:
      break;
  }
  return GST_RESOURCE_ERROR_READ;
}

// FileError(domain, code) "cannot VERB PROPERTY "PATH": REASON".
[[noreturn]] void throw_file_error(GQuark domain, int code, const std::string& verb, const std::string& property,
                                   const std::string& path, const std::string& reason) {
  throw FileError(domain, code, "cannot " + verb + " " + property + " \"" + path + "\": " + reason, path);
}

// satcore's reader, its errors as the element's.
sat::InputFile open_file(const std::string& path, const std::string& property) try {
  return sat::InputFile(path, property);
} catch (const sat::InputFileError& e) {
  throw_file_error(GST_RESOURCE_ERROR, resource_code(e.failure()), "read", property, path, e.reason());
}

}  // namespace

InputFile::InputFile(const std::string& path, const std::string& property)
    : path_(path), property_(property), file_(open_file(path, property)) {}

void InputFile::read(std::uint64_t count, std::vector<std::uint8_t>& bytes) {
  const std::size_t start = bytes.size();
  bytes.resize(start + count);
  try {
    bytes.resize(start + file_.read(bytes.data() + start, count));
  } catch (const sat::InputFileError& e) {
    fail(GST_RESOURCE_ERROR, resource_code(e.failure()), "read", e.reason());
  }
}

void InputFile::fail(GQuark domain, int code, const std::string& verb, const std::string& reason) const {
  throw_file_error(domain, code, verb, property_, path_, reason);
}

}  // namespace sat_gst
