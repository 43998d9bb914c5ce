#include "sources/gst_source.h"

#include <cstdio>
#include <filesystem>

#if SATAPP_GST_CUDA
#include "common/gst/gst_cuda_context.h"
#endif

namespace satlab {

namespace {

satapp::gst::ReaderOptions reader_options(const SourceOpenOptions& options) {
  satapp::gst::ReaderOptions reader;
  reader.paced = !options.video_fast && !options.memory_unpaced;
  // GRAY16_LE, P010_10LE and I420_10LE in system memory: the pipelines filter their luma values
  // as 16-bit samples (sources/deep_frame.h).
  reader.deep_samples = true;
#if SATAPP_GST_CUDA
  if (options.cuda_frames) {
    try {
      reader.cuda_context = satapp::gst::shared_cuda_context();
      reader.cuda_memory = true;
    } catch (const satapp::gst::Error&) {
      // No CUDA context to share: the frames come in system memory (the host path).
    }
  }
#endif
  return reader;
}

}  // namespace

GstSource::GstSource(std::string description, std::string label, bool loop, const SourceOpenOptions& options)
    : label_(std::move(label)), loop_(loop), paced_(!options.video_fast && !options.memory_unpaced) {
  try {
    reader_ = std::make_unique<satapp::gst::Reader>(std::move(description), reader_options(options));
    first_ = reader_->next();  // the reader has it already: what name() says is known at open
    decoders_ = reader_->decoders();
  } catch (const satapp::gst::Error& e) {
    throw SourceError(e.what());
  }
  if (first_) describe(first_->view());
}

void GstSource::describe(const satapp::FrameView& view) {
  width_ = view.width;
  height_ = view.height;
  format_ = sat::layout_info(view.layout).name;
  memory_ = view.on_device ? "CUDA memory" : "system memory";
}

std::string GstSource::name() const {
  std::string text = label_ + " (";
  if (width_ > 0)
    text += std::to_string(width_) + "x" + std::to_string(height_) + " " + format_ + " in " + memory_ + ", ";
  text += "decoder: " + (decoders_.empty() ? std::string("none") : decoders_);
  if (reader_->fps() > 0) {
    char fps[32];
    std::snprintf(fps, sizeof fps, ", %.3g fps", reader_->fps());
    text += fps;
  }
  return text + (paced_ ? "" : ", as fast as possible") + ")";
}

std::shared_ptr<const satapp::gst::Frame> GstSource::next() {
  std::shared_ptr<const satapp::gst::Frame> frame = reader_->next(!paced_);
  if (frame || !reader_->ended()) return frame;
  if (!loop_) {
    ended_ = true;
    return nullptr;
  }
  reader_->rewind();  // a file plays again from its start
  frame = reader_->next(true);
  if (!frame) throw SourceError(label_ + ": no frame could be decoded after rewinding");
  return frame;
}

bool GstSource::poll(satapp::Frame& frame, cv::Mat& /*buffer*/, double /*now_s*/) {
  std::shared_ptr<const satapp::gst::Frame> next_frame = std::move(first_);
  try {
    if (!next_frame) next_frame = next();
  } catch (const satapp::gst::Error& e) {
    throw SourceError(e.what());
  }
  if (!next_frame) return false;
  const satapp::FrameView& view = next_frame->view();
  describe(view);
  // Where it lies and in its layout, as the reader mapped it (GStreamer's map gives written planes:
  // no event to wait for): each pipeline reads what its filter takes of it, the luma plane for
  // the gray filters and colours for the others, as it does for a decoder's device frame.
  // `buffer` is left alone.
  frame = satapp::Frame{view, next_frame, nullptr};
  return true;
}

std::unique_ptr<FrameSource> open_gst_pipeline(const std::string& description, const SourceOpenOptions& options) {
  return std::make_unique<GstSource>(description, "GStreamer pipeline \"" + description + "\"", false, options);
}

std::unique_ptr<FrameSource> open_gst_video_file(const std::string& path, const SourceOpenOptions& options) {
  std::string description;
  try {
    description = satapp::gst::file_pipeline(path);
  } catch (const satapp::gst::Error& e) {
    throw SourceError(e.what());
  }
  const std::string file = std::filesystem::path(path).filename().string();
  return std::make_unique<GstSource>(description, "video " + file + " through GStreamer", true, options);
}

}  // namespace satlab
