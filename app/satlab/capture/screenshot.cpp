#include "capture/screenshot.h"

#include <opencv2/imgcodecs.hpp>

#include <ctime>
#include <stdexcept>

#include "capture/gl_readback.h"

namespace satlab {

void save_screenshot(const std::string& path, int framebuffer_width, int framebuffer_height) {
  cv::Mat rgba, bgr;
  read_framebuffer_bgr(framebuffer_width, framebuffer_height, rgba, bgr);
  bool written = false;
  try {
    written = cv::imwrite(path, bgr);
  } catch (const cv::Exception& e) {
    throw std::runtime_error("screenshot " + path + ": " + e.what());
  }
  if (!written) throw std::runtime_error("screenshot " + path + ": cannot write the file (directory? extension?)");
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
