// Frames out of GStreamer (common/gst/gst_reader.h): --source gst:PIPELINE, or a video file
// decoded through uridecodebin (--decoder gst, or auto where NVDEC is). Frames in CUDA memory
// (the decoder's NV12, BGRx...) are handed over where they lie (a device Frame): the GPU pipeline
// converts and filters them with no copy over PCIe. Frames in system memory are converted to BGR
// on the host. A pipeline ends at its end of stream; a file starts over, as VideoSource does.
#pragma once

#include <memory>
#include <string>

#include "common/frame/frame_view.h"
#include "common/gst/gst_reader.h"
#include "sources/frame_source.h"

namespace satlab {

class GstSource final : public FrameSource {
 public:
  // `description`: the pipeline (satlab adds the appsink); `label`: how name() calls it; `loop`:
  // start over at the end (files) instead of ending. Throws SourceError naming the pipeline and
  // GStreamer's error when it does not parse, link or give a first frame.
  GstSource(std::string description, std::string label, bool loop, const SourceOpenOptions& options);

  std::string name() const override;
  // Throws SourceError for an error on the bus or a stall (no frame within the reader's timeout).
  bool poll(satapp::Frame& frame, cv::Mat& buffer, double now_s) override;
  double nominal_fps() const override { return reader_->fps(); }
  bool ended() const override { return ended_; }

 private:
  std::shared_ptr<const satapp::gst::Frame> next();  // null: no frame now, or the end
  void describe(const satapp::FrameView& view);      // what name() says of the frames

  std::string label_;
  bool loop_;
  bool paced_;
  std::unique_ptr<satapp::gst::Reader> reader_;
  std::shared_ptr<const satapp::gst::Frame> first_;  // decoded at open, handed out by the first poll
  std::string decoders_;                             // e.g. "nvh264dec", after the first frame
  std::string memory_;                               // "CUDA memory" or "system memory", of the last frame
  std::string format_;                               // e.g. "NV12"
  int width_ = 0, height_ = 0;
  bool ended_ = false;
};

// The source of `spec` (Kind::Gst) or of a video file through uridecodebin.
std::unique_ptr<FrameSource> open_gst_pipeline(const std::string& description, const SourceOpenOptions& options);
std::unique_ptr<FrameSource> open_gst_video_file(const std::string& path, const SourceOpenOptions& options);

}  // namespace satlab
