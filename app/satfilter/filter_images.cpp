#include "filter_images.h"

#include <memory>

#include "failure.h"
#include "image_io.h"

namespace satfilter {

std::vector<FilterImage> read_filter_images(const std::vector<satapp::cli::ImageFile>& files, const MediaInfo& input,
                                            const std::string& input_name, std::uint64_t max_pixels) {
  std::vector<FilterImage> images;
  for (const satapp::cli::ImageFile& file : files) {
    FilterImage image{file.param, file.option + " '" + file.path + "'", {}};
    try {
      std::unique_ptr<FrameSource> source = open_image_source(file.path, max_pixels, EncodedImage::Streams::Refused);
      if (!source->read(image.image) || image.image.empty()) throw runtime_error("it holds no image");
    } catch (const Failure& e) {
      throw runtime_error(file.option + ": " + e.what());
    }
    const std::string problem = satapp::filter_image_problem(image, input.width, input.height, input_name);
    if (!problem.empty()) throw runtime_error(problem);
    images.push_back(std::move(image));
  }
  return images;
}

}  // namespace satfilter
