#include "capture/png_file.h"

#include <opencv2/imgproc.hpp>
#include <stb_image_write.h>

#include <stdexcept>

namespace satlab {

void write_png(const std::string& path, const cv::Mat& image) {
  if (image.empty() || image.depth() != CV_8U)
    throw std::runtime_error(path + ": nothing to write (no 8-bit image)");
  cv::Mat ordered;  // stb wants RGB(A) rows
  switch (image.channels()) {
    case 1: ordered = image; break;
    case 3: cv::cvtColor(image, ordered, cv::COLOR_BGR2RGB); break;
    case 4: cv::cvtColor(image, ordered, cv::COLOR_BGRA2RGBA); break;
    default: throw std::runtime_error(path + ": cannot write " + std::to_string(image.channels()) + " channels");
  }
  if (!stbi_write_png(path.c_str(), ordered.cols, ordered.rows, ordered.channels(), ordered.data,
                      static_cast<int>(ordered.step[0])))
    throw std::runtime_error(path + ": cannot write the file (directory missing? read-only?)");
}

}  // namespace satlab
