#include "common/files/atomic_output.h"

#include <errno.h>  // program_invocation_short_name (GNU)
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "common/files/rename_into_place.h"
#include "common/files/temp_files.h"
#include "common/files/whole_file.h"

namespace satapp::files {
namespace {

struct PathParts {
  std::string directory;  // "" or ending in '/'
  std::string stem;       // file name without the extension
  std::string extension;  // with the dot, or ""
};

PathParts split(const std::string& path) {
  PathParts parts;
  const std::size_t slash = path.rfind('/');
  parts.directory = slash == std::string::npos ? "" : path.substr(0, slash + 1);
  const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  const std::size_t dot = name.rfind('.');
  if (dot == std::string::npos || dot == 0) {
    parts.stem = name;
  } else {
    parts.stem = name.substr(0, dot);
    parts.extension = name.substr(dot);
  }
  return parts;
}

}  // namespace

std::string lower_extension(const std::string& path) {
  std::string extension = split(path).extension;
  if (!extension.empty()) extension.erase(0, 1);
  for (char& c : extension) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return extension;
}

AtomicOutput::AtomicOutput(std::string destination, bool overwrite)
    : destination_(std::move(destination)), overwrite_(overwrite) {
  const PathParts parts = split(destination_);
  if (parts.stem.empty()) throw std::runtime_error("output '" + destination_ + "' is not a file name");
  remove_abandoned_temporaries(parts.directory, parts.stem);
  for (int attempt = 0;; ++attempt) {
    const std::string candidate = parts.directory + "." + parts.stem + "." + program_invocation_short_name + "-" +
                                  std::to_string(::getpid()) + "-" + std::to_string(attempt) + parts.extension;
    // Listed before it is created: a signal between the creation and the listing (a Ctrl-C and a
    // SIGTERM back to back, as soon as the file shows) would leave it behind. A name that exists
    // already carries this process's id: it was abandoned by an earlier process of that id.
    const int registration = register_temporary(candidate, /*is_directory=*/false);
    const int fd = ::open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
      ::close(fd);
      registration_ = registration;
      temp_ = candidate;
      return;
    }
    const int error = errno;
    forget_temporary(registration);
    if (error != EEXIST || attempt >= 100)
      throw std::runtime_error("cannot write '" + destination_ + "': " + std::strerror(error));
  }
}

AtomicOutput::~AtomicOutput() {
  if (!placed_ && !temp_.empty()) ::unlink(temp_.c_str());
  forget_temporary(registration_);
}

void AtomicOutput::write_all(const void* data, std::size_t size) { write_whole_file(temp_, data, size, destination_); }

void AtomicOutput::sync() const { sync_file(temp_, destination_); }

void AtomicOutput::commit() {
  placed_.emplace(temp_, destination_, overwrite_, temp_ + ".old");
  forget_temporary(registration_);
  registration_ = -1;
}

void AtomicOutput::place(const InputFiles& inputs) {
  refuse_an_input(destination_, inputs);
  commit();
}

void AtomicOutput::take_back() noexcept {
  if (placed_) placed_->take_back();
}

}  // namespace satapp::files
