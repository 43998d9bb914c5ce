#include "encoded_image.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include <cerrno>
#include <cstring>

#include "failure.h"
#include "image_io.h"
#include "interrupt.h"
#include "jpeg_integrity.h"

namespace satfilter {
namespace {

[[noreturn]] void fail_to_read(const std::string& name, int error) {
  throw runtime_error("cannot read '" + name + "': " + std::strerror(error));
}

void read_to_end(int fd, const std::string& name, std::vector<std::uint8_t>& bytes) {
  std::uint8_t chunk[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n > 0) {
      bytes.insert(bytes.end(), chunk, chunk + n);
    } else if (n == 0) {
      return;
    } else if (errno != EINTR) {
      fail_to_read(name, errno);
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

EncodedImage EncodedImage::from_file(const std::string& path) {
  EncodedImage image(path);
  FileDescriptor file;
  {
    // Opening a FIFO blocks until a writer comes, and reading it until the writer is done.
    const InputWait wait;
    file.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (file.fd < 0) fail_to_read(path, errno);
    struct stat st {};
    if (::fstat(file.fd, &st) != 0) fail_to_read(path, errno);
    if (S_ISDIR(st.st_mode)) throw runtime_error("cannot read '" + path + "': it is a directory");
    if (!S_ISREG(st.st_mode)) {
      read_to_end(file.fd, path, image.bytes_);
      return image;
    }
    if (st.st_size == 0) return image;
    void* mapping = ::mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_PRIVATE, file.fd, 0);
    if (mapping == MAP_FAILED) fail_to_read(path, errno);
    image.mapped_ = static_cast<std::uint8_t*>(mapping);
    image.mapped_size_ = std::size_t(st.st_size);
  }
  return image;
}

EncodedImage EncodedImage::from_stdin() {
  EncodedImage image("stdin");
  const InputWait wait;
  read_to_end(STDIN_FILENO, "stdin", image.bytes_);
  return image;
}

EncodedImage::~EncodedImage() {
  if (mapped_) ::munmap(mapped_, mapped_size_);
}

EncodedImage::EncodedImage(EncodedImage&& other) noexcept
    : name_(std::move(other.name_)),
      bytes_(std::move(other.bytes_)),
      mapped_(other.mapped_),
      mapped_size_(other.mapped_size_) {
  other.mapped_ = nullptr;
  other.mapped_size_ = 0;
}

cv::Mat EncodedImage::decode() const {
  if (size() == 0) throw runtime_error("cannot decode '" + name_ + "': it is empty");
  // Before decoding: libjpeg would only warn, and gray-fill the missing rows.
  if (is_truncated_jpeg(data(), size()))
    throw runtime_error("cannot decode '" + name_ + "': truncated JPEG (the data ends before its end-of-image marker)");
  if (size() > std::size_t(INT32_MAX))
    throw runtime_error("cannot decode '" + name_ + "': an encoded image of more than 2 GiB is not supported");
  cv::Mat image;
  try {
    const cv::Mat buffer(1, int(size()), CV_8U, const_cast<std::uint8_t*>(data()));
    image = cv::imdecode(buffer, cv::IMREAD_UNCHANGED);
  } catch (const cv::Exception& e) {
    throw runtime_error("cannot decode '" + name_ + "': " + e.err);
  }
  if (image.empty() && !mapped_)
    throw runtime_error("cannot decode '" + name_ + "': not an image OpenCV can decode (a video must be a regular " +
                        "file, not a pipe)");
  return checked_image(std::move(image), name_);
}

}  // namespace satfilter
