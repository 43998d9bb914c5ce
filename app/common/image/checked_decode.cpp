#include "common/image/checked_decode.h"

#include <opencv2/imgcodecs.hpp>

#include "common/files/stderr_silencer.h"
#include "common/image/image_header.h"
#include "common/image/image_limits.h"
#include "common/image/jpeg_integrity.h"

namespace satapp::image {

cv::Mat decode_checked(const std::uint8_t* data, std::size_t size, std::uint64_t max_pixels) {
  const ImageHeader header = read_image_header(data, size);
  if (header.kind == HeaderKind::Sized) {
    const std::string reason = oversize_reason(header.width, header.height, max_pixels);
    if (!reason.empty()) throw DecodeRefused(reason, true);
    const std::uint64_t limit = max_encoded_bytes(header.pixels());
    if (size > limit)
      throw DecodeRefused("it holds " + std::to_string(size) + " bytes, more than the " + std::to_string(limit) +
                              " an image of " + std::to_string(header.width) + "x" + std::to_string(header.height) +
                              " takes",
                          true);
  }
  if (is_truncated_jpeg(data, size))
    throw DecodeRefused("truncated JPEG (the data ends before its end-of-image marker)", false);
  if (size > kMaxEncodedBytes) throw DecodeRefused("an encoded image of more than 2 GiB is not supported", true);
  cv::Mat image;
  try {
    const cv::Mat buffer(1, int(size), CV_8U, const_cast<std::uint8_t*>(data));
    // libpng and libjpeg warn on stderr ("libpng warning: iCCP: ..."): the programs speak for themselves.
    const files::StderrSilencer quiet;
    image = cv::imdecode(buffer, cv::IMREAD_UNCHANGED);
  } catch (const cv::Exception& e) {
    // OpenCV's own limits (2^30 pixels, 2^20 a side), for the formats whose header is not read here.
    if (e.err.find("CV_IO_MAX_IMAGE") != std::string::npos)
      throw DecodeRefused(std::string("its ") + header.format +
                              " header announces an image larger than OpenCV decodes (2^30 pixels, 2^20 a side)",
                          true);
    throw DecodeRefused(e.err, false);
  }
  if (!image.empty()) {
    const std::string reason = oversize_reason(std::uint64_t(image.cols), std::uint64_t(image.rows), max_pixels);
    if (!reason.empty()) throw DecodeRefused(reason, true);
  }
  return image;
}

}  // namespace satapp::image
