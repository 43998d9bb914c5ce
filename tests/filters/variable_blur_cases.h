// The checks of the variable-radius blur ("variable-blur"), written once and run by both suites
// (tests/filters/cpu: Backend::Cpu, tests/filters/gpu: Backend::Cuda). The reference of pixel
// (x, y) with radius r is OpenCV itself: cv::blur(src, (2r+1)×(2r+1), BORDER_REFLECT_101) at
// (x, y) — the same box sum and the same rounding for that element of the row — and the radius of
// a generated shape is the documented formula (VariableBlurParams) in plain double arithmetic.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "filter_cases.h"
#include "spec_runner.h"

namespace sat::test {

// The radius of pixel (x, y): the map's value clamped to max_radius, or the generated shape's.
inline int reference_radius(const VariableBlurParams& p, const cv::Mat& map, int width, int height, int x, int y) {
  if (p.shape == RadiusShape::Map) return std::min<int>(map.at<uint8_t>(y, x), p.max_radius);
  const double w1 = width - 1, h1 = height - 1;
  const bool centre = p.shape == RadiusShape::Vignette;
  const double fx = centre ? 0.5 * w1 : p.focus_x * w1, fy = centre ? 0.5 * h1 : p.focus_y * h1;
  const auto distance = [&](double px, double py) {
    if (p.shape == RadiusShape::TiltShift) return std::fabs(py - fy);
    return std::sqrt((px - fx) * (px - fx) + (py - fy) * (py - fy));
  };
  const double far = std::max({distance(0, 0), distance(w1, 0), distance(0, h1), distance(w1, h1)});
  const double sharp = p.shape == RadiusShape::TiltShift ? p.extent * height : p.extent * std::sqrt(w1 * w1 + h1 * h1);
  const double d = distance(x, y);
  if (!(d > sharp)) return 0;
  const double slope = far > sharp ? p.max_radius / (far - sharp) : 0.0;
  const double r = (d - sharp) * slope;
  return r >= p.max_radius ? p.max_radius : int(std::floor(r + 0.5));
}

// Every pixel from cv::blur with its own box (OpenCV's twin, app/common/opencv_twins); `radii`
// (optional) receives the radius per pixel.
inline cv::Mat reference_variable_blur(const cv::Mat& src, const VariableBlurParams& p, const cv::Mat& map,
                                       std::vector<int>* radii = nullptr) {
  cv::Mat radius(src.size(), CV_32SC1);
  for (int y = 0; y < src.rows; ++y)
    for (int x = 0; x < src.cols; ++x) radius.at<int>(y, x) = reference_radius(p, map, src.cols, src.rows, x, y);
  if (radii) radii->assign(radius.begin<int>(), radius.end<int>());
  cv::Mat dst;
  satapp::TwinScratch scratch;
  satapp::blur_per_radius(src, radius, dst, scratch);
  return dst;
}

// A random radius map: values spread over 0 … top, with a smooth part so that neighbours differ
// both a little and a lot.
inline cv::Mat random_radius_map(int width, int height, int top, uint32_t seed) {
  std::mt19937 rng(seed);
  cv::Mat m(height, width, CV_8UC1);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      m.at<uint8_t>(y, x) = uint8_t(rng() % 4 == 0 ? rng() % unsigned(top + 1) : (x + 2 * y) % (top + 1));
  return m;
}

// Radius maps over odd sizes and 1/3/4 channels, max_radius from 0 to 1024 (boxes far larger
// than the image: the reflection wraps many times), padded pitches.
inline void check_variable_blur_map_matches_opencv(Backend backend) {
  SpecRunner run(backend, {129, 67});
  const std::vector<Size2> sizes = {{1, 1}, {1, 13}, {23, 1}, {37, 23}, {129, 67}, {5, 3}, {2, 2}, {16, 9}};
  uint32_t seed = 3100;
  for (const Size2 sz : sizes)
    for (int cn : {1, 3, 4})
      for (int max_radius : {0, 1, 3, 8, 40, 255, 1024}) {
        cv::Mat src = random_image(sz.w, sz.h, cn, seed++);
        if (seed % 3 == 0) src = with_padding(src);
        const int top = seed % 2 ? std::min(255, max_radius + 5) : 255;  // some values above max_radius
        const cv::Mat map = random_radius_map(sz.w, sz.h, top, seed++);
        VariableBlurParams p;
        p.shape = RadiusShape::Map;
        p.max_radius = max_radius;
        SCOPED_TRACE(describe(src) + " " + std::to_string(cn) + " channels, max_radius " + std::to_string(max_radius));
        EXPECT_MAT_EQ(run.apply(src, p, {{"radius_map", map}}), reference_variable_blur(src, p, map),
                      "variable blur (map) vs cv::blur per radius");
      }
}

// The generated shapes, at several foci and extents, max radius 2, 16 and 128.
inline void check_variable_blur_shapes_match_opencv(Backend backend) {
  SpecRunner run(backend, {129, 67});
  const std::vector<Size2> sizes = {{1, 1}, {1, 13}, {23, 1}, {37, 23}, {129, 67}};
  uint32_t seed = 3500;
  for (const Size2 sz : sizes)
    for (RadiusShape shape : {RadiusShape::TiltShift, RadiusShape::Focus, RadiusShape::Vignette})
      for (int max_radius : {2, 16, 128})
        for (int cn : {1, 3, 4}) {
          cv::Mat src = textured_image(sz.w, sz.h, cn, seed++);
          if (seed % 4 == 0) src = with_padding(src);
          VariableBlurParams p;
          p.shape = shape;
          p.max_radius = max_radius;
          p.focus_x = (seed % 5) / 4.0;
          p.focus_y = (seed % 7) / 6.0;
          p.extent = (seed % 3) * 0.2;
          SCOPED_TRACE(describe(src) + " " + describe(FilterSpec(p)));
          std::vector<int> radii;
          const cv::Mat want = reference_variable_blur(src, p, cv::Mat(), &radii);
          EXPECT_MAT_EQ(run.apply(src, p), want, "variable blur (shape) vs cv::blur per radius");
          // Without a sharp zone the farthest pixel gets max_radius: the shape is not trivially sharp.
          const bool spread = shape == RadiusShape::TiltShift ? sz.h > 1 : sz.w * sz.h > 1;
          if (p.extent == 0.0 && spread) {
            EXPECT_EQ(*std::max_element(radii.begin(), radii.end()), max_radius);
          }
        }
}

}  // namespace sat::test
