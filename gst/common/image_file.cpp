#include "common/image_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include <stb_image.h>  // Debian's libstb: no OpenCV imgcodecs in the plugin

namespace sat_gst {

GrayImage read_gray_image(const std::string& path, const std::string& property) {
  const auto fail = [&](const std::string& reason) {
    return ImageFileError("cannot read " + property + " \"" + path + "\": " + reason);
  };
  // fopen first: stb says "can't fopen" for every reason the file cannot be opened.
  std::unique_ptr<FILE, int (*)(FILE*)> file(std::fopen(path.c_str(), "rb"), std::fclose);
  if (!file) throw fail(std::strerror(errno));
  int width = 0, height = 0, channels = 0;
  std::unique_ptr<stbi_uc, void (*)(void*)> pixels(stbi_load_from_file(file.get(), &width, &height, &channels, 1),
                                                   stbi_image_free);
  if (!pixels) throw fail(std::string("not an image stb_image reads (") + stbi_failure_reason() + ")");
  GrayImage image;
  image.width = width;
  image.height = height;
  image.pixels.assign(pixels.get(), pixels.get() + std::size_t(width) * std::size_t(height));
  return image;
}

}  // namespace sat_gst
