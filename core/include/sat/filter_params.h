// The values the image filters take: images (ConstImage8, Image8), the border rule, and one
// parameter struct per filter. Each struct's default member values are the filter's defaults; the
// ranges, names and help of every member are the filter's description (sat/filter_spec.h).
#pragma once

#include <cstdint>
#include <cstddef>
#include <optional>
#include <string_view>

namespace sat {

// Border rule for pixels outside the image (OpenCV names).
enum class Border {
  Reflect101,  // gfedcb|abcdefgh|gfedcba  (OpenCV's default, numpy 'reflect')
  Replicate,   // aaaaaa|abcdefgh|hhhhhhh
};
const char* to_string(Border border);  // "reflect101", "replicate"
std::optional<Border> parse_border(std::string_view name);

// An 8-bit image, channels interleaved (1, 3 = BGR, or 4 = BGRA), rows `pitch` bytes apart.
// Host memory for Backend::Cpu, device memory for Backend::Cuda.
struct ConstImage8 {
  const uint8_t* data = nullptr;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 1;
};
struct Image8 {
  uint8_t* data = nullptr;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 1;
  operator ConstImage8() const { return {data, pitch, width, height, channels}; }
};

// cv::blur(src, dst, Size(kernel_width, kernel_height), Point(-1,-1), border): bit-exact, any
// kernel size ≥ 1 (also larger than the image), 1, 3 or 4 channels.
struct BoxBlurParams {
  int kernel_width = 3;
  int kernel_height = 3;
  Border border = Border::Reflect101;
};

// cv::adaptiveThreshold(src, dst, max_value, ADAPTIVE_THRESH_MEAN_C, invert ? THRESH_BINARY_INV
// : THRESH_BINARY, block, C): bit-exact; block odd ≥ 3; C may be fractional.
struct MeanCParams {
  int block = 11;
  double C = 2.0;
  bool invert = false;
  uint8_t max_value = 255;
};

// scikit-image threshold_sauvola(image, window_size=window, k=k, r=r): T = m·(1 + k·(s/r − 1)),
// mean and population std over a window×window box with reflect-101 padding; r = 0 means the
// default 127.5 (half the 8-bit range). Output: max_value where pixel > T, else 0.
struct SauvolaParams {
  int window = 15;  // odd ≥ 3
  double k = 0.2;   // 0 < k < 1 (scikit-image allows more; we reject k ≤ 0 or k ≥ 1)
  double r = 0.0;
  uint8_t max_value = 255;
};

// Bradley–Roth: foreground (max_value) iff pixel · count > sum · (100 − t) / 100, over a
// window×window box clipped to the image (count = pixels inside).
struct BradleyParams {
  int window = 15;  // ≥ 1
  double t = 15.0;  // percent, 0 ≤ t < 100
  uint8_t max_value = 255;
};

// ---- the filters only summed-area tables make cheap ------------------------------------------

// Guided filter (He, Sun, Tang, "Guided Image Filtering", TPAMI 2013), as
// cv::ximgproc::guidedFilter(guide, src, dst, radius, eps, -1) on 8-bit images: windows of
// (2·radius + 1)², eps in squared gray levels (the images are not rescaled to [0, 1]). The image
// guides itself: a gray image its own gray guide, a colour image its colour (3-channel) guide,
// unless guide = Gray (a colour image guided by its gray version: faster, less edge-aware).
enum class GuideKind { Self, Gray };
struct GuidedParams {
  int radius = 8;        // ≥ 1
  double eps = 400.0;    // > 0, squared gray levels (400 = a step of 20 gray levels is an edge)
  GuideKind guide = GuideKind::Self;
};

// Local statistics of a window×window box (reflect-101 border, as Sauvola's), one gray output:
//   Mean      round(μ)
//   Variance  min(255, round(σ² / scale))
//   StdDev    min(255, round(σ · 2))             (σ ≤ 127.5 for 8-bit input)
//   Contrast  clamp(round(128 + gain · (x − μ) / (σ + c)), 0, 255)   local contrast normalisation
// μ, σ² from exact integer sums {Σx, Σx²} (σ population); colour input is converted to gray first.
// round = half up. The window's upper end keeps n·Σx² − (Σx)² exact in 64 bits (n = window²).
enum class LocalStat { Mean, Variance, StdDev, Contrast };
struct LocalStatsParams {
  int window = 15;                   // odd, 1 … 4095
  LocalStat output = LocalStat::Contrast;
  double scale = 64.0;               // Variance: gray levels per output step, > 0
  double gain = 32.0;                // Contrast: output steps per σ, > 0
  double c = 4.0;                    // Contrast: added to σ, > 0 (keeps flat regions flat)
};

// Variable-radius box blur: pixel (x, y) is the mean of its own (2·r + 1)² box, r = the radius map
// at (x, y), reflect-101 border, rounding as cv::blur's. The radius map is either an image
// (shape Map: one u8 per pixel, clamped to max_radius) or generated from the shape:
//   TiltShift  sharp horizontal band at focus_y, half-height `extent` (fraction of the height);
//              r grows linearly to max_radius at the farther image edge
//   Focus      sharp disc around (focus_x, focus_y), radius `extent` (fraction of the diagonal);
//              r grows linearly to max_radius at the farthest corner (depth of field)
//   Vignette   as Focus around the image centre: sharp middle, blurred rim
// Distances are between pixel centres; a generated r is rounded half up. Cost per pixel does not
// depend on r. Channels kept (1, 3 or 4).
enum class RadiusShape { TiltShift, Focus, Vignette, Map };
struct VariableBlurParams {
  RadiusShape shape = RadiusShape::TiltShift;
  int max_radius = 16;      // 0 … 1024
  double focus_x = 0.5;     // 0 … 1, fraction of the width
  double focus_y = 0.5;     // 0 … 1, fraction of the height
  double extent = 0.15;     // 0 … 1
  ConstImage8 radius_map{}; // shape Map: 1 channel, the image's size, same memory as the image
};

// Kuwahara filter: each pixel takes the mean of the least-variant of the four (radius + 1)²
// quadrants that have it as a corner (variance of the gray value; colour means per channel,
// rounded half up), reflect-101 border. Ties go to the first of top-left, top-right, bottom-left,
// bottom-right. Channels kept.
struct KuwaharaParams {
  int radius = 4;  // 1 … 1024
};

}  // namespace sat
