// Pipeline settings of the variable blur reading a radius map, as --radius-map FILE gives one
// (FilterSettings::images), for the CPU and GPU pipeline tests.
#pragma once

#include <opencv2/core.hpp>

#include "pipeline/frame_pipeline.h"

namespace satlab::test {

// Shape map, `max_radius`, and `map` (8-bit gray, the frame's size) bound where the shape reads it.
inline PipelineSettings radius_map_settings(const cv::Mat& map, int max_radius) {
  PipelineSettings settings;
  settings.filter.kind = filter_kind_of<sat::VariableBlurParams>();
  auto& blur = settings.filter.params<sat::VariableBlurParams>();
  blur.shape = sat::RadiusShape::Map;
  blur.max_radius = max_radius;
  settings.filter.images[kCatalogIndex<sat::VariableBlurParams>] = {{"radius_map", "--radius-map 'map'", map}};
  return settings;
}

}  // namespace satlab::test
