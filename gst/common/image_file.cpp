#include "common/image_file.h"

#include <algorithm>
#include <climits>
#include <memory>

#include <stb_image.h>  // Debian's libstb: no OpenCV imgcodecs in the plugin

namespace sat_gst {
namespace {

// The most bytes an image of `pixels` pixels is encoded in: 16 a pixel (a 16-bit RGBA PNG stored
// uncompressed takes 8) and 16 MiB of what files carry beside the pixels (ICC profiles, EXIF,
// comments); and never more than stb_image's int length.
std::uint64_t encoded_bytes_limit(std::uint64_t pixels) {
  constexpr std::uint64_t kBytesPerPixel = 16, kMetadataBytes = std::uint64_t(16) << 20, kMax = INT_MAX;
  return pixels > (kMax - kMetadataBytes) / kBytesPerPixel ? kMax : pixels * kBytesPerPixel + kMetadataBytes;
}

std::string size_text(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

// The size the header of `file` announces, judged as read_image_size() says; `bytes` gets the
// first min(size, kImageHeaderBytes) bytes of the file.
ImageSize read_header(InputFile& file, std::vector<std::uint8_t>& bytes) {
  if (file.size() == 0) file.fail(GST_STREAM_ERROR, GST_STREAM_ERROR_WRONG_TYPE, "read", "it is empty");
  file.read(std::min(file.size(), kImageHeaderBytes), bytes);
  ImageSize size;
  int channels = 0;
  if (!stbi_info_from_memory(bytes.data(), int(bytes.size()), &size.width, &size.height, &channels))
    file.fail(GST_STREAM_ERROR, GST_STREAM_ERROR_WRONG_TYPE, "read",
              std::string("not an image stb_image reads (") + stbi_failure_reason() +
                  (file.size() > kImageHeaderBytes ? " in its first MiB)" : ")"));
  const std::uint64_t limit = encoded_bytes_limit(std::uint64_t(size.width) * std::uint64_t(size.height));
  if (file.size() > limit)
    file.fail(GST_STREAM_ERROR, GST_STREAM_ERROR_FORMAT, "read",
              "it holds " + std::to_string(file.size()) + " bytes, more than a " + size_text(size.width, size.height) +
                  " image takes (at most " + std::to_string(limit) + ")");
  return size;
}

}  // namespace

ImageSize read_image_size(const std::string& path, const std::string& property) {
  InputFile file(path, property);
  std::vector<std::uint8_t> bytes;
  return read_header(file, bytes);
}

GrayImage read_gray_image(const std::string& path, const std::string& property, ImageSize frame) {
  InputFile file(path, property);
  std::vector<std::uint8_t> bytes;
  const ImageSize header = read_header(file, bytes);
  if (header.width != frame.width || header.height != frame.height)
    file.fail(GST_STREAM_ERROR, GST_STREAM_ERROR_FORMAT, "use",
              "it is " + size_text(header.width, header.height) + ", the frames are " +
                  size_text(frame.width, frame.height) + " (it must be their size)");
  file.read(file.size() - bytes.size(), bytes);
  int width = 0, height = 0, channels = 0;
  std::unique_ptr<stbi_uc, void (*)(void*)> pixels(
      stbi_load_from_memory(bytes.data(), int(bytes.size()), &width, &height, &channels, 1), stbi_image_free);
  if (!pixels)
    file.fail(GST_STREAM_ERROR, GST_STREAM_ERROR_DECODE, "decode",
              std::string("stb_image stopped: ") + stbi_failure_reason());
  if (width != frame.width || height != frame.height)  // the file changed since its header was read
    file.fail(GST_STREAM_ERROR, GST_STREAM_ERROR_DECODE, "decode",
              "it decoded as " + size_text(width, height) + ", not the " + size_text(header.width, header.height) +
                  " its header said");
  GrayImage image;
  image.width = width;
  image.height = height;
  image.pixels.assign(pixels.get(), pixels.get() + std::size_t(width) * std::size_t(height));
  return image;
}

}  // namespace sat_gst
