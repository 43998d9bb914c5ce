// A video held in memory: every frame read (rawvideo:) or decoded (--preload) once, at open, and
// played in a loop from there, so that a run measures the pipeline, not the decoder or the disk.
// A poll copies the frame into the caller's buffer (the GPU pipeline's page-locked staging), as
// the synthetic scene renders into it: the pipeline takes it from there without a copy of its own.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "sources/frame_arena.h"
#include "sources/frame_source.h"
#include "sources/playback_clock.h"

namespace satlab {

struct MemoryVideo {
  std::vector<cv::Mat> frames;        // BGR (CV_8UC3), all of one size; at least one
  std::shared_ptr<FrameArena> arena;  // where decoded frames lie (the first frames' memory), if any
  double fps = 0;                     // the file's frame rate; 0 when it has none (raw files)
  SourceLoad load;                    // what reading or decoding them cost
};

// Throws SourceError ("WHAT: N frames of WxH need X MiB, over the cap of Y MiB (--preload-mb)")
// unless `frames` frames of width×height BGR fit in `cap_bytes`. Called before anything is
// allocated (a raw file's size, a container's frame count) and as frames are decoded.
void check_fits_in_memory(const std::string& what, long long frames, int width, int height, std::size_t cap_bytes);

class MemoryVideoSource final : public FrameSource {
 public:
  // `kind` and `file` name it: "raw video" / "video", "clip.bgr". `fast`: as fast as possible
  // (set_fast); `always_fast`: whatever set_fast says (runs that measure the frame period).
  MemoryVideoSource(std::string kind, std::string file, MemoryVideo video, bool fast, bool always_fast);

  // e.g. "raw video clip.bgr (1920x1080, 60 frames in memory, 30 fps)".
  std::string name() const override;
  // Every poll a new frame when fast, else at the file's frame rate; after the last the first.
  bool poll(satapp::Frame& frame, cv::Mat& buffer, double now_s) override;
  double nominal_fps() const override { return clock_.fps(); }
  void set_fast(bool fast) override { fast_ = fast; }
  std::optional<SourceLoad> load() const override { return video_.load; }

  long long frames_played() const { return played_; }  // polls that delivered a frame

 private:
  std::string kind_, file_;
  MemoryVideo video_;
  bool fast_;
  const bool always_fast_;
  PlaybackClock clock_;
  long long played_ = 0;
};

// Copies `from` into `to` (created as from's size and type, reusing its buffer when they match,
// so a header over the pipeline's staging is written in place), in row stripes on all cores: one
// core's copy bandwidth is far below what a 4K frame per millisecond needs.
void copy_frame(const cv::Mat& from, cv::Mat& to);

}  // namespace satlab
