// The images a filter takes beside its input (Image parameters of satcore's catalog, such as the
// variable blur's --radius-map FILE), as satfilter and satlab hold, check and bind them: decoded
// on the host, checked against the input's size, and bound to the filter's spec on the host (the
// CUDA pipelines give them to their slots' sat::FilterSession, which holds the device copies).
#pragma once

#include <opencv2/core.hpp>

#include <string>
#include <vector>

#include "sat/filter_params.h"
#include "sat/filter_spec.h"

namespace satapp {

struct FilterImage {
  std::string param;  // the catalog's parameter name ("radius_map")
  std::string what;   // for messages: the option and the file, "--radius-map 'map.png'"
  cv::Mat image;      // 8-bit, 1 channel (host memory)
};

// Why `image` cannot be bound beside an input of `width` x `height` named `input_name` ("" when
// it can): more than one channel, or another size.
std::string filter_image_problem(const FilterImage& image, int width, int height, const std::string& input_name);

// `spec` with each image bound to its parameter; `view` gives an image's memory (the host Mat).
template <class View>
sat::FilterSpec bind_filter_images(sat::FilterSpec spec, const std::vector<FilterImage>& images, View view) {
  for (std::size_t i = 0; i < images.size(); ++i) sat::set_image_param(spec, images[i].param, view(i));
  return spec;
}

}  // namespace satapp
