#include "capture/screenshot.h"

#include <ctime>

#include "capture/gl_readback.h"
#include "capture/png_file.h"

namespace satlab {

void save_screenshot(const std::string& path, int framebuffer_width, int framebuffer_height) {
  cv::Mat rgba, bgr;
  read_framebuffer_bgr(framebuffer_width, framebuffer_height, rgba, bgr);
  write_png(path, bgr);
}

std::string timestamped_path(const char* suffix) {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char name[64];
  std::strftime(name, sizeof name, "satlab-%Y%m%d-%H%M%S", &local);
  return std::string(name) + suffix;
}

}  // namespace satlab
