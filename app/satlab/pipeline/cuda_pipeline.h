// The GPU pipeline, with frames in flight: frame k+1 is copied into page-locked memory, uploaded
// (on a stream of its own) and enqueued while frame k is still converted, filtered through
// satcore (a FilterSession per slot, Backend::Cuda) or written into the display targets (one kernel per
// target into the surface it gives: the GL texture's own with CUDA-GL interop, one of the target's
// without). Upload, convert and filter are the shared CUDA frame pipeline's
// (common/frame/cuda_frame_pipeline.h); the display stage is satlab's. A frame in GPU memory (a
// decoder's NV12) is ingested straight into what the filter reads (its luma plane for the gray
// filters, BGRA otherwise) by a kernel that writes the "before" display too. Nothing waits for the
// GPU per frame:
//   - each frame has a slot (common/frame/frame_slot.h) of its own buffers, filter session and events;
//     process() waits only for the frame that last used the slot it takes, kFramesInFlight
//     frames earlier;
//   - the compute stream waits for the upload by an event, not by the host;
//   - the display targets close their writes in stream order (an unmap, or a copy to the host
//     and an event that the target waits for when GL needs the texture);
//   - stage times are read from a slot's events once its frame finished (take_finished_timings);
//   - the pixel inspector's read-back is asynchronous (pixel_probe.h).
// A size change drains both streams before anything is freed; a failed frame drains them too.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "common/frame/cuda_frame_pipeline.h"
#include "pipeline/frame_pipeline.h"
#include "pipeline/pixel_probe.h"

namespace satlab {

class CudaPipeline final : public FramePipeline {
 public:
  // Two: the host prepares one frame while the GPU runs the other. The host is the slower side
  // of the live path, so a third slot would only add memory (a slot holds a filter session).
  static constexpr int kFramesInFlight = 2;

  explicit CudaPipeline(const sat::Options& sat_options);  // throws sat::Error without CUDA
  ~CudaPipeline() override;

  sat::Backend backend() const override { return sat::Backend::Cuda; }
  void process(const satapp::Frame& frame, const PipelineSettings& settings, DisplayTarget* before,
               DisplayTarget* after) override;
  StageTimings last_timings() const override;
  std::optional<StageTimings> take_finished_timings() override;
  cv::Mat input_buffer(int width, int height) override;
  std::optional<DeviceInput> device_input() const override;
  void read_output(cv::Mat& output) const override;
  int read_output_pixel(int x, int y, cv::Vec3b& value) const override;
  int probe_output_pixel(int x, int y, cv::Vec3b& value) override;
  std::string display_path() const override { return display_path_; }

 private:
  // A frame's slot, sized for width×height (reallocating on a change), with the settings' SAT options.
  satapp::FrameSlot& begin(int width, int height, const PipelineSettings& settings);
  // The frame enters the slot (`device`: ingested from GPU memory; null: the slot's input holds
  // the uploaded BGR frame, converted), then filter and display; the frame is in flight.
  void finish(satapp::FrameSlot& slot, const PipelineSettings& settings, const satapp::FrameView* device,
              DisplayTarget* before, DisplayTarget* after);
  // Runs `frame_work` guarded as process() is: a failure drains both streams and drops the frame.
  template <class Work>
  void guarded(Work&& frame_work);
  void reallocate(int width, int height);
  void drain();  // both streams idle, every frame retired (its times join the finished ones)
  void finished(const std::optional<satapp::RetiredFrame>& frame);  // a retired frame's times
  sat::ConstImage8 run_filter(satapp::FrameSlot& slot, sat::ConstImage8 input,
                              const FilterSettings& filter);  // returns the output
  // input and output → the open surfaces (0: none; input without data: "before" was written by
  // the ingest), timed as the display stage.
  void display(satapp::FrameSlot& slot, sat::ConstImage8 input, sat::ConstImage8 output, cudaSurfaceObject_t before,
               cudaSurfaceObject_t after);
  cudaStream_t compute_stream() const { return frames_.compute_stream(); }  // also display, read-backs

  sat::Options sat_options_;                                 // for engines created from now on
  satapp::CudaFramePipeline frames_{kFramesInFlight, true};  // upload, convert, filter; the slots
  int width_ = 0, height_ = 0;
  // Retired frames whose times are not reported yet, oldest first (their events may be recorded
  // again); the frames still in flight are reported from their slots.
  std::array<StageTimings, kFramesInFlight> finished_{};
  int finished_count_ = 0;
  sat::ConstImage8 output_{};  // where the last frame's output lives (in its slot)
  // The device frames each slot's frame read (their decoder buffers), held until the slot is taken again.
  std::array<std::shared_ptr<const void>, kFramesInFlight> held_{};
  PixelProbe probe_;
  std::string display_path_;
};

}  // namespace satlab
