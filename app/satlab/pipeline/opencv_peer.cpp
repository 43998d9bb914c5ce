#include "pipeline/opencv_peer.h"

#include <opencv2/imgproc.hpp>
#if SATLAB_HAVE_XIMGPROC
#include <opencv2/ximgproc.hpp>
#endif

#include <algorithm>
#include <functional>
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

}  // namespace

OpenCvPeer run_opencv_peer(const cv::Mat& bgr_frame, const FilterSettings& filter, int reps) {
  OpenCvPeer peer;
  peer.threads = cv::getNumThreads();
  cv::Mat gray;
  if (outputs_gray(filter.kind)) cv::cvtColor(bgr_frame, gray, cv::COLOR_BGR2GRAY);
  switch (filter.kind) {
    case FilterKind::None:
      peer.relation = "no filter";
      return peer;
    case FilterKind::Box: {
      const sat::BoxBlurParams& p = filter.box;
      cv::Mat bgra, out;
      cv::cvtColor(bgr_frame, bgra, cv::COLOR_BGR2BGRA);
      peer.op = "cv::blur";
      peer.relation = "bit-exact";
      peer.same_filter = true;
      peer.ms = median_ms(reps, [&] {
        cv::blur(bgra, out, cv::Size(p.kernel_width, p.kernel_height), cv::Point(-1, -1), cv_border(p.border));
      });
      cv::cvtColor(out, peer.output, cv::COLOR_BGRA2BGR);
      return peer;
    }
    case FilterKind::Threshold: {
      const sat::MeanCParams& p = filter.mean_c;
      peer.op = "cv::adaptiveThreshold (MEAN_C)";
      peer.relation = "bit-exact";
      peer.same_filter = true;
      peer.ms = median_ms(reps, [&] {
        cv::adaptiveThreshold(gray, peer.output, p.max_value, cv::ADAPTIVE_THRESH_MEAN_C,
                              p.invert ? cv::THRESH_BINARY_INV : cv::THRESH_BINARY, p.block, p.C);
      });
      return peer;
    }
    case FilterKind::Sauvola: {
#if SATLAB_HAVE_XIMGPROC
      const sat::SauvolaParams& p = filter.sauvola;
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
      return peer;
    }
    case FilterKind::Bradley: {
      // OpenCV has no Bradley–Roth; its mean threshold over the same window does the same work
      // (a window mean per pixel and a comparison) with another rule.
      const int block = std::max(3, filter.bradley.window | 1);
      peer.op = "cv::adaptiveThreshold (MEAN_C, block " + std::to_string(block) + ")";
      peer.relation = "nearest op, not the same filter: OpenCV has no Bradley-Roth";
      cv::Mat out;
      peer.ms = median_ms(reps, [&] {
        cv::adaptiveThreshold(gray, out, filter.bradley.max_value, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY,
                              block, 0.0);
      });
      return peer;
    }
  }
  peer.relation = "unknown filter";
  return peer;
}

}  // namespace satlab
