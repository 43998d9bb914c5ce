#include "common/gst/gst_reader.h"

#include <gst/app/gstappsink.h>
#include <gst/gst.h>
#include <gst/video/video.h>

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <vector>

#if SATAPP_GST_CUDA
#include <gst/cuda/gstcudamemory.h>
#include <gst/cuda/gstcudautils.h>
#endif

namespace satapp::gst {

namespace {

constexpr const char* kSinkName = "satlab_appsink";
constexpr const char* kSystemCaps = "video/x-raw, format=(string){ BGR, BGRx, BGRA, RGBx, RGBA, GRAY8, NV12, I420 }";
constexpr const char* kDeepCaps = "video/x-raw, format=(string){ GRAY16_LE, P010_10LE, I420_10LE }";
constexpr const char* kCudaCaps =
    "video/x-raw(memory:CUDAMemory), format=(string){ NV12, BGRx, BGRA, RGBx, RGBA, I420 }";
constexpr long long kPollNs = 50 * GST_MSECOND;  // how often a wait looks at the bus

// The row of satcore's table of layouts (sat/pixel_layout.h) that has GStreamer's format's name;
// nullptr for the formats outside it.
const sat::PixelLayoutInfo* layout_of(GstVideoFormat format) {
  return sat::find_pixel_layout(gst_video_format_to_string(format));
}

YuvMatrix matrix_of(const GstVideoInfo& info) {
  gdouble kr = 0.299, kb = 0.114;  // BT.601 where the caps say nothing
  gst_video_color_matrix_get_Kr_Kb(info.colorimetry.matrix, &kr, &kb);
  return yuv_matrix(kr, kb, info.colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255);
}

class MappedFrame final : public Frame {
 public:
  // Takes `sample`. Throws Error when it cannot be mapped or, unless `any_format`, has a layout
  // outside satcore's table of layouts (sat/pixel_layout.h), or one of 16-bit samples unless `deep`.
  MappedFrame(GstSample* sample, bool any_format, bool deep) : sample_(sample) {
    GstCaps* caps = gst_sample_get_caps(sample_);
    GstBuffer* buffer = gst_sample_get_buffer(sample_);
    GstVideoInfo info;
    if (!caps || !buffer || !gst_video_info_from_caps(&info, caps)) fail("a sample without video caps or buffer");
    const sat::PixelLayoutInfo* row = layout_of(GST_VIDEO_INFO_FORMAT(&info));
    // The frame readers take 8-bit samples (pixel_to_bgr.h): a deeper row of the table (GRAY16_LE,
    // P010_10LE) is refused like a format outside it, never read as 8-bit bytes, unless the reader
    // was asked for them (ReaderOptions::deep_samples).
    const sat::PixelLayoutInfo* layout = row && (deep || !sat::is_deep(*row)) ? row : nullptr;
    if (!layout && !any_format)
      fail(std::string("unsupported format ") + gst_video_format_to_string(GST_VIDEO_INFO_FORMAT(&info)) +
           (row ? " (" + std::to_string(row->bits) + "-bit samples; only 8-bit formats are read)" : std::string()));
    const GstCapsFeatures* features = gst_caps_get_features(caps, 0);
    const bool device = features && gst_caps_features_contains(features, "memory:CUDAMemory");
    int flags = GST_MAP_READ;
#if SATAPP_GST_CUDA
    if (device) flags |= GST_MAP_CUDA;  // the device pointers, not a download
#else
    if (device) fail("CUDA memory in a build without gstreamer-cuda");
#endif
    if (!gst_video_frame_map(&frame_, &info, buffer, static_cast<GstMapFlags>(flags)))
      fail("the buffer cannot be mapped");
    mapped_ = true;
    raw_.format = gst_video_format_to_string(GST_VIDEO_INFO_FORMAT(&info));
    raw_.width = GST_VIDEO_INFO_WIDTH(&info);
    raw_.height = GST_VIDEO_INFO_HEIGHT(&info);
    raw_.planes = static_cast<int>(GST_VIDEO_FRAME_N_PLANES(&frame_));
    raw_.full_range = info.colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255;
    for (int p = 0; p < raw_.planes && p < 4; ++p) {
      raw_.data[p] = static_cast<const uint8_t*>(GST_VIDEO_FRAME_PLANE_DATA(&frame_, p));
      raw_.stride[p] = GST_VIDEO_FRAME_PLANE_STRIDE(&frame_, p);
    }
    if (!layout) return;  // view_ stays empty
    view_.layout = layout->layout;
    view_.width = raw_.width;
    view_.height = raw_.height;
    view_.on_device = device;
    view_.yuv = matrix_of(info);
    for (int p = 0; p < layout->planes; ++p) {
      view_.plane[p] = raw_.data[p];
      view_.pitch[p] = static_cast<std::size_t>(raw_.stride[p]);
    }
  }
  ~MappedFrame() override {
    if (mapped_) gst_video_frame_unmap(&frame_);
    gst_sample_unref(sample_);
  }
  MappedFrame(const MappedFrame&) = delete;
  MappedFrame& operator=(const MappedFrame&) = delete;
  const FrameView& view() const override { return view_; }
  const RawFrame& raw() const override { return raw_; }

 private:
  [[noreturn]] void fail(const std::string& why) {
    if (mapped_) gst_video_frame_unmap(&frame_);
    gst_sample_unref(sample_);
    throw Error(why);
  }

  GstSample* sample_;
  GstVideoFrame frame_{};
  bool mapped_ = false;
  FrameView view_;
  RawFrame raw_;
};

// The text of an error or warning message: "MESSAGE (from ELEMENT: DEBUG)", with the advice to
// end the pipeline with videoconvert when it did not negotiate and `advise` (a user's pipeline).
std::string message_text(GstMessage* message, bool advise) {
  GError* error = nullptr;
  gchar* debug = nullptr;
  if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR)
    gst_message_parse_error(message, &error, &debug);
  else
    gst_message_parse_warning(message, &error, &debug);
  std::string text = error ? error->message : "unknown error";
  text += std::string(" (from ") + (GST_MESSAGE_SRC(message) ? GST_OBJECT_NAME(GST_MESSAGE_SRC(message)) : "?");
  if (debug) text += std::string(": ") + debug;
  text += ")";
  std::replace(text.begin(), text.end(), '\n', ' ');  // one line for logs and messages
  if (advise && text.find("not-negotiated") != std::string::npos)
    text +=
        "; the appsink takes video/x-raw in BGR, BGRx, BGRA, RGBx, RGBA, GRAY8, NV12 or I420 (or CUDA memory"
        " in NV12, BGRx, BGRA, RGBx, RGBA, I420): end the pipeline with videoconvert for other formats";
  if (error) g_error_free(error);
  g_free(debug);
  return text;
}

#if SATAPP_GST_CUDA
// Answers a CUDA element's request for a context with ours (the bus's sync handler, on the
// element's thread), so that it decodes into memory of the runtime's context.
GstBusSyncReply answer_context(GstBus*, GstMessage* message, gpointer context) {
  const gchar* type = nullptr;
  if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_NEED_CONTEXT && gst_message_parse_context_type(message, &type) &&
      g_strcmp0(type, GST_CUDA_CONTEXT_TYPE) == 0)
    gst_element_set_context(GST_ELEMENT(GST_MESSAGE_SRC(message)), static_cast<GstContext*>(context));
  return GST_BUS_PASS;
}
#endif

}  // namespace

void initialize() {
  static std::once_flag once;
  static std::string problem;
  std::call_once(once, [] {
    GError* error = nullptr;
    if (!gst_init_check(nullptr, nullptr, &error)) {
      problem = std::string("GStreamer cannot start: ") + (error ? error->message : "unknown error");
      if (error) g_error_free(error);
    }
  });
  if (!problem.empty()) throw Error(problem);
}

bool element_available(const char* name) {
  initialize();
  GstElementFactory* factory = gst_element_factory_find(name);
  if (factory) gst_object_unref(factory);
  return factory != nullptr;
}

void prefer_element(const char* preferred, const char* over) {
  initialize();
  if (std::getenv("GST_PLUGIN_FEATURE_RANK")) return;
  GstElementFactory* first = gst_element_factory_find(preferred);
  GstElementFactory* second = gst_element_factory_find(over);
  if (first && second) {
    const guint rank = gst_plugin_feature_get_rank(GST_PLUGIN_FEATURE(second));
    if (gst_plugin_feature_get_rank(GST_PLUGIN_FEATURE(first)) <= rank)
      gst_plugin_feature_set_rank(GST_PLUGIN_FEATURE(first), rank + 1);
  }
  if (first) gst_object_unref(first);
  if (second) gst_object_unref(second);
}

bool nvdec_available() { return element_available("nvh264dec") || element_available("nvh265dec"); }

std::string file_pipeline(const std::string& path) {
  initialize();
  GError* error = nullptr;
  gchar* uri = gst_filename_to_uri(path.c_str(), &error);
  if (!uri) {
    const std::string why = error ? error->message : "not a file name";
    if (error) g_error_free(error);
    throw Error("\"" + path + "\": " + why);
  }
  // A percent-escaped URI has no space or quote that the description's syntax would split on.
  std::string description = std::string("uridecodebin uri=") + uri;
  g_free(uri);
  return description;
}

Reader::Reader(std::string description, const ReaderOptions& options)
    : description_(std::move(description)), options_(options) {
  initialize();
  const std::string full = description_ + " ! appsink name=" + kSinkName;
  GError* error = nullptr;
  pipeline_ = gst_parse_launch_full(full.c_str(), nullptr, GST_PARSE_FLAG_FATAL_ERRORS, &error);
  if (!pipeline_ || error) {
    const std::string why = error ? error->message : "unknown error";
    if (error) g_error_free(error);
    if (pipeline_) gst_object_unref(pipeline_);
    pipeline_ = nullptr;
    throw Error("GStreamer pipeline \"" + description_ + "\" does not parse: " + why);
  }
  if (!GST_IS_BIN(pipeline_)) {
    gst_object_unref(pipeline_);
    pipeline_ = nullptr;
    throw Error("GStreamer pipeline \"" + description_ + "\" does not parse into a pipeline");
  }
  sink_ = gst_bin_get_by_name(GST_BIN(pipeline_), kSinkName);
  bus_ = gst_element_get_bus(pipeline_);
  std::string caps_text = options_.system_caps.empty() ? kSystemCaps : options_.system_caps;
  if (options_.deep_samples && options_.system_caps.empty()) caps_text += std::string("; ") + kDeepCaps;
#if SATAPP_GST_CUDA
  if (options_.cuda_memory) caps_text = std::string(kCudaCaps) + "; " + caps_text;  // CUDA memory first
  if (options_.cuda_memory && options_.cuda_context) {
    gst_element_set_context(pipeline_, options_.cuda_context);  // the elements there now and added later
    gst_bus_set_sync_handler(bus_, answer_context, options_.cuda_context, nullptr);
  }
#endif
  GstCaps* caps = gst_caps_from_string(caps_text.c_str());
  // Two buffers at most wait in the appsink: the decoder blocks instead of filling memory.
  g_object_set(sink_, "caps", caps, "sync", options_.paced ? TRUE : FALSE, "max-buffers", 2u, "drop", FALSE,
               "enable-last-sample", FALSE, nullptr);
  gst_caps_unref(caps);
  try {
    if (gst_element_set_state(pipeline_, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE) {
      check_bus();  // the element's own error says more than the state change
      fail("it cannot start (state change to PLAYING failed)");
    }
    first_ = pull(static_cast<long long>(options_.timeout_s * GST_SECOND));
    if (!first_) fail(ended_ ? "the stream ended before its first frame" : "no first frame");
    GstPad* pad = gst_element_get_static_pad(sink_, "sink");
    if (GstCaps* negotiated = pad ? gst_pad_get_current_caps(pad) : nullptr) {
      GstVideoInfo info;
      if (gst_video_info_from_caps(&info, negotiated) && info.fps_n > 0 && info.fps_d > 0)
        fps_ = static_cast<double>(info.fps_n) / info.fps_d;
      gst_caps_unref(negotiated);
    }
    if (pad) gst_object_unref(pad);
  } catch (...) {
    release();  // no destructor runs for an object whose constructor threw
    throw;
  }
}

Reader::~Reader() { release(); }

void Reader::release() noexcept {
  first_.reset();
  if (pipeline_) {
    gst_element_set_state(pipeline_, GST_STATE_NULL);
    gst_object_unref(pipeline_);
    pipeline_ = nullptr;
  }
  if (sink_) gst_object_unref(sink_);
  sink_ = nullptr;
  if (bus_) {
    gst_bus_set_sync_handler(bus_, nullptr, nullptr, nullptr);
    gst_object_unref(bus_);
  }
  bus_ = nullptr;
}

void Reader::fail(const std::string& what) { throw Error("GStreamer pipeline \"" + description_ + "\": " + what); }

void Reader::check_bus() {
  // Every message, so that none piles up on the bus. The end of the stream is the appsink's
  // (gst_app_sink_is_eos: after its last frame was pulled), not the bus's EOS, which may come late
  // and would end the stream again after a rewind.
  while (GstMessage* message = gst_bus_pop(bus_)) {
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR) {
      const std::string text = message_text(message, options_.system_caps.empty());
      gst_message_unref(message);
      fail(text);
    }
    gst_message_unref(message);
  }
}

std::shared_ptr<const Frame> Reader::pull(long long timeout_ns) {
  long long waited = 0;
  while (true) {
    const long long slice = timeout_ns <= 0 ? 0 : std::min(kPollNs, timeout_ns - waited);
    if (GstSample* sample = gst_app_sink_try_pull_sample(GST_APP_SINK(sink_), slice)) {
      try {
        return std::make_shared<MappedFrame>(sample, !options_.system_caps.empty(), options_.deep_samples);
      } catch (const Error& e) {
        fail(e.what());
      }
    }
    check_bus();
    if (gst_app_sink_is_eos(GST_APP_SINK(sink_))) ended_ = true;
    if (ended_) return nullptr;
    waited += slice;
    if (waited >= timeout_ns) {
      if (timeout_ns <= 0) return nullptr;  // asked not to wait
      char text[96];
      std::snprintf(text, sizeof text, "no frame within %.3g s (stalled)", options_.timeout_s);
      fail(text);
    }
  }
}

std::shared_ptr<const Frame> Reader::next(bool wait) {
  if (first_) return std::move(first_);
  if (ended_) return nullptr;
  return pull(wait ? static_cast<long long>(options_.timeout_s * GST_SECOND) : 0);
}

void Reader::rewind() {
  first_.reset();
  const auto flags = static_cast<GstSeekFlags>(GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_KEY_UNIT);
  if (!gst_element_seek_simple(pipeline_, GST_FORMAT_TIME, flags, 0)) fail("it cannot seek back to its start");
  check_bus();  // the messages of the stream that ended
  ended_ = false;
}

std::string Reader::decoders() const {
  std::string names;
  GstIterator* it = gst_bin_iterate_recurse(GST_BIN(pipeline_));
  GValue item = G_VALUE_INIT;
  while (gst_iterator_next(it, &item) == GST_ITERATOR_OK) {
    GstElement* element = GST_ELEMENT(g_value_get_object(&item));
    if (GstElementFactory* factory = gst_element_get_factory(element)) {
      const gchar* klass = gst_element_factory_get_metadata(factory, GST_ELEMENT_METADATA_KLASS);
      if (klass && g_strrstr(klass, "Decoder") && g_strrstr(klass, "Video")) {
        if (!names.empty()) names += ", ";
        names += GST_OBJECT_NAME(factory);
      }
    }
    g_value_reset(&item);
  }
  g_value_unset(&item);
  gst_iterator_free(it);
  return names;
}

}  // namespace satapp::gst
