#include "filter_images.h"

#include <memory>

#include "failure.h"
#include "image_io.h"

namespace satfilter {

std::vector<FilterImage> read_filter_images(const std::vector<satapp::cli::ImageFile>& files, const MediaInfo& input,
                                            const std::string& input_name) {
  std::vector<FilterImage> images;
  for (const satapp::cli::ImageFile& file : files) {
    const std::string what = file.option + " '" + file.path + "'";
    cv::Mat image;
    try {
      std::unique_ptr<FrameSource> source = open_image_source(file.path);
      if (!source->read(image) || image.empty()) throw runtime_error("it holds no image");
    } catch (const Failure& e) {
      throw runtime_error(file.option + ": " + e.what());
    }
    if (image.channels() != 1)
      throw runtime_error(what + " must be an 8-bit gray image (it has " + std::to_string(image.channels()) +
                          " channels)");
    if (image.cols != input.width || image.rows != input.height)
      throw runtime_error(what + " is " + std::to_string(image.cols) + "x" + std::to_string(image.rows) +
                          "; it must have the size of the input '" + input_name + "', " + std::to_string(input.width) +
                          "x" + std::to_string(input.height));
    images.push_back({file.param, image});
  }
  return images;
}

}  // namespace satfilter
