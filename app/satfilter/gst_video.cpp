#include "gst_video.h"

#include "common/frame/frame_to_bgr.h"
#include "common/gst/gst_reader.h"
#include "failure.h"

namespace satfilter {
namespace {

class GstVideoSource final : public FrameSource {
 public:
  explicit GstVideoSource(const std::string& path) : path_(path) {
    try {
      reader_ = std::make_unique<satapp::gst::Reader>(satapp::gst::file_pipeline(path), satapp::gst::ReaderOptions{});
      first_ = reader_->next();  // the constructor decoded it: the size is known
    } catch (const satapp::gst::Error& e) {
      throw runtime_error("cannot decode '" + path + "' through GStreamer: " + e.what());
    }
    const satapp::FrameView& view = first_->view();
    info_.kind = MediaKind::Video;
    info_.width = view.width;
    info_.height = view.height;
    info_.channels = 3;
    info_.fps = reader_->fps();
    info_.frame_count = -1;  // uridecodebin announces a duration, not a frame count
    info_.decoder = "GStreamer (" + (reader_->decoders().empty() ? std::string("no decoder") : reader_->decoders()) + ")";
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
    const satapp::FrameView& view = next->view();
    if (view.width != info_.width || view.height != info_.height)
      throw runtime_error("'" + path_ + "': frame " + std::to_string(decoded_) + " is " + std::to_string(view.width) +
                          "x" + std::to_string(view.height) + ", the first was " + std::to_string(info_.width) + "x" +
                          std::to_string(info_.height));
    satapp::to_bgr_cpu(view, frame);  // into `frame`'s buffer when it has the size (pinned memory stays)
    ++decoded_;
    return true;
  }

 private:
  std::string path_;
  std::unique_ptr<satapp::gst::Reader> reader_;
  std::shared_ptr<const satapp::gst::Frame> first_;
  MediaInfo info_;
  int64_t decoded_ = 0;
};

}  // namespace

std::unique_ptr<FrameSource> open_gst_video_source(const std::string& path) {
  return std::make_unique<GstVideoSource>(path);
}

}  // namespace satfilter
