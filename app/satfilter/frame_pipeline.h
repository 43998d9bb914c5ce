// What both pipelines (CUDA, CPU) take and give: frames from a source, searched by a
// sat::Detector (--detect) and filtered by a sat::FilterEngine, to a sink, with decoding and
// encoding on their own threads.
#pragma once

#include <opencv2/core.hpp>

#include <cstdint>
#include <optional>
#include <vector>

#include "filter_images.h"
#include "media.h"
#include "options.h"
#include "progress.h"
#include "report.h"
#include "sat/detect.h"
#include "sat/filter_spec.h"
#include "sat/filters.h"

namespace satfilter {

struct PipelineRequest {
  FrameSource& source;
  FrameSink& sink;
  // None: the output is the input (--detect alone). Its Image parameters are bound by the
  // pipeline to filter_images, in the backend's memory.
  const std::optional<sat::FilterSpec>& filter;
  const std::vector<FilterImage>& filter_images;
  sat::Detector* detector;  // --detect, on the pipeline's backend; nullptr: none
  bool draw;                // --draw: the boxes burnt into the output
  Progress& progress;
  bool timing = false;       // --report: per-stage times (costs a little)
  sat::Options sat_options;  // CUDA: SAT algorithm and tile
  int frames_in_flight = 3;  // CUDA: frames on the GPU at once (2 or more for overlap)
};

struct PipelineResult {
  int64_t frames = 0;
  StageTotals totals;                             // decode and encode always; the rest when timing
  double setup_ms = 0;                            // engine and buffers
  double wall_ms = 0;                             // first decode to the sink finished
  std::vector<std::vector<sat::Box>> detections;  // with a detector: the boxes of each frame
};

// Channels of the output: the filter's (sat::output_channels), or the input's without one.
inline int output_channels(const std::optional<sat::FilterSpec>& filter, int input_channels) {
  return filter ? sat::output_channels(*filter, input_channels) : input_channels;
}

// Views of a host frame for sat::FilterEngine: 8-bit, and of either sample type (CV_8U, CV_16U).
inline sat::ConstImage8 const_view(const cv::Mat& m) { return {m.data, m.step[0], m.cols, m.rows, m.channels()}; }
inline sat::Image8 view(cv::Mat& m) { return {m.data, m.step[0], m.cols, m.rows, m.channels()}; }
inline sat::ConstImageView const_sample_view(const cv::Mat& m) {
  return {m.data, m.step[0], m.cols, m.rows, m.channels(), sample_of(m)};
}
inline sat::ImageView sample_view(cv::Mat& m) {
  return {m.data, m.step[0], m.cols, m.rows, m.channels(), sample_of(m)};
}

}  // namespace satfilter
