#include "common/frame/filter_images.h"

#include "common/cuda/cuda_check.h"

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

std::vector<DeviceImage> upload_filter_images(const std::vector<FilterImage>& images) {
  std::vector<DeviceImage> device;
  for (const FilterImage& image : images) {
    const sat::Image8 view = device.emplace_back(image.image.cols, image.image.rows, image.image.channels()).view();
    SAT_CUDA_CHECK(cudaMemcpy2D(view.data, view.pitch, image.image.data, image.image.step[0],
                                std::size_t(view.width) * std::size_t(view.channels), std::size_t(view.height),
                                cudaMemcpyHostToDevice));
  }
  return device;
}

}  // namespace satapp
