#include "gst_test_support.h"

#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>

#include <opencv2/imgproc.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <future>
#include <memory>
#include <stdexcept>
#include <thread>

namespace gst_test {
namespace {

struct Unref {
  void operator()(GstElement* e) const { gst_object_unref(e); }
  void operator()(GstBus* b) const { gst_object_unref(b); }
  void operator()(GstSample* s) const { gst_sample_unref(s); }
  void operator()(GstCaps* c) const { gst_caps_unref(c); }
  void operator()(GstMessage* m) const { gst_message_unref(m); }
};
template <class T>
using Owned = std::unique_ptr<T, Unref>;

int plane_width(const GstVideoInfo& info, int plane) {
  gint components[GST_VIDEO_MAX_COMPONENTS];
  gst_video_format_info_component(info.finfo, guint(plane), components);
  return GST_VIDEO_INFO_COMP_WIDTH(&info, components[0]) * GST_VIDEO_INFO_COMP_PSTRIDE(&info, components[0]);
}

int plane_height(const GstVideoInfo& info, int plane) {
  gint components[GST_VIDEO_MAX_COMPONENTS];
  gst_video_format_info_component(info.finfo, guint(plane), components);
  return GST_VIDEO_INFO_COMP_HEIGHT(&info, components[0]);
}

int packed_channels(GstVideoFormat format) {
  switch (format) {
    case GST_VIDEO_FORMAT_BGR:
      return 3;
    case GST_VIDEO_FORMAT_BGRx:
    case GST_VIDEO_FORMAT_BGRA:
    case GST_VIDEO_FORMAT_RGBA:
      return 4;
    default:
      return 1;
  }
}

bool planar_yuv(GstVideoFormat format) { return format == GST_VIDEO_FORMAT_I420 || format == GST_VIDEO_FORMAT_NV12; }

cv::Mat wrap(sat::Image8 image) {
  return cv::Mat(image.height, image.width, CV_8UC(image.channels), image.data, image.pitch);
}
cv::Mat wrap(sat::ConstImage8 image) {
  return cv::Mat(image.height, image.width, CV_8UC(image.channels), const_cast<uint8_t*>(image.data), image.pitch);
}

// The copy of a mapped frame in the default layout of its info.
RawFrame copy_of(GstVideoFrame* mapped) {
  RawFrame frame =
      blank_frame(GST_VIDEO_FRAME_FORMAT(mapped), GST_VIDEO_FRAME_WIDTH(mapped), GST_VIDEO_FRAME_HEIGHT(mapped));
  for (guint plane = 0; plane < GST_VIDEO_FRAME_N_PLANES(mapped); ++plane) {
    const int row = plane_width(frame.info, int(plane));
    for (int y = 0; y < plane_height(frame.info, int(plane)); ++y)
      std::memcpy(
          frame.bytes.data() + frame.info.offset[plane] + std::size_t(y) * std::size_t(frame.info.stride[plane]),
          static_cast<const uint8_t*>(GST_VIDEO_FRAME_PLANE_DATA(mapped, plane)) +
              std::size_t(y) * std::size_t(GST_VIDEO_FRAME_PLANE_STRIDE(mapped, plane)),
          std::size_t(row));
  }
  return frame;
}

// The first error (or warning) of a bus, as text.
std::string message_text(GstMessage* message) {
  GError* error = nullptr;
  gchar* debug = nullptr;
  if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR)
    gst_message_parse_error(message, &error, &debug);
  else
    gst_message_parse_warning(message, &error, &debug);
  std::string text = error ? error->message : "";
  g_clear_error(&error);
  g_free(debug);
  return text;
}

void drain_bus(GstBus* bus, RunResult& result) {
  while (GstMessage* message = gst_bus_pop_filtered(bus, GstMessageType(GST_MESSAGE_ERROR | GST_MESSAGE_WARNING))) {
    const bool error = GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR;
    std::string& slot = error ? result.error : result.warning;
    if (error && slot.empty()) {
      GError* e = nullptr;
      gst_message_parse_error(message, &e, nullptr);
      result.error_domain = e ? e->domain : 0;
      result.error_code = e ? e->code : 0;
      g_clear_error(&e);
    }
    if (slot.empty()) slot = message_text(message);
    gst_message_unref(message);
  }
}

}  // namespace

std::string element_name(const sat::FilterInfo& filter) {
  std::string name = "sat";
  for (char c : filter.name)
    if (c != '-') name += c;
  return name;
}

RawFrame blank_frame(GstVideoFormat format, int width, int height) {
  RawFrame frame;
  gst_video_info_set_format(&frame.info, format, guint(width), guint(height));
  frame.bytes.assign(GST_VIDEO_INFO_SIZE(&frame.info), 0);
  return frame;
}

sat::Image8 plane_of(RawFrame& frame, int plane, int channels) {
  return {frame.bytes.data() + frame.info.offset[plane], std::size_t(frame.info.stride[plane]),
          plane_width(frame.info, plane) / channels, plane_height(frame.info, plane), channels};
}

sat::ConstImage8 plane_of(const RawFrame& frame, int plane, int channels) {
  return plane_of(const_cast<RawFrame&>(frame), plane, channels);
}

RawFrame frame_from_bgr(const cv::Mat& bgr, GstVideoFormat format) {
  RawFrame frame = blank_frame(format, bgr.cols, bgr.rows);
  cv::Mat gray;
  cv::cvtColor(bgr, gray, cv::COLOR_BGR2GRAY);
  switch (format) {
    case GST_VIDEO_FORMAT_GRAY8:
      gray.copyTo(wrap(plane_of(frame, 0, 1)));
      break;
    case GST_VIDEO_FORMAT_BGR:
      bgr.copyTo(wrap(plane_of(frame, 0, 3)));
      break;
    case GST_VIDEO_FORMAT_BGRx:
    case GST_VIDEO_FORMAT_BGRA: {
      cv::Mat bgra;
      cv::cvtColor(bgr, bgra, cv::COLOR_BGR2BGRA);
      // An alpha that varies (the gray image), so that a filter of 4 channels is seen to take it.
      cv::insertChannel(gray, bgra, 3);
      bgra.copyTo(wrap(plane_of(frame, 0, 4)));
      break;
    }
    case GST_VIDEO_FORMAT_RGBA: {
      cv::Mat rgba;
      cv::cvtColor(bgr, rgba, cv::COLOR_BGR2RGBA);
      cv::insertChannel(gray, rgba, 3);
      rgba.copyTo(wrap(plane_of(frame, 0, 4)));
      break;
    }
    case GST_VIDEO_FORMAT_I420:
    case GST_VIDEO_FORMAT_NV12: {
      gray.copyTo(wrap(plane_of(frame, 0, 1)));
      const int cw = (bgr.cols + 1) / 2, ch = (bgr.rows + 1) / 2;
      cv::Mat small;
      cv::resize(bgr, small, {cw, ch}, 0, 0, cv::INTER_AREA);
      cv::Mat channels[3];
      cv::split(small, channels);
      if (format == GST_VIDEO_FORMAT_I420) {
        channels[0].copyTo(wrap(plane_of(frame, 1, 1)));
        channels[2].copyTo(wrap(plane_of(frame, 2, 1)));
      } else {
        cv::Mat uv;
        cv::merge(std::vector<cv::Mat>{channels[0], channels[2]}, uv);
        uv.copyTo(wrap(plane_of(frame, 1, 2)));
      }
      break;
    }
    default:
      throw std::invalid_argument("frame_from_bgr: format not in the test's list");
  }
  return frame;
}

RawFrame videotestsrc_frame(const std::string& pattern, GstVideoFormat format, int width, int height, int index) {
  const std::string description = "videotestsrc pattern=" + pattern + " num-buffers=" + std::to_string(index + 1) +
                                  " ! video/x-raw,format=" + gst_video_format_to_string(format) +
                                  ",width=" + std::to_string(width) + ",height=" + std::to_string(height) +
                                  " ! appsink name=sink sync=false";
  GError* error = nullptr;
  Owned<GstElement> pipeline(gst_parse_launch(description.c_str(), &error));
  if (!pipeline) throw std::runtime_error("cannot build " + description + ": " + (error ? error->message : "?"));
  Owned<GstElement> sink(gst_bin_get_by_name(GST_BIN(pipeline.get()), "sink"));
  gst_element_set_state(pipeline.get(), GST_STATE_PLAYING);
  RawFrame frame;
  for (int i = 0; i <= index; ++i) {
    Owned<GstSample> sample(gst_app_sink_try_pull_sample(GST_APP_SINK(sink.get()), 10 * GST_SECOND));
    if (!sample) break;
    if (i < index) continue;
    GstVideoInfo info;
    gst_video_info_from_caps(&info, gst_sample_get_caps(sample.get()));
    GstVideoFrame mapped;
    if (gst_video_frame_map(&mapped, &info, gst_sample_get_buffer(sample.get()), GST_MAP_READ)) {
      frame = copy_of(&mapped);
      gst_video_frame_unmap(&mapped);
    }
  }
  gst_element_set_state(pipeline.get(), GST_STATE_NULL);
  if (frame.bytes.empty()) throw std::runtime_error("no frame from " + description);
  return frame;
}

RawFrame expected_output(const sat::FilterSpec& spec, const RawFrame& input, GstVideoFormat out_format) {
  const int width = GST_VIDEO_INFO_WIDTH(&input.info), height = GST_VIDEO_INFO_HEIGHT(&input.info);
  RawFrame out = blank_frame(out_format, width, height);
  sat::FilterEngine engine(sat::Backend::Cpu, {width, height});
  const GstVideoFormat in_format = input.format();
  const int in_channels = packed_channels(in_format);
  // satcore reads 4 channels as BGRA: RGBA is filtered as its BGRA twin and swapped back.
  cv::Mat src = wrap(plane_of(input, 0, in_channels)).clone();
  if (in_format == GST_VIDEO_FORMAT_RGBA) cv::cvtColor(src, src, cv::COLOR_RGBA2BGRA);
  const int out_channels = sat::output_channels(spec, in_channels);
  cv::Mat dst(height, width, CV_8UC(out_channels));
  engine.apply(spec, sat::ConstImage8{src.data, src.step, width, height, in_channels},
               sat::Image8{dst.data, dst.step, width, height, out_channels});
  const int format_channels = packed_channels(out_format);
  if (out_channels == 1 && format_channels > 1) {
    // A gray result in a colour format: gray in B, G and R; the 4th channel is the input's.
    std::vector<cv::Mat> planes(3, dst);
    if (format_channels == 4) {
      planes.emplace_back();  // its own pixels, not dst's
      cv::extractChannel(wrap(plane_of(input, 0, 4)), planes[3], 3);
    }
    cv::merge(planes, dst);
  } else if (out_format == GST_VIDEO_FORMAT_RGBA) {
    cv::cvtColor(dst, dst, cv::COLOR_BGRA2RGBA);
  }
  dst.copyTo(wrap(plane_of(out, 0, format_channels)));
  if (planar_yuv(out_format)) {
    const bool gray_filter = sat::info_of(spec).output == sat::FilterOutput::Gray;
    for (int plane = 1; plane < int(GST_VIDEO_INFO_N_PLANES(&out.info)); ++plane) {
      const int channels = out_format == GST_VIDEO_FORMAT_NV12 ? 2 : 1;
      cv::Mat chroma = wrap(plane_of(out, plane, channels));
      if (gray_filter)
        chroma.setTo(cv::Scalar::all(128));
      else
        wrap(plane_of(input, plane, channels)).copyTo(chroma);
    }
  }
  return out;
}

std::string first_difference(const RawFrame& expected, const RawFrame& actual) {
  if (expected.format() != actual.format() || expected.info.width != actual.info.width ||
      expected.info.height != actual.info.height)
    return std::string("frame is ") + gst_video_format_to_string(actual.format()) + " " +
           std::to_string(actual.info.width) + "x" + std::to_string(actual.info.height) + ", expected " +
           gst_video_format_to_string(expected.format()) + " " + std::to_string(expected.info.width) + "x" +
           std::to_string(expected.info.height);
  for (int plane = 0; plane < int(GST_VIDEO_INFO_N_PLANES(&expected.info)); ++plane) {
    const int row = plane_width(expected.info, plane);
    for (int y = 0; y < plane_height(expected.info, plane); ++y) {
      const uint8_t* e =
          expected.bytes.data() + expected.info.offset[plane] + std::size_t(y) * expected.info.stride[plane];
      const uint8_t* a = actual.bytes.data() + actual.info.offset[plane] + std::size_t(y) * actual.info.stride[plane];
      for (int x = 0; x < row; ++x)
        if (e[x] != a[x])
          return "plane " + std::to_string(plane) + " row " + std::to_string(y) + " byte " + std::to_string(x) +
                 ": got " + std::to_string(a[x]) + ", expected " + std::to_string(e[x]);
    }
  }
  return "";
}

RunResult run_frames(const std::string& element, const std::vector<RawFrame>& inputs, const std::string& out_caps,
                     const std::function<void(GstElement*, std::size_t)>& before_frame,
                     const std::function<void(GstElement*)>& before_start) {
  const std::string description = "appsrc name=src format=time ! " + element + " name=filter ! " +
                                  (out_caps.empty() ? "" : out_caps + " ! ") + "appsink name=sink sync=false";
  RunResult result;
  GError* error = nullptr;
  Owned<GstElement> pipeline(gst_parse_launch(description.c_str(), &error));
  if (!pipeline || error) {
    result.error = "cannot build " + description + ": " + (error ? error->message : "?");
    g_clear_error(&error);
    return result;
  }
  Owned<GstElement> src(gst_bin_get_by_name(GST_BIN(pipeline.get()), "src"));
  Owned<GstElement> filter(gst_bin_get_by_name(GST_BIN(pipeline.get()), "filter"));
  Owned<GstElement> sink(gst_bin_get_by_name(GST_BIN(pipeline.get()), "sink"));
  Owned<GstBus> bus(gst_element_get_bus(pipeline.get()));
  if (before_start) before_start(pipeline.get());
  gst_element_set_state(pipeline.get(), GST_STATE_PLAYING);
  const GstVideoInfo* current = nullptr;
  for (std::size_t i = 0; i < inputs.size() && result.error.empty(); ++i) {
    const RawFrame& frame = inputs[i];
    if (!current || !gst_video_info_is_equal(current, &frame.info)) {  // new caps: renegotiation
      Owned<GstCaps> caps(gst_video_info_to_caps(&frame.info));
      g_object_set(src.get(), "caps", caps.get(), nullptr);
      current = &frame.info;
    }
    if (before_frame) before_frame(filter.get(), i);
    GstBuffer* buffer = gst_buffer_new_memdup(frame.bytes.data(), frame.bytes.size());
    GST_BUFFER_PTS(buffer) = GstClockTime(i) * GST_SECOND / 30;
    GST_BUFFER_DURATION(buffer) = GST_SECOND / 30;
    gst_app_src_push_buffer(GST_APP_SRC(src.get()), buffer);
    // One frame at a time: a property set before frame i applies from frame i on, exactly.
    for (int waited = 0; waited < 100 && result.error.empty(); ++waited) {
      Owned<GstSample> sample(gst_app_sink_try_pull_sample(GST_APP_SINK(sink.get()), GST_SECOND / 10));
      drain_bus(bus.get(), result);
      if (!sample) continue;
      GstVideoInfo info;
      GstVideoFrame mapped;
      if (gst_video_info_from_caps(&info, gst_sample_get_caps(sample.get())) &&
          gst_video_frame_map(&mapped, &info, gst_sample_get_buffer(sample.get()), GST_MAP_READ)) {
        result.outputs.push_back(copy_of(&mapped));
        gst_video_frame_unmap(&mapped);
      }
      break;
    }
  }
  if (result.error.empty()) {
    gst_app_src_end_of_stream(GST_APP_SRC(src.get()));
    Owned<GstMessage> done(
        gst_bus_timed_pop_filtered(bus.get(), 10 * GST_SECOND, GstMessageType(GST_MESSAGE_EOS | GST_MESSAGE_ERROR)));
    (void)done;
  }
  drain_bus(bus.get(), result);
  gst_element_set_state(pipeline.get(), GST_STATE_NULL);
  return result;
}

namespace {
std::string* capture_target = nullptr;
void capture(const gchar*, GLogLevelFlags, const gchar* message, gpointer) {
  if (capture_target && capture_target->empty()) *capture_target = message;
}
}  // namespace

std::string captured_warning(const std::function<void()>& action) {
  std::string warning;
  capture_target = &warning;
  const guint ours = g_log_set_handler("satlab", G_LOG_LEVEL_WARNING, capture, nullptr);
  const guint gobject = g_log_set_handler("GLib-GObject", G_LOG_LEVEL_WARNING, capture, nullptr);
  action();
  g_log_remove_handler("satlab", ours);
  g_log_remove_handler("GLib-GObject", gobject);
  capture_target = nullptr;
  return warning;
}

namespace {
std::filesystem::path temporary_path(const std::string& name) {
  return std::filesystem::temp_directory_path() / (name + "." + std::to_string(::getpid()));
}
}  // namespace

TempFile::TempFile(const std::string& name, const std::string& bytes) : path(temporary_path(name)) {
  std::ofstream(path, std::ios::binary) << bytes;
}

TempFile::~TempFile() { std::filesystem::remove(path); }

Fifo::Fifo(const std::string& name) : path(temporary_path(name)) {
  std::filesystem::remove(path);
  if (::mkfifo(path.c_str(), 0600) != 0)
    throw std::runtime_error("mkfifo " + path.string() + ": " + std::strerror(errno));
}

Fifo::~Fifo() { std::filesystem::remove(path); }

bool ends_within(std::chrono::milliseconds limit, const std::function<void()>& action, const Fifo* fifo) {
  std::packaged_task<void()> task(action);
  std::future<void> done = task.get_future();
  std::thread thread(std::move(task));
  const bool in_time = done.wait_for(limit) == std::future_status::ready;
  // A reader blocked in open() or read() of the FIFO: a writer that comes and goes gives it
  // end-of-file. Opening for writing without blocking fails (ENXIO) until a reader is there.
  // An action blocked anywhere else cannot be released: the process ends rather than hangs.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (done.wait_for(std::chrono::milliseconds(10)) != std::future_status::ready) {
    const int fd = fifo ? ::open(fifo->path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC) : -1;
    if (fd >= 0) ::close(fd);
    if (std::chrono::steady_clock::now() > give_up) {
      std::fprintf(stderr, "an action still blocked 30 s past its limit\n");
      std::abort();
    }
  }
  thread.join();
  done.get();  // the action's exception, if any
  return in_time;
}

}  // namespace gst_test
