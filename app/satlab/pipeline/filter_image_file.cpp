#include "pipeline/filter_image_file.h"

#include <fstream>
#include <vector>

#include "common/files/file_kind.h"
#include "common/image/checked_decode.h"
#include "common/image/image_limits.h"
#include "sources/frame_source.h"

namespace satlab {

namespace img = satapp::image;

satapp::FilterImage read_filter_image_file(const std::string& param, const std::string& option,
                                           const std::string& path) {
  satapp::FilterImage image{param, option + " '" + path + "'", {}};
  const auto refuse = [&](const std::string& reason) { return SourceError(image.what + ": " + reason); };
  const std::string not_regular = satapp::files::why_not_a_regular_file(path);
  if (!not_regular.empty()) throw refuse(not_regular);

  // The bytes once, no more than any image satlab takes: the header is judged before decoding.
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  if (!file) throw refuse("cannot be opened for reading");
  const std::uint64_t size = std::uint64_t(file.tellg());
  const std::uint64_t limit = img::max_encoded_bytes(img::kDefaultMaxPixels);
  if (size > limit)
    throw refuse("it holds more than " + std::to_string(limit) + " bytes, more than any image satlab reads");
  std::vector<uchar> bytes(static_cast<std::size_t>(size));
  file.seekg(0);
  if (!file.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(size))) throw refuse("cannot be read");
  if (bytes.empty()) throw refuse("it is empty");
  try {
    image.image = img::decode_checked(bytes.data(), bytes.size(), img::kDefaultMaxPixels);
  } catch (const img::DecodeRefused& e) {
    throw refuse(e.what());
  }
  if (image.image.empty()) throw refuse("not an image OpenCV can decode (corrupt, truncated or unsupported)");
  if (image.image.depth() != CV_8U || image.image.channels() != 1)
    throw refuse("it must be an 8-bit gray image (it has " + std::to_string(image.image.channels()) +
                 " channel(s) of " + std::to_string(8 * image.image.elemSize1()) + " bits)");
  return image;
}

}  // namespace satlab
