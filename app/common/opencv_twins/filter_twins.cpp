// See filter_twins.h. SATAPP_TWINS_XIMGPROC says whether ximgproc (opencv_contrib) is linked.
#include "opencv_twins/filter_twins.h"

#include <opencv2/imgproc.hpp>
#if SATAPP_TWINS_XIMGPROC
#include <opencv2/ximgproc.hpp>
#endif

#include <algorithm>
#include <stdexcept>
#include <type_traits>
#include <variant>
#include <vector>

namespace satapp {
namespace {

int border_of(sat::Border border) {
  return border == sat::Border::Replicate ? cv::BORDER_REPLICATE : cv::BORDER_REFLECT_101;
}

// OpenCV's filters read a view's neighbours as its border (satcore sees the view alone), and
// BORDER_ISOLATED would change cv::blur on one-row images: a view is filtered as a copy.
cv::Mat alone(const cv::Mat& src) { return src.isSubmatrix() ? src.clone() : src; }

// The gray image satcore's gray-output filters see: cv::cvtColor is bit-exact with it.
const cv::Mat& gray_of(const cv::Mat& src, cv::Mat& gray) {
  if (src.channels() == 1) return src;
  cv::cvtColor(src, gray, src.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
  return gray;
}

#if !SATAPP_TWINS_XIMGPROC
[[noreturn]] void no_ximgproc(const char* what) {
  throw std::logic_error(std::string(what) + ": ximgproc (opencv_contrib) is not in this build");
}
#endif

std::string no_twin(const sat::FilterSpec& spec) {
  return "OpenCV has no " + std::string(sat::info_of(spec).name) + " filter";
}

}  // namespace

bool twins_have_ximgproc() { return SATAPP_TWINS_XIMGPROC != 0; }

TwinInfo twin_info(const sat::FilterSpec& spec) {
  return std::visit(
      [&](const auto& p) -> TwinInfo {
        using P = std::decay_t<decltype(p)>;
        const std::string no_contrib = "OpenCV's twin (ximgproc, opencv_contrib) is not in this build";
        if constexpr (std::is_same_v<P, sat::BoxBlurParams>) {
          return {TwinKind::Exact, "cv::blur", "bit-exact"};
        } else if constexpr (std::is_same_v<P, sat::MeanCParams>) {
          return {TwinKind::Exact, "cv::adaptiveThreshold (MEAN_C)", "bit-exact"};
        } else if constexpr (std::is_same_v<P, sat::SauvolaParams>) {
          if (!twins_have_ximgproc()) return {TwinKind::None, "", no_contrib, true};
          return {TwinKind::SameFilter, "cv::ximgproc::niBlackThreshold (SAUVOLA)",
                  "same formula; OpenCV uses float32 statistics, a replicate border and an 8-bit threshold"};
        } else if constexpr (std::is_same_v<P, sat::BradleyParams>) {
          return {TwinKind::NearestOp,
                  "cv::adaptiveThreshold (MEAN_C, block " + std::to_string(std::max(3, p.window | 1)) + ")",
                  "nearest op, not the same filter: OpenCV has no Bradley-Roth"};
        } else if constexpr (std::is_same_v<P, sat::GuidedParams>) {
          if (!twins_have_ximgproc()) return {TwinKind::None, "", no_contrib, true};
          return {TwinKind::SameFilter, "cv::ximgproc::guidedFilter",
                  "same filter in float32 arithmetic: outputs may differ by a gray level"};
        } else if constexpr (std::is_same_v<P, sat::LocalStatsParams>) {
          return {TwinKind::SameFilter, "cv::boxFilter + cv::sqrBoxFilter",
                  "same statistics in double; OpenCV rounds halves to even"};
        } else if constexpr (std::is_same_v<P, sat::VariableBlurParams>) {
          if (p.shape != sat::RadiusShape::Map || !p.radius_map.data)
            return {TwinKind::None, "", no_twin(spec) + "; its twin (cv::blur per radius) needs a radius map"};
          return {TwinKind::Exact, "cv::blur per radius of the map", "bit-exact"};
        } else {
          return {TwinKind::None, "", no_twin(spec)};
        }
      },
      spec);
}

void box_blur_twin(const cv::Mat& src, const sat::BoxBlurParams& p, cv::Mat& dst) {
  cv::blur(alone(src), dst, cv::Size(p.kernel_width, p.kernel_height), cv::Point(-1, -1), border_of(p.border));
}

void mean_c_twin(const cv::Mat& src, const sat::MeanCParams& p, cv::Mat& dst, TwinScratch& s) {
  cv::adaptiveThreshold(gray_of(src, s.gray), dst, p.max_value, cv::ADAPTIVE_THRESH_MEAN_C,
                        p.invert ? cv::THRESH_BINARY_INV : cv::THRESH_BINARY, p.block, p.C);
}

// The same formula as satcore's (scikit-image's), where OpenCV computes the window's mean and
// deviation in float32 with a replicate border and compares with a threshold rounded to 8 bits.
void sauvola_twin([[maybe_unused]] const cv::Mat& src, [[maybe_unused]] const sat::SauvolaParams& p,
                  [[maybe_unused]] cv::Mat& dst, [[maybe_unused]] TwinScratch& s) {
#if SATAPP_TWINS_XIMGPROC
  cv::ximgproc::niBlackThreshold(gray_of(src, s.gray), dst, p.max_value, cv::THRESH_BINARY, p.window, p.k,
                                 cv::ximgproc::BINARIZATION_SAUVOLA, p.r == 0.0 ? 127.5 : p.r);
#else
  no_ximgproc("sauvola_twin");
#endif
}

// OpenCV has no Bradley–Roth; its mean threshold over the same window does the same work (a
// window mean per pixel and a comparison) with another rule: a cost to time, not an output.
void bradley_nearest_op(const cv::Mat& src, const sat::BradleyParams& p, cv::Mat& dst, TwinScratch& s) {
  cv::adaptiveThreshold(gray_of(src, s.gray), dst, p.max_value, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY,
                        std::max(3, p.window | 1), 0.0);
}

// The same filter in float32 (satcore's is within 2^-9 of the exact values). ximgproc takes at
// most 3 channels: a BGRA image is filtered as its BGR and its 4th channel kept, as satcore does.
// The guide is the image itself, or its gray version (GuideKind::Gray on a colour image).
void guided_twin([[maybe_unused]] const cv::Mat& src, [[maybe_unused]] const sat::GuidedParams& p,
                 [[maybe_unused]] cv::Mat& dst, [[maybe_unused]] TwinScratch& s) {
#if SATAPP_TWINS_XIMGPROC
  const cv::Mat* colour = &src;
  if (src.channels() == 4) {
    cv::cvtColor(src, s.a, cv::COLOR_BGRA2BGR);
    colour = &s.a;
  }
  const cv::Mat& guide = colour->channels() > 1 && p.guide == sat::GuideKind::Gray ? gray_of(*colour, s.gray) : *colour;
  cv::Mat& out = src.channels() == 4 ? s.b : dst;
  cv::ximgproc::guidedFilter(guide, *colour, out, p.radius, p.eps, -1);
  if (src.channels() == 4) {
    dst.create(src.size(), src.type());
    const int from_to[] = {0, 0, 1, 1, 2, 2, 6, 3};  // out's 3 channels, then src's 4th (index 3 + 3)
    const cv::Mat inputs[] = {out, src};
    cv::mixChannels(inputs, 2, &dst, 1, from_to, 4);
  }
#else
  no_ximgproc("guided_twin");
#endif
}

// The window's mean and mean square from cv::boxFilter and cv::sqrBoxFilter (reflect-101, as
// satcore), then the output's formula (sat/filter_params.h) in OpenCV's arithmetic. In CV_64F, the
// one depth for this twin: satcore's statistics come from exact integer sums, and the twin is the
// reference its outputs are compared with, so it should add no error of its own. A CV_32F mean
// square carries float32's relative 6·10^-8 (0.004 gray² near 255²), which the variance
// E[x²] − E[x]² keeps in full while the variance itself may be near 0: enough to move σ, the
// variance and the contrast across a rounding step. In double the twin differs from satcore only
// where OpenCV rounds a half to even (satcore rounds it up). The cost: double stores, slower than
// float32 on a large frame; the timing is of this twin as the comparison's peer.
void local_stats_twin(const cv::Mat& src, const sat::LocalStatsParams& p, cv::Mat& dst, TwinScratch& s) {
  const cv::Mat& gray = gray_of(src, s.gray);
  const cv::Size window(p.window, p.window);
  cv::Mat& mean = s.a;
  cv::boxFilter(gray, mean, CV_64F, window, cv::Point(-1, -1), true, cv::BORDER_REFLECT_101);
  if (p.output == sat::LocalStat::Mean) {
    mean.convertTo(dst, CV_8U);
    return;
  }
  cv::Mat& variance = s.b;
  cv::sqrBoxFilter(gray, variance, CV_64F, window, cv::Point(-1, -1), true, cv::BORDER_REFLECT_101);
  variance = cv::max(variance - mean.mul(mean), 0.0);
  if (p.output == sat::LocalStat::Variance) {
    variance.convertTo(dst, CV_8U, 1.0 / p.scale);
    return;
  }
  cv::Mat& sigma = s.c;
  cv::sqrt(variance, sigma);
  if (p.output == sat::LocalStat::StdDev) {
    sigma.convertTo(dst, CV_8U, 2.0);
    return;
  }
  cv::Mat& value = s.d;  // Contrast
  gray.convertTo(value, CV_64F);
  cv::divide(value - mean, sigma + p.c, value, p.gain);
  value.convertTo(dst, CV_8U, 1.0, 128.0);
}

// OpenCV has no variable-radius blur: cv::blur once per radius the image holds, each pixel taken
// from its own radius's blur (bit-exact: satcore rounds as cv::blur does).
void blur_per_radius(const cv::Mat& src, const cv::Mat& radii, cv::Mat& dst, TwinScratch& s) {
  if (radii.size() != src.size())
    throw std::invalid_argument("variable_blur_twin: the radius map is not the image's size");
  const cv::Mat image = alone(src);
  dst.create(image.size(), image.type());
  double lo = 0, hi = 0;
  cv::minMaxLoc(radii, &lo, &hi);
  for (int r = int(lo); r <= int(hi); ++r) {
    cv::compare(radii, r, s.gray, cv::CMP_EQ);
    if (cv::countNonZero(s.gray) == 0) continue;
    cv::blur(image, s.a, cv::Size(2 * r + 1, 2 * r + 1), cv::Point(-1, -1), cv::BORDER_REFLECT_101);
    s.a.copyTo(dst, s.gray);
  }
}

void variable_blur_twin(const cv::Mat& src, const sat::VariableBlurParams& p, cv::Mat& dst, TwinScratch& s) {
  if (p.shape != sat::RadiusShape::Map || !p.radius_map.data)
    throw std::logic_error("variable_blur_twin: needs the radius-map shape and its map");
  const cv::Mat map(p.radius_map.height, p.radius_map.width, CV_8UC1, const_cast<uint8_t*>(p.radius_map.data),
                    p.radius_map.pitch);
  cv::min(map, std::max(0, std::min(p.max_radius, 255)), s.b);  // the map is clamped to max_radius
  blur_per_radius(src, s.b, dst, s);
}

void run_twin(const sat::FilterSpec& spec, const cv::Mat& src, cv::Mat& dst, TwinScratch& s) {
  std::visit(
      [&](const auto& p) {
        using P = std::decay_t<decltype(p)>;
        if constexpr (std::is_same_v<P, sat::BoxBlurParams>)
          box_blur_twin(src, p, dst);
        else if constexpr (std::is_same_v<P, sat::MeanCParams>)
          mean_c_twin(src, p, dst, s);
        else if constexpr (std::is_same_v<P, sat::SauvolaParams>)
          sauvola_twin(src, p, dst, s);
        else if constexpr (std::is_same_v<P, sat::BradleyParams>)
          bradley_nearest_op(src, p, dst, s);
        else if constexpr (std::is_same_v<P, sat::GuidedParams>)
          guided_twin(src, p, dst, s);
        else if constexpr (std::is_same_v<P, sat::LocalStatsParams>)
          local_stats_twin(src, p, dst, s);
        else if constexpr (std::is_same_v<P, sat::VariableBlurParams>)
          variable_blur_twin(src, p, dst, s);
        else
          throw std::logic_error("run_twin: " + no_twin(spec));
      },
      spec);
}

cv::Mat twin_output(const sat::FilterSpec& spec, const cv::Mat& src) {
  cv::Mat dst;
  TwinScratch scratch;
  run_twin(spec, src, dst, scratch);
  return dst;
}

}  // namespace satapp
