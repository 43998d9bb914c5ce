// Where frames come from and go to: an image (one frame) or a video, chosen from the file name.
// Sources and sinks are not thread-safe; the pipelines use each from one thread at a time.
#pragma once

#include <opencv2/core.hpp>

#include "common/gst/decoder_choice.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "common/files/output_batch.h"
#include "sat/filter_image.h"

namespace satfilter {

// Video: a series of frames, from a video file or an image sequence (frame_%04d.png).
enum class MediaKind { Image, Video };

struct MediaInfo {
  MediaKind kind = MediaKind::Image;
  int width = 0;
  int height = 0;
  int channels = 3;  // 1 (gray), 3 (BGR) or 4 (BGRA); videos decode to BGR
  // Images and image sequences: 8- or 16-bit samples (PNG, TIFF, PGM/PPM hold 16); videos: 8-bit.
  sat::SampleType sample = sat::SampleType::U8;
  double fps = 0;            // videos
  int64_t frame_count = 1;   // as the container announces it; -1 when unknown
  int64_t first_number = 1;  // image sequences: the number of the first file (videos: 1, as ffmpeg)
  std::string decoder;       // videos: what decodes them, e.g. "OpenCV (FFmpeg)", "GStreamer (nvh264dec)"
};

// The sample type of a decoded frame: U16 for CV_16U, else U8 (the readers refuse other depths).
inline sat::SampleType sample_of(const cv::Mat& frame) {
  return frame.depth() == CV_16U ? sat::SampleType::U16 : sat::SampleType::U8;
}

class FrameSource {
 public:
  virtual ~FrameSource() = default;
  virtual const MediaInfo& info() const = 0;
  // Decodes the next frame into `frame`: info().height rows of info().width pixels of
  // info().channels channels of info().sample. When `frame` already has that size and type its buffer is
  // reused (so a Mat over pinned memory stays there). Returns false after the last frame.
  // Throws Failure(Runtime) on a decode error or a video that ends before its announced length.
  virtual bool read(cv::Mat& frame) = 0;
};

class FrameSink {
 public:
  virtual ~FrameSink() = default;
  // Encodes one frame (the size given at opening; 1, 3 or 4 channels).
  virtual void write(const cv::Mat& frame) = 0;
  // Completes the output and hands it to the run's OutputBatch (given at opening), which places
  // it when every output of the run is complete. A sink destroyed without finish() leaves
  // nothing behind.
  virtual void finish() = 0;
};

struct SinkOptions {
  std::string fourcc;      // videos: override the codec chosen from the extension
  bool overwrite = false;  // -y: the output may replace an existing file
  int quality = -1;        // 1..100 for encoders that take one (JPEG, WebP, MJPG); -1: their default
  std::string format;      // the image format of OUTPUT "-" (stdout), e.g. "png"
  double fps = 0;          // videos: the frame rate written (--fps); 0: the input's, else kDefaultFps
  std::function<void(const std::string&)> note;  // says what the user may not expect (a codec fallback)
};

// The frame rate of a video written from frames that have none (an image sequence).
constexpr int kDefaultFps = 25;

// The kind of media `path` names: from its extension, a sequence pattern (a video), or for "-"
// (stdout) from options.format. Throws Failure(Usage) for an unknown or missing format, or a
// --quality the format has no use for.
MediaKind media_kind_of_output(const std::string& path, const SinkOptions& options);

// Opens INPUT: "-" (an image on stdin), an image sequence pattern, an image when the extension
// is an image format OpenCV decodes (or the content is), else a video, decoded as `decoder` says
// (--decoder). Refuses images and videos of more than `max_pixels` pixels (--max-pixels; images
// from their header, before decoding). Throws Failure(Runtime) with a one-line reason.
std::unique_ptr<FrameSource> open_source(const std::string& path, std::uint64_t max_pixels, satapp::Decoder decoder);

// Opens OUTPUT (of `kind`, from media_kind_of_output) for frames of `input`'s size and frame
// rate. Creates the temporary file at once; its finish() hands the complete output to `outputs`.
// Throws Failure.
std::unique_ptr<FrameSink> open_sink(const std::string& path, MediaKind kind, const MediaInfo& input,
                                     const SinkOptions& options, satapp::files::OutputBatch& outputs);

}  // namespace satfilter
