#include "common/image/image_limits.h"

#include <fstream>
#include <vector>

namespace satapp::image {

std::uint64_t max_encoded_bytes(std::uint64_t pixels) {
  if (pixels > (kMaxEncodedBytes - kMetadataBytes) / kEncodedBytesPerPixel) return kMaxEncodedBytes;
  return pixels * kEncodedBytesPerPixel + kMetadataBytes;
}

std::string oversize_reason(std::uint64_t width, std::uint64_t height, std::uint64_t max_pixels) {
  // Each side below 2^32 in every header read: the product does not overflow.
  const std::uint64_t pixels = width * height;
  if (pixels <= max_pixels) return "";
  return "it is " + std::to_string(width) + "x" + std::to_string(height) + " (" + std::to_string(pixels) +
         " pixels), more than the limit of " + std::to_string(max_pixels) + " pixels";
}

std::string file_oversize_reason(const std::string& path, std::uint64_t max_pixels) {
  std::ifstream file(path, std::ios::binary);
  std::vector<char> head(std::size_t(1) << 16);
  file.read(head.data(), std::streamsize(head.size()));
  const ImageHeader header =
      read_image_header(reinterpret_cast<const std::uint8_t*>(head.data()), std::size_t(file.gcount()));
  return header.kind == HeaderKind::Sized ? oversize_reason(header.width, header.height, max_pixels) : "";
}

}  // namespace satapp::image
