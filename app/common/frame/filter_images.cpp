#include "common/frame/filter_images.h"

namespace satapp {

std::string filter_image_problem(const FilterImage& image, int width, int height, const std::string& input_name) {
  if (image.image.channels() != 1)
    return image.what + " must be an 8-bit gray image (it has " + std::to_string(image.image.channels()) + " channels)";
  if (image.image.cols != width || image.image.rows != height)
    return image.what + " is " + std::to_string(image.image.cols) + "x" + std::to_string(image.image.rows) +
           "; it must have the size of the input '" + input_name + "', " + std::to_string(width) + "x" +
           std::to_string(height);
  return "";
}

}  // namespace satapp
