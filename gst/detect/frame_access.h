// A buffer's video frame mapped for the host only when someone needs its pixels, and unmapped
// with its owner. For CUDA memory a host map is a download (and, written, an upload at unmap):
// the detection elements search device frames where they lie and map them for the host only
// to draw or blur boxes, so a frame without boxes never leaves the device.
#pragma once

#include <gst/video/video.h>

namespace sat_gst {

class FrameAccess {
 public:
  FrameAccess(GstBuffer* buffer, const GstVideoInfo& info) : buffer_(buffer), info_(info) {}
  ~FrameAccess() { unmap(); }
  FrameAccess(const FrameAccess&) = delete;
  FrameAccess& operator=(const FrameAccess&) = delete;

  GstBuffer* buffer() const { return buffer_; }
  const GstVideoInfo& info() const { return info_; }

  // The frame mapped for reading / for writing on the host; nullptr when the buffer does not
  // hold a frame of the negotiated size (a buggy upstream).
  GstVideoFrame* readable() { return map(GST_MAP_READ); }
  GstVideoFrame* writable() { return map(GST_MAP_READWRITE); }

 private:
  GstVideoFrame* map(GstMapFlags flags) {
    if (mapped_ && (flags_ & flags) == flags) return &frame_;
    unmap();
    // NO_REF: a mapped frame keeps no reference, so that the buffer stays writable (ROI metas).
    mapped_ = gst_video_frame_map(&frame_, &info_, buffer_, GstMapFlags(flags | GST_VIDEO_FRAME_MAP_FLAG_NO_REF));
    flags_ = flags;
    return mapped_ ? &frame_ : nullptr;
  }
  void unmap() {
    if (mapped_) gst_video_frame_unmap(&frame_);
    mapped_ = false;
  }

  GstBuffer* buffer_;
  GstVideoInfo info_;
  GstVideoFrame frame_{};
  GstMapFlags flags_ = GST_MAP_READ;
  bool mapped_ = false;
};

}  // namespace sat_gst
