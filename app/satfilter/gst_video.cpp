#include "gst_video.h"

#include "common/gst/gst_reader.h"
#include "failure.h"
#include "gst_frame_bgr.h"

namespace satfilter {
namespace {

class GstVideoSource final : public FrameSource {
 public:
  explicit GstVideoSource(const std::string& path) : path_(path) {
    // Formats the conversion does not take (e.g. v210) are repacked by videoconvert into the
    // nearest one it takes, their chroma as it is (no resampling, which would blur it) and no
    // dither; the others pass through it untouched (GStreamer's passthrough).
    satapp::gst::ReaderOptions options;
    options.system_caps = gst_frame_caps();
    try {
      // JPEG decoders are not bit-exact, and libjpeg's jpegdec (fast IDCT by default) outranks
      // FFmpeg's: FFmpeg's gives MJPG frames the bytes OpenCV's decoder gives.
      satapp::gst::prefer_element("avdec_mjpeg", "jpegdec");
      reader_ = std::make_unique<satapp::gst::Reader>(
          satapp::gst::file_pipeline(path) + " ! videoconvert chroma-mode=none dither=none", options);
      first_ = reader_->next();  // the constructor decoded it: the size is known
    } catch (const satapp::gst::Error& e) {
      throw runtime_error("cannot decode '" + path + "' through GStreamer: " + e.what());
    }
    const satapp::gst::RawFrame& raw = first_->raw();
    info_.kind = MediaKind::Video;
    info_.width = raw.width;
    info_.height = raw.height;
    info_.channels = 3;
    info_.fps = reader_->fps();
    info_.frame_count = -1;  // uridecodebin announces a duration, not a frame count
    info_.decoder =
        "GStreamer (" + (reader_->decoders().empty() ? std::string("no decoder") : reader_->decoders()) + ")";
  }

  const MediaInfo& info() const override { return info_; }

  bool read(cv::Mat& frame) override {
    std::shared_ptr<const satapp::gst::Frame> next = std::move(first_);
    try {
      if (!next) next = reader_->next();
    } catch (const satapp::gst::Error& e) {
      throw runtime_error("cannot decode '" + path_ + "' (frame " + std::to_string(decoded_) + "): " + e.what());
    }
    if (!next) return false;  // the end of the stream
    const satapp::gst::RawFrame& raw = next->raw();
    if (raw.width != info_.width || raw.height != info_.height)
      throw runtime_error("'" + path_ + "': frame " + std::to_string(decoded_) + " is " + std::to_string(raw.width) +
                          "x" + std::to_string(raw.height) + ", the first was " + std::to_string(info_.width) + "x" +
                          std::to_string(info_.height));
    try {
      to_bgr_.convert(raw, frame);  // into `frame`'s buffer when it has the size (pinned memory stays)
    } catch (const std::runtime_error& e) {
      throw runtime_error("cannot decode '" + path_ + "' (frame " + std::to_string(decoded_) + "): " + e.what());
    }
    ++decoded_;
    return true;
  }

 private:
  std::string path_;
  std::unique_ptr<satapp::gst::Reader> reader_;
  std::shared_ptr<const satapp::gst::Frame> first_;
  GstFrameToBgr to_bgr_;
  MediaInfo info_;
  int64_t decoded_ = 0;
};

}  // namespace

std::unique_ptr<FrameSource> open_gst_video_source(const std::string& path) {
  return std::make_unique<GstVideoSource>(path);
}

}  // namespace satfilter
