// Video frames out of a GStreamer pipeline: a gst-launch description that satlab and satfilter
// end with an appsink of their own (`DESCRIPTION ! appsink`). The appsink takes system memory in
// the formats of satcore's table of layouts (sat/pixel_layout.h) and, when asked, `video/x-raw(memory:CUDAMemory)`
// (NV12, BGRx, RGBA...) whose device pointers go to the GPU pipeline as they are, in a CUDA context shared with the
// decoder (gst_cuda_context.h).
//
// Every wait is bounded: a pipeline that does not parse, link or preroll, an error on the bus
// mid-stream, or no frame for `timeout_s` is an Error naming the pipeline and GStreamer's message;
// the end of the stream (EOS) is not an error: next() returns null.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "common/frame/frame_view.h"

typedef struct _GstElement GstElement;
typedef struct _GstBus GstBus;
typedef struct _GstContext GstContext;

namespace satapp::gst {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A frame's planes as GStreamer laid them out, whatever its format (host memory only): for readers
// that convert frames themselves (ReaderOptions::system_caps).
struct RawFrame {
  std::string format;  // GStreamer's name, e.g. "I420", "Y444_10LE"
  int width = 0, height = 0;
  int planes = 0;
  const uint8_t* data[4] = {nullptr, nullptr, nullptr, nullptr};
  int stride[4] = {0, 0, 0, 0};  // bytes between rows of each plane
  bool full_range = false;       // YUV: the caps' colorimetry says 0..255
};

// One frame pulled from the appsink, mapped (host or device memory) for as long as it lives.
class Frame {
 public:
  virtual ~Frame() = default;
  // The frame in a layout of the table; a frame of another format (possible only with
  // ReaderOptions::system_caps) has an empty view (width and height 0).
  virtual const FrameView& view() const = 0;
  virtual const RawFrame& raw() const = 0;
};

struct ReaderOptions {
  // The appsink also takes CUDA memory (preferred), in `cuda_context` when one is given (else the
  // decoder's own, which satcore's kernels cannot use: give one).
  bool cuda_memory = false;
  GstContext* cuda_context = nullptr;  // a gst.cuda.context GstContext (not owned)
  // Frames delivered at the stream's pace (the appsink syncs to the clock), or as fast as they
  // are decoded.
  bool paced = false;
  double timeout_s = 20;  // the longest wait for a frame (the first one included)
  // What the appsink takes in system memory, as a caps string (e.g. "video/x-raw, format=(string)
  // { I420, Y444_10LE }"); empty: the layouts of the table. A reader that gives its own caps
  // builds its own pipeline, so a format that does not negotiate gets no advice to add a videoconvert.
  std::string system_caps;
  // The appsink also takes the table's layouts of 16-bit samples in system memory (GRAY16_LE,
  // P010_10LE, I420_10LE), after the 8-bit ones: for a reader that reads them as such (satlab's
  // pipelines); the others refuse them naming their depth.
  bool deep_samples = false;
};

class Reader {
 public:
  // Parses `description`, adds the appsink, starts the pipeline and waits for its first frame.
  // Throws Error (with the description and GStreamer's error) when it fails.
  Reader(std::string description, const ReaderOptions& options);
  ~Reader();
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;

  // The next frame: waits up to the timeout (`wait` false: returns null at once when none is
  // ready). Null at the end of the stream (ended() then says so). Throws Error for an error on the
  // bus or a stall.
  std::shared_ptr<const Frame> next(bool wait = true);
  bool ended() const { return ended_; }
  // Back to the first frame (a flushing seek), after the end of the stream too. Throws Error.
  void rewind();

  const std::string& description() const { return description_; }
  // The video decoders the pipeline runs, e.g. "nvh264dec" (", "-separated; "" for none).
  std::string decoders() const;
  // Frames per second from the negotiated caps; 0 when unknown (variable rate, live sources).
  double fps() const { return fps_; }

 private:
  std::shared_ptr<const Frame> pull(long long timeout_ns);
  void release() noexcept;  // the pipeline stopped and every handle given back
  void check_bus();         // throws Error on an error message
  [[noreturn]] void fail(const std::string& what);

  std::string description_;
  ReaderOptions options_;
  GstElement* pipeline_ = nullptr;
  GstElement* sink_ = nullptr;
  GstBus* bus_ = nullptr;
  std::shared_ptr<const Frame> first_;  // pulled by the constructor, handed out by next()
  double fps_ = 0;
  bool ended_ = false;
};

// The gst-launch description that decodes a file: uridecodebin, which picks the decoder by rank
// (NVDEC's nvh264dec / nvh265dec where the nvcodec plugin finds a GPU, else a software decoder).
std::string file_pipeline(const std::string& path);
// Whether GStreamer has an element of that name here (its plugin found); initialises GStreamer.
bool element_available(const char* name);
// Whether GStreamer can decode on NVDEC here (the nvcodec plugin registered an H.264 or H.265
// decoder); initialises GStreamer.
bool nvdec_available();
// Ranks the element factory `preferred` just above `over` in this process, so that decodebin picks
// it where both decode a stream; nothing when either is missing or the user ranks elements
// (GST_PLUGIN_FEATURE_RANK). Initialises GStreamer.
void prefer_element(const char* preferred, const char* over);
// Initialises GStreamer once; throws Error when it cannot.
void initialize();

}  // namespace satapp::gst
