// The GPU pipeline: the frame goes from pinned host memory to the device on the pipeline's own
// stream, is converted, filtered through satcore (FilterEngine, Backend::Cuda) and written
// straight into the display targets (CUDA-GL interop surfaces; a host copy when a target has no
// interop). Everything of a frame is enqueued on one stream; process() synchronises once at the
// end. All buffers are sized for the current frame and reallocated only when it changes size.
#pragma once

#include <optional>

#include "common/cuda/cuda_stream.h"
#include "common/cuda/device_image.h"
#include "common/cuda/pinned_buffer.h"
#include "pipeline/frame_pipeline.h"
#include "pipeline/stage_timer.h"

namespace satlab {

class CudaPipeline final : public FramePipeline {
 public:
  explicit CudaPipeline(const sat::Options& sat_options);  // throws sat::Error without CUDA
  ~CudaPipeline() override;

  sat::Backend backend() const override { return sat::Backend::Cuda; }
  void process(const cv::Mat& frame, const PipelineSettings& settings, DisplayTarget* before,
               DisplayTarget* after) override;
  StageTimings last_timings() const override { return last_; }
  void read_output(cv::Mat& output) const override;
  int read_output_pixel(int x, int y, cv::Vec3b& value) const override;
  std::string display_path() const override { return display_path_; }

 private:
  void run(const cv::Mat& frame, const PipelineSettings& settings, DisplayTarget* before, DisplayTarget* after);
  void reallocate(int width, int height);
  void apply_sat_options(const sat::Options& options);
  void run_filter(const FilterSettings& filter);
  void display(sat::ConstImage8 image, DisplayTarget& target);  // part of the display stage

  sat::Options sat_options_;
  satapp::CudaStream stream_;
  CudaStageTimer timer_;
  std::optional<sat::FilterEngine> engine_;  // sized for the current frame
  int width_ = 0, height_ = 0;
  satapp::PinnedImage staging_;              // the host frame, page-locked for the async upload
  satapp::DeviceImage bgr_;                  // uploaded frame
  satapp::DeviceImage bgra_;                 // convert: box and none work on BGRA (one u8x4 table)
  satapp::DeviceImage gray_;                 // convert: the thresholds work on gray
  satapp::DeviceImage out_bgra_, out_gray_;  // the filter's output
  satapp::DeviceImage rgba_;                 // host-copy display path: RGBA on the device ...
  satapp::PinnedImage rgba_host_;            // ... and on the host (allocated when first needed)
  sat::ConstImage8 output_{};                // where the last frame's output lives (one of the above)
  StageTimings last_;
  std::string display_path_;
  bool used_host_copy_ = false;  // this frame
  bool used_interop_ = false;    // this frame
};

}  // namespace satlab
