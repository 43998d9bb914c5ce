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
// A frame of 16-bit samples takes the same slot with 16-bit buffers of its own (deep_slots.h):
// its luma words copied in (host or device memory) and unpacked on the compute stream, the
// slot's session on 16-bit images, and the window/level kernels into the display surfaces, whose
// automatic range the GPU computes and the mapping reads there (window_level_kernels.h).
// A size change drains both streams before anything is freed; a failed frame drains them too.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "common/frame/cuda_frame_pipeline.h"
#include "pipeline/deep_slots.h"
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
  sat::SampleType last_samples() const override { return last_deep_ ? sat::SampleType::U16 : sat::SampleType::U8; }
  std::optional<DeepPixel> probe_deep_pixel(int x, int y) override;
  std::optional<SampleRange> shown_range() const override;
  std::string display_path() const override { return display_path_; }

 private:
  // A frame's slot, sized for width×height (reallocating on a change), with the settings' SAT options.
  satapp::FrameSlot& begin(int width, int height, const PipelineSettings& settings);
  // The frame enters the slot (`device`: ingested from GPU memory; null: the slot's input holds
  // the uploaded BGR frame, converted), then filter and display; the frame is in flight.
  void finish(satapp::FrameSlot& slot, const PipelineSettings& settings, const satapp::FrameView* device,
              DisplayTarget* before, DisplayTarget* after);
  // The same for a frame of 16-bit samples (host or device memory): upload, unpack, filter and
  // window/level in the slot's 16-bit buffers.
  void finish_deep(satapp::FrameSlot& slot, const satapp::Frame& frame, const PipelineSettings& settings,
                   DisplayTarget* before, DisplayTarget* after);
  // A retired frame's stage times, named for its samples.
  StageTimings timings_of(int slot, const satapp::FrameTimes& times) const;
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
  // 16-bit frames: the slots' buffers; whether the last frame was one, where its values and its
  // output live (in its slot), the inspector's read-backs of both, the newest range known shown.
  DeepSlots deep_;
  bool last_deep_ = false;
  sat::ConstImage16 deep_input_{}, deep_output_{};
  PixelProbe deep_input_probe_, deep_output_probe_;
  mutable std::optional<SampleRange> known_range_;
  std::string display_path_;
};

}  // namespace satlab
