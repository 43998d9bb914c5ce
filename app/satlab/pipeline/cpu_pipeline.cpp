#include "pipeline/cpu_pipeline.h"

#include <opencv2/imgproc.hpp>

#include "common/timing/stopwatch.h"
#include "pipeline/color_cpu.h"
#include "pipeline/mat_view.h"

namespace satlab {

void CpuPipeline::reallocate(int width, int height) {
  engine_.reset();
  engine_.emplace(sat::Backend::Cpu, sat::Extent{width, height});
  engine_->enable_stage_timing(true);
  bgra_.create(height, width, CV_8UC4);
  gray_.create(height, width, CV_8UC1);
  out_bgra_.create(height, width, CV_8UC4);
  out_gray_.create(height, width, CV_8UC1);
  rgba_before_.create(height, width, CV_8UC4);
  rgba_after_.create(height, width, CV_8UC4);
  output_.release();
  width_ = width;
  height_ = height;
}

void CpuPipeline::process(const cv::Mat& frame, const PipelineSettings& settings, DisplayTarget* before,
                          DisplayTarget* after) {
  if (frame.type() != CV_8UC3 || frame.empty())
    throw sat::Error(sat::ErrorCode::InvalidArgument, "CpuPipeline::process", "the frame must be non-empty 8-bit BGR");
  if (frame.cols != width_ || frame.rows != height_) reallocate(frame.cols, frame.rows);
  last_ = pipeline_stages();
  reported_ = true;  // until this frame completes
  const FilterSettings& filter = settings.filter;
  const bool gray = outputs_gray(filter.kind);

  const satapp::Stopwatch convert;
  if (gray) engine_->to_gray(image_view(frame), image_view(gray_));
  else bgr_to_bgra_cpu(image_view(frame), image_view(bgra_));
  last_[Stage::Convert].ms = convert.elapsed_ms();

  run_filter(filter);

  const satapp::Stopwatch show;
  display(gray ? frame : bgra_, before, rgba_before_);
  display(output_, after, rgba_after_);
  last_[Stage::Display].ms = show.elapsed_ms();
  display_path_ = display_path_of(before, after);
  reported_ = false;
}

std::optional<StageTimings> CpuPipeline::take_finished_timings() {
  if (reported_) return std::nullopt;
  reported_ = true;
  return last_;
}

void CpuPipeline::run_filter(const FilterSettings& filter) {
  output_ = filter_output(filter);
  if (filter.kind == FilterKind::None) return;
  const sat::StageTimes t = engine_->last_stage_times();
  last_[Stage::Convert].ms += t.convert_ms;  // 0: the engine gets converted input
  last_[Stage::Sat].ms = t.sat_ms;
  last_[Stage::Filter].ms = t.filter_ms;
}

const cv::Mat& CpuPipeline::filter_output(const FilterSettings& filter) {
  const sat::FilterSpec* spec = filter.spec();
  if (filter.kind == FilterKind::None) return bgra_;
  // A value outside the menu: refused like CudaPipeline does, not shown as the last frame's output.
  if (!spec)
    throw sat::Error(sat::ErrorCode::Unsupported, "CpuPipeline::process",
                     "filter " + std::to_string(static_cast<int>(filter.kind)) + " is not in the filter menu");
  // Gray-output filters read the frame's gray image (the convert stage made it), the others BGRA.
  const cv::Mat& input = outputs_gray(filter.kind) ? gray_ : bgra_;
  cv::Mat& output = sat::output_channels(*spec, input.channels()) == 1 ? out_gray_ : out_bgra_;
  const sat::FilterSpec run = spec_to_run(filter, [&](std::size_t i) {
    return image_view(filter.images[catalog_index(filter.kind)][i].image);
  });
  engine_->apply(run, image_view(input), image_view(output));
  return output;
}

void CpuPipeline::display(const cv::Mat& image, DisplayTarget* target, cv::Mat& rgba) {
  to_rgba_cpu(image_view(image), image_view(rgba));
  if (!target) return;
  target->resize(rgba.cols, rgba.rows);
  target->upload_host(rgba.data, rgba.step[0]);
}

void CpuPipeline::read_output(cv::Mat& output) const {
  if (output_.empty()) output.release();
  else if (output_.channels() == 4) cv::cvtColor(output_, output, cv::COLOR_BGRA2BGR);
  else output_.copyTo(output);
}

int CpuPipeline::read_output_pixel(int x, int y, cv::Vec3b& value) const {
  if (output_.empty() || x < 0 || y < 0 || x >= output_.cols || y >= output_.rows) return 0;
  if (output_.channels() == 1) {
    value = cv::Vec3b(output_.at<uint8_t>(y, x), 0, 0);
    return 1;
  }
  const cv::Vec4b p = output_.at<cv::Vec4b>(y, x);
  value = cv::Vec3b(p[0], p[1], p[2]);
  return 3;
}

}  // namespace satlab
