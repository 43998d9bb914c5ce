// A producer of frames (satapp::Frame): 8-bit BGR images on the host (CV_8UC3), whatever the
// source delivers natively, or frames where they lie in GPU memory (a GStreamer decoder's).
#pragma once

#include <opencv2/core.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "common/frame/host_frame.h"
#include "common/gst/decoder_choice.h"
#include "sources/source_spec.h"

namespace satlab {

// A source that cannot go on (camera missing or unplugged, file unreadable or corrupt).
class SourceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What a source did at open, before its first frame: a video read (rawvideo:) or decoded
// (--preload) into memory. Reported apart from the frame timings, which it is not part of.
struct SourceLoad {
  long long frames = 0;
  double ms = 0;          // wall time of reading or decoding them all
  std::size_t bytes = 0;  // the frames held in memory (BGR)
  bool decoded = false;   // through a codec (a video file), or read as they are (a raw file)
};

// e.g. "60 frames read in 212.4 ms (3.54 ms per frame), 355.9 MiB in memory".
std::string describe(const SourceLoad& load);
// An amount of memory for messages: "355.9 MiB"; under 0.1 MiB in bytes ("6912 bytes").
std::string memory_size_text(double bytes);

// Called from the frame loop's thread only; sources that capture on a thread of their own
// (the camera) synchronise internally.
class FrameSource {
 public:
  virtual ~FrameSource() = default;

  // For the UI and messages, e.g. "camera 0 (640x480 @ 30 fps)".
  virtual std::string name() const = 0;

  // Polls for the next frame at `now_s` (seconds on the steady clock). Returns true and sets
  // `frame` when a new one is ready; false when the previous frame still stands (`frame` is left
  // alone). A frame the source makes itself is written into `buffer` as 8-bit BGR (reusing its
  // memory when it has the frame's size: the GPU pipeline's page-locked staging, so that the frame
  // needs no copy) and `frame` views it; a decoder's frame (GStreamer's, in host or CUDA memory)
  // is handed over where it lies and in its layout (NV12, I420, GRAY8...), `buffer` left alone:
  // the pipelines read its luma plane for the gray filters. Throws SourceError when the source
  // failed for good.
  virtual bool poll(satapp::Frame& frame, cv::Mat& buffer, double now_s) = 0;

  // Frames per second the source delivers at; 0 when it delivers whenever asked.
  virtual double nominal_fps() const { return 0; }

  // Videos: decode as fast as possible (true) or at the file's frame rate (false). Others ignore it.
  virtual void set_fast(bool /*fast*/) {}

  // What loading cost, for sources that load everything at open (videos in memory); else nullopt.
  virtual std::optional<SourceLoad> load() const { return std::nullopt; }

  // The source has no more frames (a GStreamer pipeline's end of stream): the run ends.
  virtual bool ended() const { return false; }
};

// --preload-mb's default: the frames of a video held in memory, in MiB (about 690 frames of
// 1920x1080, 170 of 3840x2160).
inline constexpr int kDefaultPreloadMiB = 4096;

struct SourceOpenOptions {
  bool video_fast = false;  // videos: as fast as possible instead of at the file's fps
  // Video files: every frame decoded into memory at open, then played from there (--preload).
  bool preload = false;
  // The most bytes of frames a video in memory may hold (--preload, rawvideo:); one that needs
  // more is refused at open, before its frames are allocated.
  std::size_t memory_cap_bytes = static_cast<std::size_t>(kDefaultPreloadMiB) << 20;
  // Videos in memory play as fast as possible whatever video_fast says: set for runs that do not
  // wait for the display (headless, --no-vsync), which measure the frame period.
  bool memory_unpaced = false;
  // The largest frame width or height the display shows (its GL_MAX_TEXTURE_SIZE); a source
  // with larger frames is refused with that limit (SourceController). 0: no limit.
  int max_frame_side = 0;
  // Video files: which library decodes them (--decoder; auto: GStreamer where NVDEC is).
  satapp::Decoder decoder = satapp::Decoder::Auto;
  // GStreamer sources may hand frames over in CUDA memory (the CUDA backend runs).
  bool cuda_frames = false;
};

// Opens the source `spec` names (not Kind::Default: the controller resolves that). Throws
// SourceError with the reason when it cannot be opened.
std::unique_ptr<FrameSource> open_source(const SourceSpec& spec, const SourceOpenOptions& options);

// Any 8-bit 1-, 3- or 4-channel image converted or copied into `bgr` (CV_8UC3; its buffer is
// reused when the size matches). Throws SourceError for other depths or channel counts.
void to_bgr8(const cv::Mat& image, cv::Mat& bgr, const std::string& what);
// Any 16-bit 1-, 3- or 4-channel image as 16-bit gray in `gray` (CV_16UC1): a gray one copied, a
// colour one through OpenCV's BGR(A) → gray. Throws SourceError for other depths or channel counts.
void to_gray16(const cv::Mat& image, cv::Mat& gray, const std::string& what);

}  // namespace satlab
