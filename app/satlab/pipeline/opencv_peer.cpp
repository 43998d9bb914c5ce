#include "pipeline/opencv_peer.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "common/frame/host_frame.h"
#include "common/timing/stopwatch.h"
#include "opencv_twins/filter_twins.h"
#include "pipeline/mat_view.h"
#include "sources/deep_frame.h"

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

// The input satcore's CPU pipeline filters (converted before the timing): for the gray-output
// filters the frame's luma plane where it has one, else the gray of its colours; the frame as
// BGRA for those that keep the colours, but the BGR frame for the guided filter (ximgproc takes
// at most 3 channels).
cv::Mat twin_input(const sat::FilterSpec& spec, const satapp::Frame& frame) {
  cv::Mat input, buffer;
  const bool gray = sat::info_of(spec).output == sat::FilterOutput::Gray;
  if (gray && !(input = satapp::host_luma(frame, buffer)).empty()) return input.clone();
  const cv::Mat bgr = satapp::host_bgr(frame, buffer);
  if (gray)
    cv::cvtColor(bgr, input, cv::COLOR_BGR2GRAY);
  else if (std::holds_alternative<sat::GuidedParams>(spec))
    input = bgr.clone();  // not a header over the frame's own pixels
  else
    cv::cvtColor(bgr, input, cv::COLOR_BGR2BGRA);
  return input;
}

}  // namespace

OpenCvPeer run_opencv_peer(const satapp::Frame& frame, const FilterSettings& filter, int reps) {
  OpenCvPeer peer;
  peer.threads = cv::getNumThreads();
  const sat::FilterSpec* spec = filter.spec();
  if (!spec) {
    peer.relation = filter.kind == FilterKind::None ? "no filter" : "unknown filter";
    return peer;
  }
  // The twins take 8-bit input: a 16-bit frame is held to satcore's CPU backend alone.
  if (is_deep(frame)) {
    peer.relation = "a 16-bit frame: compared with satcore's CPU backend only";
    return peer;
  }
  // As the CPU pipeline runs it: with the images given for it (--radius-map) bound.
  const sat::FilterSpec run = spec_to_run(
      filter, [&](std::size_t i) { return image_view(filter.images[catalog_index(filter.kind)][i].image); });
  const satapp::TwinInfo twin = satapp::twin_info(run);
  peer.op = twin.op;
  peer.relation = twin.relation;
  if (twin.kind == satapp::TwinKind::None) {
    peer.relation += ": compared with satcore's CPU backend only";
    return peer;
  }
  peer.same_filter = twin.kind == satapp::TwinKind::Exact || twin.kind == satapp::TwinKind::SameFilter;
  peer.bit_exact = twin.kind == satapp::TwinKind::Exact;
  const cv::Mat input = twin_input(run, frame);
  cv::Mat out;
  satapp::TwinScratch scratch;
  peer.ms = median_ms(reps, [&] { satapp::run_twin(run, input, out, scratch); });
  if (!peer.same_filter) return peer;  // the nearest op: timed, not compared
  if (out.channels() == 4)
    cv::cvtColor(out, peer.output, cv::COLOR_BGRA2BGR);
  else
    peer.output = out;
  return peer;
}

}  // namespace satlab
