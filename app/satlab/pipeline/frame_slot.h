// One frame in flight on the GPU. A slot owns everything a frame writes or reads while the GPU
// works on it: the page-locked host frame, the device images, a filter engine (its tables and its
// timing events) and the stage events. With several slots the host fills and enqueues frame k+1
// while frame k is still being uploaded, filtered or shown; a slot is written again only after
// its previous frame's `done` event completed (wait()), so no buffer is reused while the GPU
// still reads it, and its events still hold that frame's times until then.
#pragma once

#include <opencv2/core.hpp>

#include <optional>

#include "common/cuda/cuda_event.h"
#include "common/cuda/device_image.h"
#include "pipeline/frame_pipeline.h"
#include "pipeline/stage_timer.h"

namespace satlab {

class FrameSlot {
 public:
  // Buffers for width×height frames and an engine with `options`; the slot must be idle. An empty
  // slot (width 0) holds nothing.
  void allocate(int width, int height, const sat::Options& options);
  void release();

  // A frame starts in this slot: its stage events will be recorded anew.
  void begin_frame(bool engine_runs);
  // The frame's last work is enqueued on `stream`: `done` completes when the GPU finished it.
  void end_frame(cudaStream_t stream);
  // A frame that failed part-way: nothing of it is reported (the streams were drained).
  void abandon_frame();

  bool in_flight() const { return in_flight_; }
  bool finished() const;  // without waiting: the GPU finished the frame (true when none ran)
  void wait() const;      // until the GPU finished the frame
  // The frame's stage times; the frame must have finished.
  StageTimings timings() const;

  cv::Mat staging;  // the host frame (BGR), page-locked: the upload's source
  satapp::DeviceImage bgr;                   // uploaded frame
  satapp::DeviceImage bgra;                  // convert: box and none work on BGRA (one u8x4 table)
  satapp::DeviceImage gray;                  // convert: the thresholds work on gray
  satapp::DeviceImage out_bgra, out_gray;    // the filter's output
  std::optional<sat::FilterEngine> engine;   // per slot: its timing events belong to this frame
  CudaStageTimer timer;                      // upload, convert, display

 private:
  satapp::CudaEvent done_{cudaEventDisableTiming};
  bool in_flight_ = false;
  bool engine_runs_ = false;
};

}  // namespace satlab
