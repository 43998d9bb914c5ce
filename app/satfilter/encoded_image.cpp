#include "encoded_image.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/files/file_kind.h"
#include "common/image/checked_decode.h"
#include "common/image/image_header.h"
#include "common/image/image_limits.h"
#include "failure.h"
#include "image_io.h"
#include "interrupt.h"

namespace satfilter {
namespace {

namespace img = satapp::image;

[[noreturn]] void fail_to_read(const std::string& name, int error) {
  throw runtime_error("cannot read '" + name + "': " + std::strerror(error));
}

// "--max-pixels N": the option that moves every limit below.
std::string limit_hint(std::uint64_t max_pixels) {
  return "images of at most " + std::to_string(max_pixels) + " pixels are read (--max-pixels raises it)";
}

[[noreturn]] void fail_too_large(const std::string& name, std::uint64_t limit, std::uint64_t max_pixels) {
  throw runtime_error("cannot read '" + name + "': it holds more than " + std::to_string(limit) +
                      " bytes, more than any image satfilter reads takes (" + limit_hint(max_pixels) + ")");
}

[[noreturn]] void fail_oversize(const std::string& name, const std::string& reason, std::uint64_t max_pixels) {
  throw runtime_error("cannot decode '" + name + "': " + reason + " (--max-pixels " + std::to_string(max_pixels) +
                      " is the limit; give a larger one to decode it)");
}

// Reads a stream to its end, no further than an image within `max_pixels` goes: what starts like
// no image is refused after its first bytes, an image whose header announces too many pixels at
// once, and the bytes stop at the most that image (or any image, before its size is known) takes.
void read_stream(int fd, const std::string& name, std::uint64_t max_pixels, std::vector<std::uint8_t>& bytes) {
  std::uint64_t limit = img::max_encoded_bytes(max_pixels);
  bool sized = false;
  std::uint8_t chunk[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n == 0) return;
    if (n < 0) {
      if (errno != EINTR) fail_to_read(name, errno);
      continue;
    }
    if (bytes.size() + std::size_t(n) > limit) fail_too_large(name, limit, max_pixels);
    bytes.insert(bytes.end(), chunk, chunk + n);
    if (sized) continue;
    const img::ImageHeader header = img::read_image_header(bytes.data(), bytes.size());
    if (header.kind == img::HeaderKind::Unknown && bytes.size() >= img::kSignatureBytes)
      throw runtime_error("cannot decode '" + name + "': its first bytes are not those of an image format " +
                          "OpenCV decodes (a video must be a regular file, not a pipe)");
    if (header.kind == img::HeaderKind::Sized) {
      const std::string reason = img::oversize_reason(header.width, header.height, max_pixels);
      if (!reason.empty()) fail_oversize(name, reason, max_pixels);
      limit = img::max_encoded_bytes(header.pixels());
      if (bytes.size() > limit) fail_too_large(name, limit, max_pixels);
      sized = true;
    }
  }
}

// The closing of a descriptor this file opened, on every path.
struct FileDescriptor {
  int fd = -1;
  ~FileDescriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

EncodedImage EncodedImage::from_file(const std::string& path, std::uint64_t max_pixels, Streams streams) {
  EncodedImage image(path, max_pixels);
  FileDescriptor file;
  {
    // Opening a FIFO blocks until a writer comes, and reading it until the writer is done; with
    // O_NONBLOCK the open returns at once and fstat says what was opened.
    const InputWait wait;
    const int nonblocking = streams == Streams::Refused ? O_NONBLOCK | O_NOCTTY : 0;
    file.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | nonblocking);
    if (file.fd < 0) fail_to_read(path, errno);
    struct stat st {};
    if (::fstat(file.fd, &st) != 0) fail_to_read(path, errno);
    // A directory is never an image; a stream (a FIFO, a device) is one only where streams are.
    if (!S_ISREG(st.st_mode) && (S_ISDIR(st.st_mode) || streams == Streams::Refused))
      throw runtime_error("cannot read '" + path + "': " + satapp::files::why_not_a_regular_file(path));
    if (!S_ISREG(st.st_mode)) {
      read_stream(file.fd, path, max_pixels, image.bytes_);
      return image;
    }
    if (st.st_size == 0) return image;
    const std::uint64_t limit = img::max_encoded_bytes(max_pixels);
    if (std::uint64_t(st.st_size) > limit) fail_too_large(path, limit, max_pixels);
    void* mapping = ::mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_PRIVATE, file.fd, 0);
    if (mapping == MAP_FAILED) fail_to_read(path, errno);
    image.mapped_ = static_cast<std::uint8_t*>(mapping);
    image.mapped_size_ = std::size_t(st.st_size);
  }
  return image;
}

EncodedImage EncodedImage::from_stdin(std::uint64_t max_pixels) {
  EncodedImage image("stdin", max_pixels);
  const InputWait wait;
  read_stream(STDIN_FILENO, "stdin", max_pixels, image.bytes_);
  return image;
}

EncodedImage::~EncodedImage() {
  if (mapped_) ::munmap(mapped_, mapped_size_);
}

EncodedImage::EncodedImage(EncodedImage&& other) noexcept
    : name_(std::move(other.name_)),
      max_pixels_(other.max_pixels_),
      bytes_(std::move(other.bytes_)),
      mapped_(other.mapped_),
      mapped_size_(other.mapped_size_) {
  other.mapped_ = nullptr;
  other.mapped_size_ = 0;
}

cv::Mat EncodedImage::decode() const {
  if (size() == 0) throw runtime_error("cannot decode '" + name_ + "': it is empty");
  cv::Mat image;
  try {
    image = img::decode_checked(data(), size(), max_pixels_);
  } catch (const img::DecodeRefused& e) {
    if (e.too_large()) fail_oversize(name_, e.what(), max_pixels_);
    throw runtime_error("cannot decode '" + name_ + "': " + e.what());
  }
  if (image.empty() && !mapped_)
    throw runtime_error("cannot decode '" + name_ + "': not an image OpenCV can decode (a video must be a regular " +
                        "file, not a pipe)");
  return checked_image(std::move(image), name_);
}

}  // namespace satfilter
