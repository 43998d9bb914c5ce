// See filter_twins.h. Without OpenCV every filter reads "OpenCV not built".
#include <algorithm>
#include <memory>
#include <type_traits>

#include "filter_twins.h"

#if SATBENCH_HAVE_OPENCV
#include <opencv2/core.hpp>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>
#if SATBENCH_HAVE_XIMGPROC
#include <opencv2/ximgproc.hpp>
#endif
#endif

namespace satbench {

#if SATBENCH_HAVE_OPENCV

namespace {

cv::Mat wrap(sat::ConstImage8 image) {
  return cv::Mat(image.height, image.width, CV_8UC(image.channels), const_cast<uint8_t*>(image.data), image.pitch);
}

// The gray image satcore's gray-output filters see (cv::cvtColor is its twin, bit-exact).
void to_gray(const cv::Mat& src, cv::Mat& gray) {
  if (src.channels() == 1)
    gray = src;
  else
    cv::cvtColor(src, gray, src.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
}

int border_of(sat::Border border) {
  return border == sat::Border::Replicate ? cv::BORDER_REPLICATE : cv::BORDER_REFLECT_101;
}

// What a twin keeps between runs: the input, scratch and the output.
struct State {
  cv::Mat src, gray, a, b, out;
};

FilterTwin exact(std::string method, std::shared_ptr<State> s, std::function<void()> run) {
  FilterTwin t{std::move(method), std::move(run), "", {}};
  t.output = [s](std::size_t& pitch) {
    pitch = s->out.step;
    return static_cast<const unsigned char*>(s->out.data);
  };
  return t;
}

FilterTwin none(std::string why) { return {"", {}, std::move(why), {}}; }

}  // namespace

FilterTwin make_filter_twin(const sat::FilterSpec& spec, sat::ConstImage8 image, int threads) {
  cv::setNumThreads(threads);
  auto s = std::make_shared<State>();
  s->src = wrap(image);
  return std::visit(
      [&](const auto& p) -> FilterTwin {
        using P = std::decay_t<decltype(p)>;
        if constexpr (std::is_same_v<P, sat::BoxBlurParams>) {
          return exact("cv::blur", s, [s, p] {
            cv::blur(s->src, s->out, cv::Size(p.kernel_width, p.kernel_height), cv::Point(-1, -1), border_of(p.border));
          });
        } else if constexpr (std::is_same_v<P, sat::MeanCParams>) {
          return exact("cv::adaptiveThreshold", s, [s, p] {
            to_gray(s->src, s->gray);
            cv::adaptiveThreshold(s->gray, s->out, p.max_value, cv::ADAPTIVE_THRESH_MEAN_C,
                                  p.invert ? cv::THRESH_BINARY_INV : cv::THRESH_BINARY, p.block, p.C);
          });
        } else if constexpr (std::is_same_v<P, sat::SauvolaParams>) {
#if SATBENCH_HAVE_XIMGPROC
          // Not bit-exact with scikit-image's definition (OpenCV's own rounding): no output check.
          return {"ximgproc::niBlackThreshold(SAUVOLA)",
                  [s, p] {
                    to_gray(s->src, s->gray);
                    cv::ximgproc::niBlackThreshold(s->gray, s->out, p.max_value, cv::THRESH_BINARY, p.window, p.k,
                                                   cv::ximgproc::BINARIZATION_SAUVOLA, p.r == 0 ? 127.5 : p.r);
                  },
                  "",
                  {}};
#else
          return none("ximgproc not built");
#endif
        } else if constexpr (std::is_same_v<P, sat::GuidedParams>) {
#if SATBENCH_HAVE_XIMGPROC
          // ximgproc takes guides of up to 3 channels: a BGRA image is filtered as its BGR.
          if (s->src.channels() == 4) cv::cvtColor(s->src, s->a, cv::COLOR_BGRA2BGR);
          else s->a = s->src;
          if (p.guide == sat::GuideKind::Gray) to_gray(s->a, s->b);
          else s->b = s->a;
          return {s->src.channels() == 4 ? "ximgproc::guidedFilter (BGR of BGRA)" : "ximgproc::guidedFilter",
                  [s, p] { cv::ximgproc::guidedFilter(s->b, s->a, s->out, p.radius, p.eps, -1); },
                  "",
                  {}};
#else
          return none("ximgproc not built");
#endif
        } else if constexpr (std::is_same_v<P, sat::LocalStatsParams>) {
          return {"cv::boxFilter + cv::sqrBoxFilter",
                  [s, p] {
                    to_gray(s->src, s->gray);
                    const cv::Size box(p.window, p.window);
                    cv::boxFilter(s->gray, s->a, CV_32F, box, cv::Point(-1, -1), true, cv::BORDER_REFLECT_101);
                    cv::sqrBoxFilter(s->gray, s->b, CV_32F, box, cv::Point(-1, -1), true, cv::BORDER_REFLECT_101);
                  },
                  "",
                  {}};
        } else if constexpr (std::is_same_v<P, sat::VariableBlurParams>) {
          if (p.shape != sat::RadiusShape::Map || !p.radius_map.data) return none("no OpenCV twin (generated radius map)");
          const cv::Mat map = wrap(p.radius_map);
          return exact("cv::blur per radius, per-pixel select", s, [s, map, max_radius = p.max_radius] {
            s->out.create(s->src.size(), s->src.type());
            double lo = 0, hi = 0;
            cv::minMaxLoc(map, &lo, &hi);
            for (int r = int(lo); r <= std::min(int(hi), max_radius); ++r) {
              cv::compare(map, r, s->gray, r == max_radius ? cv::CMP_GE : cv::CMP_EQ);  // the map is clamped
              if (cv::countNonZero(s->gray) == 0) continue;
              cv::blur(s->src, s->a, cv::Size(2 * r + 1, 2 * r + 1), cv::Point(-1, -1), cv::BORDER_REFLECT_101);
              s->a.copyTo(s->out, s->gray);
            }
          });
        } else {
          return none("no OpenCV twin");
        }
      },
      spec);
}

std::string filter_twins_description(int threads) {
#if SATBENCH_HAVE_XIMGPROC
  const char* modules = "imgproc, ximgproc";
#else
  const char* modules = "imgproc; ximgproc not built";
#endif
  return std::string("OpenCV ") + CV_VERSION + " (" + modules + "), " + std::to_string(threads) + " threads";
}

#else  // !SATBENCH_HAVE_OPENCV

FilterTwin make_filter_twin(const sat::FilterSpec&, sat::ConstImage8, int) { return {"", {}, "OpenCV not built", {}}; }

std::string filter_twins_description(int) { return "OpenCV: not built"; }

#endif

}  // namespace satbench
