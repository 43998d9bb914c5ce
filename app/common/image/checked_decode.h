// One encoded image decoded as satfilter and satlab decode what they read: refused from its
// header when it announces more than `max_pixels` (before the decoder allocates a pixel: a few
// kilobytes of PNG can announce 32767x32767), or when it holds more bytes than such an image
// takes; refused when it is a truncated JPEG (libjpeg only warns, and fills the missing rows with
// gray); decoded as stored (cv::IMREAD_UNCHANGED) with the codecs' warnings kept off stderr; and
// refused after decoding when a format whose header is not read (image_header.h) turns out larger
// than `max_pixels`.
#pragma once

#include <opencv2/core.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace satapp::image {

// Why the data was refused, without the file's name (the caller has it).
class DecodeRefused : public std::runtime_error {
 public:
  DecodeRefused(const std::string& reason, bool too_large) : std::runtime_error(reason), too_large_(too_large) {}
  // Refused for its size: the caller may say how to raise the limit.
  bool too_large() const { return too_large_; }

 private:
  bool too_large_;
};

// The decoded image; empty when OpenCV decodes no such data (not an image, or a corrupt one: the
// caller says what it expected). Throws DecodeRefused.
cv::Mat decode_checked(const std::uint8_t* data, std::size_t size, std::uint64_t max_pixels);

}  // namespace satapp::image
