// The images a filter takes beside its input (Image parameters of satcore's catalog, such as the
// variable blur's --radius-map FILE), as satfilter and satlab hold, check and bind them: decoded
// on the host, checked against the input's size, copied to the device once for the CUDA
// pipelines, and bound to the filter's spec on the backend it runs on.
#pragma once

#include <opencv2/core.hpp>

#include <string>
#include <vector>

#include "common/cuda/device_image.h"
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

// The images copied to the device, in order. Throws sat::Error.
std::vector<DeviceImage> upload_filter_images(const std::vector<FilterImage>& images);

// `spec` with each image bound to its parameter; `view` gives an image's memory on the backend
// the spec runs on (the host Mat itself, or its copy on the device).
template <class View>
sat::FilterSpec bind_filter_images(sat::FilterSpec spec, const std::vector<FilterImage>& images, View view) {
  for (std::size_t i = 0; i < images.size(); ++i) sat::set_image_param(spec, images[i].param, view(i));
  return spec;
}

}  // namespace satapp
