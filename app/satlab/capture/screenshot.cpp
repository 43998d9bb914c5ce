#include "capture/screenshot.h"

#include <sys/stat.h>

#include <ctime>

#include "capture/png_file.h"
#include "display/gl_readback.h"

namespace satlab {

void save_screenshot(const std::string& path, bool overwrite, int framebuffer_width, int framebuffer_height) {
  cv::Mat rgba, bgr;
  read_framebuffer_bgr(framebuffer_width, framebuffer_height, rgba, bgr);
  satapp::files::AtomicOutput output(path, overwrite);
  write_png(output, bgr);
  output.commit();
}

std::string new_capture_path(const std::string& folder, const std::string& stem, const std::string& suffix) {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "-%Y%m%d-%H%M%S", &local);
  const std::string base = (folder.empty() ? "" : folder + "/") + stem + stamp;
  std::string path = base + suffix;
  struct stat st {};
  for (int n = 2; ::lstat(path.c_str(), &st) == 0 && n < 10000; ++n) path = base + "-" + std::to_string(n) + suffix;
  return path;
}

}  // namespace satlab
