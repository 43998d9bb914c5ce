#include "video_io.h"

#include <strings.h>
#include <sys/stat.h>

#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>
#include <opencv2/videoio/registry.hpp>

#include <cmath>
#include <cstdio>

#include "atomic_output.h"
#include "common/files/stderr_silencer.h"
#include "failure.h"
#include "ffmpeg_video_writer.h"
#include "written_video.h"

namespace satfilter {
namespace {

// A container's frame count is exact for AVI and MP4 (an index), an estimate from duration × fps
// for others (MKV, WebM), which can be one too high. A video that yields fewer frames than that
// is reported as ended early / corrupt.
constexpr int64_t kFrameCountSlack = 1;

class VideoSource final : public FrameSource {
 public:
  explicit VideoSource(const std::string& path) : path_(path) {
    bool opened = false;
    try {
      opened = capture_.open(path, video_read_api()) && capture_.isOpened();
    } catch (const cv::Exception&) {
      opened = false;
    }
    if (!opened)
      throw runtime_error("cannot open '" + path + "': not an image or a video OpenCV can decode " +
                          "(unknown format or corrupt file)");
    const double count = capture_.get(cv::CAP_PROP_FRAME_COUNT);
    info_.kind = MediaKind::Video;
    info_.frame_count = std::isfinite(count) && count >= 1 ? static_cast<int64_t>(std::llround(count)) : -1;
    info_.fps = capture_.get(cv::CAP_PROP_FPS);
    if (!std::isfinite(info_.fps) || info_.fps <= 0 || info_.fps > 1000) info_.fps = 0;

    if (!decode(first_))
      throw runtime_error("cannot decode '" + path + "': no frame could be decoded (corrupt or empty video)");
    info_.width = first_.cols;
    info_.height = first_.rows;
    info_.channels = 3;
    info_.decoder = "OpenCV (FFmpeg)";
    have_first_ = true;
  }

  const MediaInfo& info() const override { return info_; }

  bool read(cv::Mat& frame) override {
    if (have_first_) {
      first_.copyTo(frame);
      first_.release();
      have_first_ = false;
      return true;
    }
    if (finished_) return false;
    if (!decode(frame)) {
      finished_ = true;
      if (info_.frame_count > 0 && decoded_ + kFrameCountSlack < info_.frame_count)
        throw runtime_error("'" + path_ + "' ended early or is corrupt: decoded " + std::to_string(decoded_) + " of " +
                            std::to_string(info_.frame_count) + " frames");
      return false;
    }
    if (frame.cols != info_.width || frame.rows != info_.height)
      throw runtime_error("'" + path_ + "': frame " + std::to_string(decoded_) + " is " + std::to_string(frame.cols) +
                          "x" + std::to_string(frame.rows) + ", the first was " + std::to_string(info_.width) + "x" +
                          std::to_string(info_.height));
    return true;
  }

 private:
  // One frame as 8-bit BGR into `frame`; false at the end of the stream.
  bool decode(cv::Mat& frame) {
    bool ok = false;
    try {
      ok = capture_.read(frame);
    } catch (const cv::Exception& e) {
      throw runtime_error("cannot decode '" + path_ + "' (frame " + std::to_string(decoded_) + "): " + e.err);
    }
    if (!ok || frame.empty()) return false;
    if (frame.depth() != CV_8U)
      throw runtime_error("cannot filter '" + path_ + "': the decoder gives frames of more than 8 bits per channel");
    if (frame.channels() == 1) {
      cv::cvtColor(frame, scratch_, cv::COLOR_GRAY2BGR);
      scratch_.copyTo(frame);
    } else if (frame.channels() == 4) {
      cv::cvtColor(frame, scratch_, cv::COLOR_BGRA2BGR);
      scratch_.copyTo(frame);
    }
    ++decoded_;
    return true;
  }

  std::string path_;
  cv::VideoCapture capture_;
  MediaInfo info_;
  cv::Mat first_;
  cv::Mat scratch_;
  bool have_first_ = false;
  bool finished_ = false;
  int64_t decoded_ = 0;
};

int fourcc_code(const std::string& fourcc) {
  return cv::VideoWriter::fourcc(fourcc[0], fourcc[1], fourcc[2], fourcc[3]);
}

class VideoSink final : public FrameSink {
 public:
  VideoSink(const std::string& path, const MediaInfo& input, const SinkOptions& options,
            satapp::files::OutputBatch& outputs)
      : output_(std::make_unique<AtomicOutput>(path, options.overwrite)), outputs_(outputs) {
    std::vector<std::string> codecs =
        options.fourcc.empty() ? video_codecs_for(lower_extension(path)) : std::vector{options.fourcc};
    size_ = cv::Size(input.width, input.height);
    const double fps = options.fps > 0 ? options.fps : input.fps > 0 ? input.fps : kDefaultFps;
    // OpenCV 4.6's FFmpeg writer has no quality setting (VIDEOWRITER_PROP_QUALITY is ignored);
    // its own MJPEG AVI writer takes one once opened, so --quality uses that writer.
    std::vector<int> apis = {cv::CAP_FFMPEG, cv::CAP_ANY};
    if (options.quality >= 0) {
      codecs = {"MJPG"};
      apis = {cv::CAP_OPENCV_MJPEG};
    }
    if (size_.width % 2 || size_.height % 2) {  // check_size_storable() let it through
      open_any_size_writer(path, codecs, fps, options);
      return;
    }
    std::string tried;
    for (int api : apis) {
      for (const std::string& codec : codecs) {
        if (open_writer(api, codec, fps, options.quality)) {
          codec_ = codec;
          if (codec != codecs.front() && options.note)
            options.note("'" + path + "': no " + codecs.front() + " encoder in this OpenCV/FFmpeg; written as " +
                         codec);
          return;
        }
        if (api == apis.front()) tried += (tried.empty() ? "" : ", ") + codec;
      }
    }
    throw runtime_error("cannot write video '" + path + "': no encoder available for this format (tried " + tried +
                        ")");
  }

  void write(const cv::Mat& frame) override {
    const cv::Mat* bgr = &frame;
    try {
      if (frame.channels() == 1) {
        cv::cvtColor(frame, scratch_, cv::COLOR_GRAY2BGR);
        bgr = &scratch_;
      } else if (frame.channels() == 4) {
        cv::cvtColor(frame, scratch_, cv::COLOR_BGRA2BGR);
        bgr = &scratch_;
      }
      if (any_size_)
        any_size_->write(*bgr);
      else
        writer_.write(*bgr);
    } catch (const cv::Exception& e) {
      throw runtime_error("cannot encode '" + output_->destination() + "': " + e.err);
    } catch (const std::runtime_error& e) {  // FfmpegVideoWriter's
      throw runtime_error(e.what());
    }
    ++frames_;
  }

  void finish() override {
    try {
      if (any_size_)
        any_size_->finish();
      else
        writer_.release();
    } catch (const cv::Exception& e) {
      throw runtime_error("cannot encode '" + output_->destination() + "': " + e.err);
    } catch (const std::runtime_error& e) {
      throw runtime_error(e.what());
    }
    struct stat st {};
    if (frames_ == 0 || ::stat(output_->temp_path().c_str(), &st) != 0 || st.st_size == 0)
      throw runtime_error("cannot encode '" + output_->destination() + "': the " + codec_ + " encoder wrote nothing");
    output_->sync();  // what the encoder's writes could not report: a disk full only at fsync()
    check_written_video(output_->temp_path(), output_->destination(), frames_, size_);
    outputs_.add(std::move(output_));
  }

 private:
  // A frame size OpenCV's writer cannot store: FFmpeg's libraries through FfmpegVideoWriter, with
  // the first of `codecs` (each one that stores any size) that this FFmpeg has an encoder for.
  void open_any_size_writer(const std::string& path, const std::vector<std::string>& codecs, double fps,
                            const SinkOptions& options) {
    std::string tried;
    for (const std::string& codec : codecs) {
      if (!writes_any_size(codec)) continue;
      try {
        any_size_ = FfmpegVideoWriter::open(output_->temp_path(), path, codec, size_, fps);
      } catch (const std::runtime_error& e) {
        throw runtime_error(e.what());
      }
      if (any_size_) {
        codec_ = codec;
        if (codec != codecs.front() && options.note)
          options.note("'" + path + "': no " + codecs.front() + " encoder in this FFmpeg; written as " + codec);
        return;
      }
      tried += (tried.empty() ? "" : ", ") + codec;
    }
    throw runtime_error("cannot write video '" + path + "': no encoder available for this format (tried " + tried +
                        ")");
  }

  // Opens writer_ on the temporary file; false where OpenCV has no such encoder.
  bool open_writer(int api, const std::string& codec, double fps, int quality) {
    try {
      // OpenCV's FFmpeg writer prints notes while opening (e.g. "tag 'VP90' is not supported
      // with codec id ... fallback to use tag ..." for WebM); satfilter reports failures itself.
      const satapp::files::StderrSilencer quiet;
      return writer_.open(output_->temp_path(), api, fourcc_code(codec), fps, size_, true) && writer_.isOpened() &&
             (quality < 0 || writer_.set(cv::VIDEOWRITER_PROP_QUALITY, quality));
    } catch (const cv::Exception&) {
      return false;
    }
  }

  std::unique_ptr<AtomicOutput> output_;  // declared first: the writer closes its file before the temp is removed
  satapp::files::OutputBatch& outputs_;
  cv::VideoWriter writer_;
  std::unique_ptr<FfmpegVideoWriter> any_size_;  // instead of writer_ for odd sizes
  cv::Size size_;
  std::string codec_;
  cv::Mat scratch_;
  int64_t frames_ = 0;
};

}  // namespace

int video_read_api() { return cv::videoio_registry::hasBackend(cv::CAP_FFMPEG) ? cv::CAP_FFMPEG : cv::CAP_ANY; }

std::vector<std::string> video_codecs_for(const std::string& extension) {
  if (extension == "avi") return {"MJPG", "XVID"};
  if (extension == "mp4" || extension == "m4v" || extension == "mov") return {"avc1", "mp4v"};
  if (extension == "mkv") return {"FFV1", "MJPG"};
  if (extension == "webm") return {"VP90", "VP80"};
  return {};
}

bool video_takes_quality(const std::string& extension, const std::string& fourcc) {
  const std::vector<std::string> codecs = fourcc.empty() ? video_codecs_for(extension) : std::vector{fourcc};
  return !codecs.empty() && codecs.front() == "MJPG";
}

std::unique_ptr<FrameSource> open_video_source(const std::string& path) { return std::make_unique<VideoSource>(path); }

void check_size_storable(const std::string& path, int width, int height, const SinkOptions& options) {
  if (width % 2 == 0 && height % 2 == 0) return;
  const std::string extension = lower_extension(path);
  const std::string size = std::to_string(width) + "x" + std::to_string(height);
  const std::string keep = "; " + size + " is odd: write .mkv (FFV1) or .avi (MJPG), which keep any size";
  if (options.quality >= 0)
    throw usage_error("cannot write '" + path +
                      "': --quality writes MJPG with OpenCV's own JPEG encoder, which needs " +
                      "an even width and height" + keep + " (without --quality)");
  const std::vector<std::string> codecs =
      options.fourcc.empty() ? video_codecs_for(extension) : std::vector{options.fourcc};
  if (codecs.empty() || writes_any_size(codecs.front())) return;
  const std::string& fourcc = codecs.front();
  const bool h264 = strcasecmp(fourcc.c_str(), "avc1") == 0 || strcasecmp(fourcc.c_str(), "h264") == 0 ||
                    strcasecmp(fourcc.c_str(), "x264") == 0;
  const bool mp4 = extension == "mp4" || extension == "m4v" || extension == "mov";
  const std::string why = h264 ? "H.264 (" + fourcc + ") in ." + extension +
                                     " needs an even width and height (4:2:0, as OpenCV's FFmpeg writer encodes it)"
                               : "--fourcc " + fourcc + " is written by OpenCV's FFmpeg writer, which needs an even " +
                                     "width and height (it would drop the last column or row)";
  throw usage_error("cannot write '" + path + "': " + why + keep + (mp4 ? ", or --fourcc mp4v in ." + extension : ""));
}

std::unique_ptr<FrameSink> open_video_sink(const std::string& path, const MediaInfo& input, const SinkOptions& options,
                                           satapp::files::OutputBatch& outputs) {
  check_size_storable(path, input.width, input.height, options);  // before the temporary file exists
  return std::make_unique<VideoSink>(path, input, options, outputs);
}

}  // namespace satfilter
