// The CPU pipeline: the same stages as CudaPipeline on host memory with satcore's CPU backend
// (a sat::FilterSession, Backend::Cpu: all cores), bit-identical output. Runs without any CUDA device.
// Frames in GPU memory are downloaded, host frames of other layouts converted to BGR first.
// Stage times are wall times; "upload" is 0 (the CPU reads the host frame in place) and
// "display" is the RGBA conversion plus the texture upload, in bands of rows (a gray image goes
// to the display as it is). A gray frame (B = G = R, e.g. a GRAY8 GStreamer source) is filtered
// as one plane where the filter treats equal channels alike (all but the guided filter's colour
// guide): the same values, a quarter of the memory. A colour frame is filtered as the BGR frame
// itself where the filter treats its channels independently (all but that colour guide, which
// runs on BGRA as CudaPipeline does): no BGRA copy in, 3 bytes a pixel out. A 16-bit frame's
// luma values are filtered as a 16-bit plane and shown through the window/level mapping
// (process_deep), "unpack" being their copy out of the frame (P010: shifted down).
#pragma once

#include <optional>

#include "pipeline/frame_pipeline.h"
#include "sat/filter_session.h"

namespace satlab {

class CpuPipeline final : public FramePipeline {
 public:
  CpuPipeline() = default;

  sat::Backend backend() const override { return sat::Backend::Cpu; }
  // Null targets: the display stage still converts to RGBA (so that its time compares with the
  // GPU's) but uploads nothing. Buffers are made when a frame first needs them.
  void process(const satapp::Frame& frame, const PipelineSettings& settings, DisplayTarget* before,
               DisplayTarget* after) override;
  StageTimings last_timings() const override { return last_; }
  std::optional<StageTimings> take_finished_timings() override;
  void read_output(cv::Mat& output) const override;
  int read_output_pixel(int x, int y, cv::Vec3b& value) const override;
  sat::SampleType last_samples() const override { return deep_ ? sat::SampleType::U16 : sat::SampleType::U8; }
  std::optional<DeepPixel> probe_deep_pixel(int x, int y) override;
  std::optional<SampleRange> shown_range() const override;
  std::string display_path() const override { return display_path_; }
  // The CPU engine's thread setting (sat::FilterEngine::cpu_threads): 0 = automatic.
  int cpu_threads() const { return session_.cpu_threads(); }

 private:
  void reallocate(int width, int height);
  void run_filter(const FilterSettings& filter, const cv::Mat& input);
  // Runs the filter on `input` (BGR, BGRA or gray); its output buffer (a copy of `input` for None,
  // a gray frame's plane itself).
  const cv::Mat& filter_output(const FilterSettings& filter, const cv::Mat& input);
  void display(const cv::Mat& image, DisplayTarget* target);
  // process() for a frame of 16-bit samples.
  void process_deep(const satapp::Frame& frame, const PipelineSettings& settings, DisplayTarget* before,
                    DisplayTarget* after);
  // A 16-bit plane through `range` into `shown`, then to `target` as gray (without one: mapped all
  // the same, so that the stage's time compares with the GPU's).
  void display_deep(const cv::Mat& values, SampleRange range, cv::Mat& shown, DisplayTarget* target);

  sat::FilterSession session_{sat::Backend::Cpu};  // its engine sized for the frames met
  int width_ = 0, height_ = 0;
  cv::Mat bgra_, gray_, out_colour_, out_gray_;  // as in CudaPipeline, on the host (BGR or BGRA out)
  cv::Mat rgba_band_;                            // display stage: a band of rows
  cv::Mat host_copy_;                            // a frame not BGR on the host, as BGR there
  cv::Mat output_;                               // header of the last output (one of the above)
  // A gray frame's plane went through a colour filter: read_output gives it as BGR.
  bool expands_gray_ = false;
  // The last frame was a 16-bit one: its values (in16_), the filter's output (a header of in16_ for
  // None, else out16_), the 8-bit pictures shown and the range they were shown through.
  bool deep_ = false;
  cv::Mat in16_, out16_, output16_, shown_in_, shown_out_;
  SampleRange range_;
  StageTimings last_ = pipeline_stages();
  bool reported_ = true;  // last_ went to take_finished_timings()
  std::string display_path_;
};

}  // namespace satlab
