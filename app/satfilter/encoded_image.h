// An image file's bytes, read once, and their decoding. Reading the bytes ourselves (instead of
// cv::imread, which opens a file twice: once to sniff the format, once to decode) lets a pipe or
// a FIFO be read exactly once, lets a signal end a run blocked on such an input at once
// (interrupt.h, InputWait), and lets the data be checked before it is decoded (a truncated JPEG).
#pragma once

#include <opencv2/core.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace satfilter {

class EncodedImage {
 public:
  // A regular file is mapped (no copy); anything else (a FIFO, a character device) is read to
  // its end, once. Throws Failure(Runtime) naming `path`.
  static EncodedImage from_file(const std::string& path);
  // All of stdin.
  static EncodedImage from_stdin();

  ~EncodedImage();
  EncodedImage(EncodedImage&& other) noexcept;
  EncodedImage& operator=(EncodedImage&&) = delete;
  EncodedImage(const EncodedImage&) = delete;
  EncodedImage& operator=(const EncodedImage&) = delete;

  const std::uint8_t* data() const { return mapped_ ? mapped_ : bytes_.data(); }
  std::size_t size() const { return mapped_ ? mapped_size_ : bytes_.size(); }
  const std::string& name() const { return name_; }

  // Decodes the image as it is stored (cv::IMREAD_UNCHANGED), checked by checked_image()
  // (image_io.h). Throws Failure(Runtime) naming the file: empty, truncated JPEG, not an image
  // OpenCV decodes, more than 8 bits...
  cv::Mat decode() const;

 private:
  explicit EncodedImage(std::string name) : name_(std::move(name)) {}
  std::string name_;
  std::vector<std::uint8_t> bytes_;  // read from a stream
  std::uint8_t* mapped_ = nullptr;   // or mapped from a regular file
  std::size_t mapped_size_ = 0;
};

}  // namespace satfilter
