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
  // its end, once. Neither is read further than an image of at most `max_pixels` pixels goes
  // (satapp::image::max_encoded_bytes: a file larger than that is refused before it is mapped,
  // a stream once it passes it), and a stream whose first bytes are no image format's signature
  // is refused at once (/dev/zero). Throws Failure(Runtime) naming `path` and the limit.
  // Streams::Refused (a parameter image: a radius map) takes a regular file only: anything else
  // is refused at once, before it is read, and a FIFO is opened without waiting for a writer.
  enum class Streams { Read, Refused };
  static EncodedImage from_file(const std::string& path, std::uint64_t max_pixels, Streams streams = Streams::Read);
  // All of stdin, as a stream above.
  static EncodedImage from_stdin(std::uint64_t max_pixels);

  ~EncodedImage();
  EncodedImage(EncodedImage&& other) noexcept;
  EncodedImage& operator=(EncodedImage&&) = delete;
  EncodedImage(const EncodedImage&) = delete;
  EncodedImage& operator=(const EncodedImage&) = delete;

  const std::uint8_t* data() const { return mapped_ ? mapped_ : bytes_.data(); }
  std::size_t size() const { return mapped_ ? mapped_size_ : bytes_.size(); }
  const std::string& name() const { return name_; }

  // Decodes the image as it is stored, through satapp::image::decode_checked (an image whose
  // header announces more than max_pixels is refused before it is decoded: a small PNG can hold
  // 32767x32767 pixels; a truncated JPEG is refused), then checked by checked_image()
  // (image_io.h). Throws Failure(Runtime) naming the file: empty, too large, truncated JPEG, not
  // an image OpenCV decodes, more than 8 bits...
  cv::Mat decode() const;

 private:
  EncodedImage(std::string name, std::uint64_t max_pixels) : name_(std::move(name)), max_pixels_(max_pixels) {}
  std::string name_;
  std::uint64_t max_pixels_;
  std::vector<std::uint8_t> bytes_;  // read from a stream
  std::uint8_t* mapped_ = nullptr;   // or mapped from a regular file
  std::size_t mapped_size_ = 0;
};

}  // namespace satfilter
