// One frame in flight on the GPU. A slot owns everything a frame writes or reads while the GPU
// works on it: optionally a page-locked host frame (the upload's source), the device images (the
// uploaded frame, its conversions, the filter's outputs), a filter session of its own (its
// engine's tables and timing events and its copies of the filter's images belong to this frame)
// and the stage events. A slot is written again only
// after its previous frame's `done` event completed (wait()), so no buffer is reused while the
// GPU still reads it, and its events still hold that frame's times until then.
// CudaFramePipeline (cuda_frame_pipeline.h) drives the slots; a program reads them.
#pragma once

#include <opencv2/core.hpp>

#include <optional>
#include <vector>

#include "common/cuda/device_image.h"
#include "common/timing/event_timer.h"
#include "sat/filter_session.h"
#include "sat/filters.h"
#include "sat/sat.h"
#include "sat/support/cuda_event.h"

namespace satapp {

// What the convert stage makes of the uploaded frame before the engine runs.
enum class FrameConvert {
  None,  // the engine takes the uploaded frame as it is (and converts it itself where it must)
  Bgra,  // → BGRA (box filters and no filter run on one u8x4 table)
  Gray,  // → gray: satcore's conversion of the colours, or a device frame's luma plane
};

// The images of every slot, fixed until the next allocation.
struct FrameLayout {
  int width = 0, height = 0;
  int channels = 3;                 // of the uploaded frame
  bool staging = false;             // a page-locked host frame per slot (FrameSlot::staging)
  bool bgra = false, gray = false;  // the convert stage's and the ingest's outputs (FrameConvert::Bgra, ::Gray)
  std::vector<int> outputs;         // the filter's outputs, by channel count (at most one each)
};

// GPU milliseconds of one frame's stages, from its events (all 0 without timing).
struct FrameTimes {
  double upload_ms = 0;   // host → device, on the upload stream
  double convert_ms = 0;  // the convert stage plus the engine's own conversion
  double compute_ms = 0;  // the engine's call, whole
  double sat_ms = 0;      // the engine's tables
  double filter_ms = 0;   // the engine's pass over the tables
  double finish_ms = 0;   // the program's last stage (a download, a display)
};

class FrameSlot {
 public:
  // Creates the stage events: with `timing` they time the stages, without they only order them.
  explicit FrameSlot(bool timing);

  bool empty() const { return !session_; }
  // The slot's filter session (CUDA), its engine sized to the layout; allocated slots only. Image
  // parameters given to it (set_image) are copied once per change and read by this slot's frames.
  sat::FilterSession& session() { return *session_; }
  const sat::FilterSession& session() const { return *session_; }
  // The page-locked host frame (FrameLayout::staging), width×height of the uploaded channels;
  // shared by reference count, so that a frame a source still holds outlives a reallocation.
  const cv::Mat& staging() const { return staging_; }
  sat::Image8 input() const { return input_.view(); }  // the uploaded frame
  // The frame came from the host (CudaFramePipeline::upload): input() holds it. A device frame
  // (CudaFramePipeline::ingest) leaves input() as it was.
  bool uploaded() const { return uploaded_; }
  // The upload brought the frame's luma plane into the gray image too (CudaFramePipeline::upload).
  bool luma_uploaded() const { return luma_uploaded_; }
  // The convert stage's output for `convert` (None: the uploaded frame).
  sat::Image8 converted(FrameConvert convert) const;
  // The filter output of `channels` channels; throws sat::Error when the layout has none.
  sat::Image8 output(int channels) const;

  bool in_flight() const { return in_flight_; }
  bool finished() const;  // without waiting: the GPU finished the frame (true when none ran)
  void wait() const;      // until the GPU finished the frame
  // The frame's stage times; the frame must have finished (wait()).
  FrameTimes times() const;

 private:
  friend class CudaFramePipeline;
  enum Stage { kUpload, kConvert, kCompute, kFinish, kStages };

  void allocate(const FrameLayout& layout, const sat::Options& options);  // the slot must be idle
  void release();
  void begin_frame();  // its stage events will be recorded anew
  void begin(Stage stage, cudaStream_t stream);
  void end(Stage stage, cudaStream_t stream);
  cudaEvent_t ended(Stage stage) const { return timers_[stage].stopped(); }
  void end_frame(cudaStream_t stream);  // `done` completes when the GPU finished the frame
  void abandon_frame();                 // nothing of a failed frame is reported

  bool timing_;
  std::optional<sat::FilterSession> session_;
  cv::Mat staging_;
  DeviceImage input_, bgra_, gray_;
  std::vector<DeviceImage> outputs_;
  EventTimer timers_[kStages];
  bool recorded_[kStages] = {};
  sat::CudaEvent done_{cudaEventDisableTiming};
  bool in_flight_ = false;
  bool uploaded_ = false;
  bool luma_uploaded_ = false;
};

}  // namespace satapp
