#include "capture/png_file.h"

#include <stb_image_write.h>
#include <opencv2/imgproc.hpp>

#include <stdexcept>

namespace satlab {

namespace {

// stbi_write_png() ignores failed writes (a full disk gives a truncated file and "success"):
// encode into memory, and let AtomicOutput write and check the bytes.
void append(void* context, void* data, int size) {
  auto& bytes = *static_cast<std::vector<unsigned char>*>(context);
  const auto* first = static_cast<const unsigned char*>(data);
  bytes.insert(bytes.end(), first, first + size);
}

}  // namespace

void write_png(satapp::files::AtomicOutput& output, const cv::Mat& image) {
  const std::string& path = output.destination();
  if (image.empty() || image.depth() != CV_8U)
    throw std::runtime_error("cannot write '" + path + "': no 8-bit image to write (no frame processed yet?)");
  cv::Mat ordered;  // stb wants RGB(A) rows
  switch (image.channels()) {
    case 1:
      ordered = image;
      break;
    case 3:
      cv::cvtColor(image, ordered, cv::COLOR_BGR2RGB);
      break;
    case 4:
      cv::cvtColor(image, ordered, cv::COLOR_BGRA2RGBA);
      break;
    default:
      throw std::runtime_error("cannot write '" + path + "': " + std::to_string(image.channels()) +
                               " channels do not make a PNG");
  }
  std::vector<unsigned char> bytes;
  if (!stbi_write_png_to_func(append, &bytes, ordered.cols, ordered.rows, ordered.channels(), ordered.data,
                              static_cast<int>(ordered.step[0])))
    throw std::runtime_error("cannot write '" + path + "': the PNG encoder failed");
  output.write_all(bytes.data(), bytes.size());
}

}  // namespace satlab
