// The images a filter takes beside its input (Image parameters of satcore's catalog, such as the
// variable blur's --radius-map FILE): read once per input, checked against it.
#pragma once

#include <opencv2/core.hpp>

#include <string>
#include <vector>

#include "common/cli/filter_options.h"
#include "media.h"
#include "sat/filter_spec.h"

namespace satfilter {

struct FilterImage {
  std::string param;  // the catalog's parameter name
  cv::Mat image;      // 8-bit, 1 channel, the input's size (host memory)
};

// Decodes every file as satfilter decodes an INPUT image (8 bits per channel, no truncated JPEG)
// and requires one gray channel and the size of `input` (named `input_name`). Throws
// Failure(Runtime) naming the file and the option: missing, unreadable, not gray, another size.
std::vector<FilterImage> read_filter_images(const std::vector<satapp::cli::ImageFile>& files, const MediaInfo& input,
                                            const std::string& input_name);

// `spec` with each image bound to its parameter; `view` gives an image's memory on the backend
// the spec runs on (the host Mat itself, or its copy on the device).
template <class View>
sat::FilterSpec bind_filter_images(sat::FilterSpec spec, const std::vector<FilterImage>& images, View view) {
  for (std::size_t i = 0; i < images.size(); ++i) sat::set_image_param(spec, images[i].param, view(i));
  return spec;
}

}  // namespace satfilter
