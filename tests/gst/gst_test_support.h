// Helpers of the plugin's tests: raw frames in GStreamer's layouts, pipelines that push frames
// through an element (appsrc → element → appsink), and the expected output computed with
// sat::FilterEngine on the same planes.
#pragma once

#include <gst/gst.h>
#include <gst/video/video.h>

#include <opencv2/core.hpp>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "sat/filters.h"

namespace gst_test {

// A frame in GStreamer's default layout for its info (strides rounded up to 4 bytes).
struct RawFrame {
  GstVideoInfo info{};
  std::vector<uint8_t> bytes;
  GstVideoFormat format() const { return GST_VIDEO_INFO_FORMAT(&info); }
};

RawFrame blank_frame(GstVideoFormat format, int width, int height);
// Plane `plane` as a satcore image of `channels` channels (the plane's own size and stride).
sat::Image8 plane_of(RawFrame& frame, int plane, int channels);
sat::ConstImage8 plane_of(const RawFrame& frame, int plane, int channels);

// A BGR photograph in `format`: packed formats by cv::cvtColor, I420/NV12 with luma = the gray
// photograph and chroma from its (subsampled) blue and red channels (any bytes do: the filter's
// rule is checked, not a colour conversion).
RawFrame frame_from_bgr(const cv::Mat& bgr, GstVideoFormat format);
// A frame of videotestsrc (pattern by nick, e.g. "smpte", "ball", "zone-plate"), frame `index`.
RawFrame videotestsrc_frame(const std::string& pattern, GstVideoFormat format, int width, int height, int index = 0);

// What the element must output for `input` in `out_format` (the rule of docs/gstreamer.md), from
// sat::FilterEngine's CPU backend on the same plane.
RawFrame expected_output(const sat::FilterSpec& spec, const RawFrame& input, GstVideoFormat out_format);

// "" when equal in every plane's visible bytes; else where they first differ.
std::string first_difference(const RawFrame& expected, const RawFrame& actual);

struct RunResult {
  std::vector<RawFrame> outputs;
  std::string error;        // the first error message on the bus, "" if none
  GQuark error_domain = 0;  // and its GError's domain and code
  int error_code = 0;
  std::string warning;  // the first warning message on the bus
};
// Pushes `inputs` through "appsrc ! <element> ! <out_caps> ! appsink"; out_caps may be "".
// `before_frame(element, i)` runs before frame i is pushed (property changes while PLAYING);
// `before_start(pipeline)` before the pipeline leaves NULL (contexts set on its elements).
RunResult run_frames(const std::string& element, const std::vector<RawFrame>& inputs, const std::string& out_caps = "",
                     const std::function<void(GstElement*, std::size_t)>& before_frame = {},
                     const std::function<void(GstElement*)>& before_start = {});

// A GLib warning logged while `action` ran (the plugin's log domain "satlab" or GObject's), "" if none.
std::string captured_warning(const std::function<void()>& action);

// A file of `bytes` in the temporary folder (the name made unique to the process), removed with
// the object.
struct TempFile {
  TempFile(const std::string& name, const std::string& bytes);
  ~TempFile();
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  std::filesystem::path path;
};

// A FIFO (named pipe) in the temporary folder, removed with the object.
struct Fifo {
  explicit Fifo(const std::string& name);
  ~Fifo();
  Fifo(const Fifo&) = delete;
  Fifo& operator=(const Fifo&) = delete;
  std::filesystem::path path;
};

// Runs `action` on a thread of its own and says whether it ended within `limit`. Past the limit,
// a reader left waiting on `fifo` (an element that opened it blocking) is given end-of-file, so
// that the action ends and the test fails instead of hanging; an action blocked anywhere else
// ends the process 30 s later.
bool ends_within(std::chrono::milliseconds limit, const std::function<void()>& action, const Fifo* fifo = nullptr);

// The element name of a catalog filter ("satbox").
std::string element_name(const sat::FilterInfo& filter);

}  // namespace gst_test
