#include "pipeline/opencv_peer.h"

#include <opencv2/imgproc.hpp>
#if SATLAB_HAVE_XIMGPROC
#include <opencv2/ximgproc.hpp>
#endif

#include <algorithm>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "common/timing/stopwatch.h"

namespace satlab {
namespace {

double median_ms(int reps, const std::function<void()>& run) {
  const satapp::Stopwatch warm_up;
  run();  // warm-up: first-touch of the output, OpenCV's thread pool
  // A slow op (ximgproc's Sauvola takes seconds on a 4K frame) is timed once: the UI waits.
  if (warm_up.elapsed_ms() > kSlowRunMs) reps = 1;
  std::vector<double> ms;
  for (int i = 0; i < std::max(1, reps); ++i) {
    const satapp::Stopwatch watch;
    run();
    ms.push_back(watch.elapsed_ms());
  }
  std::nth_element(ms.begin(), ms.begin() + std::ptrdiff_t(ms.size() / 2), ms.end());
  return ms[ms.size() / 2];
}

int cv_border(sat::Border border) { return border == sat::Border::Replicate ? cv::BORDER_REPLICATE : cv::BORDER_REFLECT_101; }

// OpenCV's counterpart of each filter that has one, by its parameter struct; any other filter of
// satcore's catalog (the template) has none in OpenCV, and the panel compares it with satcore's CPU
// backend alone. The inputs are those satcore's CPU pipeline filters: the frame as BGRA for the
// filters that keep the colours, its gray image for the others (not timed).
struct Peers {
  const cv::Mat& bgr;
  const cv::Mat& gray;
  int reps;
  OpenCvPeer& peer;

  template <class Params>
  void operator()(const Params&) const {
    peer.relation = "OpenCV has no " + std::string(sat::filter_catalog()[kCatalogIndex<Params>].name) +
                    " filter: compared with satcore's CPU backend only";
  }

  void operator()(const sat::BoxBlurParams& p) const {
    cv::Mat bgra, out;
    cv::cvtColor(bgr, bgra, cv::COLOR_BGR2BGRA);
    peer.op = "cv::blur";
    peer.relation = "bit-exact";
    peer.same_filter = peer.bit_exact = true;
    peer.ms = median_ms(reps, [&] {
      cv::blur(bgra, out, cv::Size(p.kernel_width, p.kernel_height), cv::Point(-1, -1), cv_border(p.border));
    });
    cv::cvtColor(out, peer.output, cv::COLOR_BGRA2BGR);
  }

  void operator()(const sat::MeanCParams& p) const {
    peer.op = "cv::adaptiveThreshold (MEAN_C)";
    peer.relation = "bit-exact";
    peer.same_filter = peer.bit_exact = true;
    peer.ms = median_ms(reps, [&] {
      cv::adaptiveThreshold(gray, peer.output, p.max_value, cv::ADAPTIVE_THRESH_MEAN_C,
                            p.invert ? cv::THRESH_BINARY_INV : cv::THRESH_BINARY, p.block, p.C);
    });
  }

  void operator()([[maybe_unused]] const sat::SauvolaParams& p) const {
#if SATLAB_HAVE_XIMGPROC
    peer.op = "cv::ximgproc::niBlackThreshold (SAUVOLA)";
    peer.relation = "same formula; OpenCV uses float32 statistics, a replicate border and an 8-bit threshold";
    peer.same_filter = true;
    const double r = p.r == 0.0 ? 127.5 : p.r;
    peer.ms = median_ms(reps, [&] {
      cv::ximgproc::niBlackThreshold(gray, peer.output, p.max_value, cv::THRESH_BINARY, p.window, p.k,
                                     cv::ximgproc::BINARIZATION_SAUVOLA, r);
    });
#else
    peer.relation = "OpenCV's Sauvola (ximgproc, opencv_contrib) is not in this build";
#endif
  }

  void operator()(const sat::BradleyParams& p) const {
    // OpenCV has no Bradley–Roth; its mean threshold over the same window does the same work
    // (a window mean per pixel and a comparison) with another rule.
    const int block = std::max(3, p.window | 1);
    peer.op = "cv::adaptiveThreshold (MEAN_C, block " + std::to_string(block) + ")";
    peer.relation = "nearest op, not the same filter: OpenCV has no Bradley-Roth";
    cv::Mat out;
    peer.ms = median_ms(reps, [&] {
      cv::adaptiveThreshold(gray, out, p.max_value, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY, block, 0.0);
    });
  }

  void operator()([[maybe_unused]] const sat::GuidedParams& p) const {
#if SATLAB_HAVE_XIMGPROC
    // ximgproc filters the BGR frame (satcore its BGRA copy: the same colour channels); the colour
    // image guides itself, or its gray version guides it.
    peer.op = "cv::ximgproc::guidedFilter";
    peer.relation = "same filter in float32 arithmetic: outputs may differ by a gray level";
    peer.same_filter = true;
    const cv::Mat& guide = p.guide == sat::GuideKind::Gray ? gray : bgr;
    peer.ms = median_ms(reps, [&] { cv::ximgproc::guidedFilter(guide, bgr, peer.output, p.radius, p.eps, -1); });
#else
    peer.relation = "OpenCV's guided filter (ximgproc, opencv_contrib) is not in this build";
#endif
  }

  // The window's mean and variance from cv::boxFilter and cv::sqrBoxFilter (double sums, the same
  // reflect-101 border), then the output's formula (sat/filter_params.h) in OpenCV's arithmetic.
  void operator()(const sat::LocalStatsParams& p) const {
    peer.op = "cv::boxFilter + cv::sqrBoxFilter";
    peer.relation = "same statistics in double; OpenCV rounds halves to even";
    peer.same_filter = true;
    const cv::Size window(p.window, p.window);
    cv::Mat mean, mean_sq, variance, sigma, value;
    peer.ms = median_ms(reps, [&] {
      cv::boxFilter(gray, mean, CV_64F, window, cv::Point(-1, -1), true, cv::BORDER_REFLECT_101);
      if (p.output == sat::LocalStat::Mean) {
        mean.convertTo(peer.output, CV_8U);
        return;
      }
      cv::sqrBoxFilter(gray, mean_sq, CV_64F, window, cv::Point(-1, -1), true, cv::BORDER_REFLECT_101);
      variance = cv::max(mean_sq - mean.mul(mean), 0.0);
      switch (p.output) {
        case sat::LocalStat::Mean: break;
        case sat::LocalStat::Variance: variance.convertTo(peer.output, CV_8U, 1.0 / p.scale); break;
        case sat::LocalStat::StdDev:
          cv::sqrt(variance, sigma);
          sigma.convertTo(peer.output, CV_8U, 2.0);
          break;
        case sat::LocalStat::Contrast:
          cv::sqrt(variance, sigma);
          gray.convertTo(value, CV_64F);
          cv::divide(value - mean, sigma + p.c, value, p.gain);
          value.convertTo(peer.output, CV_8U, 1.0, 128.0);
          break;
      }
    });
  }
};

}  // namespace

OpenCvPeer run_opencv_peer(const cv::Mat& bgr_frame, const FilterSettings& filter, int reps) {
  OpenCvPeer peer;
  peer.threads = cv::getNumThreads();
  const sat::FilterSpec* spec = filter.spec();
  if (!spec) {
    peer.relation = filter.kind == FilterKind::None ? "no filter" : "unknown filter";
    return peer;
  }
  cv::Mat gray;
  cv::cvtColor(bgr_frame, gray, cv::COLOR_BGR2GRAY);
  std::visit(Peers{bgr_frame, gray, reps, peer}, *spec);
  return peer;
}

}  // namespace satlab
