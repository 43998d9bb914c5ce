#include "pipeline/cpu_pipeline.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cstdint>
#include <variant>

#include "common/frame/host_frame.h"
#include "common/timing/stopwatch.h"
#include "pipeline/color_cpu.h"
#include "pipeline/mat_view.h"
#include "sat/filter_spec.h"
#include "sources/deep_frame.h"

namespace satlab {

namespace {

// The display stage's RGBA rows at a time: a band of about this many bytes, never the frame.
constexpr std::size_t kDisplayBandBytes = std::size_t(1) << 20;

// Whether every pixel of the BGR frame has B = G = R (a gray source delivered as BGR).
bool is_gray(const cv::Mat& bgr) {
  for (int y = 0; y < bgr.rows; ++y) {
    const uint8_t* p = bgr.ptr<uint8_t>(y);
    for (int x = 0; x < bgr.cols; ++x, p += 3)
      if (p[0] != p[1] || p[1] != p[2]) return false;
  }
  return true;
}

// Whether the filter gives a frame of equal channels the values it gives their one plane, in
// each channel: every filter of the catalog but the guided filter with the image's own colour
// guide, whose 3x3 covariance of three equal channels is not the plane's variance. (The unit
// tests hold every catalog filter to this answer, so a filter added to satcore that breaks it
// fails them.)
bool treats_equal_channels_as_one(const FilterSettings& filter) {
  const sat::FilterSpec* spec = filter.spec();
  if (!spec) return true;  // None
  const auto* guided = std::get_if<sat::GuidedParams>(spec);
  return !guided || guided->guide != sat::GuideKind::Self;
}

}  // namespace

void CpuPipeline::reallocate(int width, int height) {
  session_.enable_stage_timing(true);
  // The planes are made when a frame needs them (a gray frame never touches the BGRA ones).
  for (cv::Mat* plane : {&bgra_, &gray_, &out_colour_, &out_gray_}) plane->release();
  output_.release();
  width_ = width;
  height_ = height;
}

void CpuPipeline::process(const satapp::Frame& given, const PipelineSettings& settings, DisplayTarget* before,
                          DisplayTarget* after) {
  if (given.empty()) throw sat::Error(sat::ErrorCode::InvalidArgument, "CpuPipeline::process", "the frame is empty");
  if (is_deep(given)) {
    process_deep(given, settings, before, after);
    return;
  }
  // The engine reads BGR in host memory: a host BGR frame in place, any other downloaded or
  // converted first (host_copy_).
  const cv::Mat frame = satapp::host_bgr(given, host_copy_);
  if (frame.cols != width_ || frame.rows != height_) reallocate(frame.cols, frame.rows);
  last_ = pipeline_stages();
  reported_ = true;  // until this frame completes
  const FilterSettings& filter = settings.filter;

  const satapp::Stopwatch convert;
  // A gray frame (B = G = R) is filtered as one plane where the filter gives each channel of it
  // the plane's values: the same output for a quarter of the memory and work.
  const bool gray_frame = is_gray(frame);
  const bool gray_output = outputs_gray(filter.kind);
  const bool equal_channels_alike = treats_equal_channels_as_one(filter);
  const bool gray_input = gray_output || (gray_frame && equal_channels_alike);
  expands_gray_ = gray_input && !gray_output;
  // A colour frame is filtered as the BGR frame itself wherever the filter treats its channels
  // independently (all but the guided filter's colour guide, which runs on BGRA as CudaPipeline
  // gives it): no BGRA copy in, a 3-channel output, the same values in B, G and R.
  const bool bgra_input = !gray_input && !equal_channels_alike;
  // The gray filters read the luma plane of a frame that has one (a decoder's NV12, I420, GRAY8),
  // as CudaPipeline and the GStreamer elements do; the others' gray, satcore's of the colours.
  const cv::Mat luma = gray_output ? satapp::host_luma(given, gray_) : cv::Mat();
  if (!luma.empty()) {
    if (luma.data != gray_.data) luma.copyTo(gray_);  // the filter's input outlives the frame
  } else if (gray_input) {
    gray_.create(height_, width_, CV_8UC1);
    session_.engine({width_, height_}).to_gray(image_view(frame), image_view(gray_));  // B = G = R = v gives v exactly
  } else if (bgra_input) {
    bgra_.create(height_, width_, CV_8UC4);
    bgr_to_bgra_cpu(image_view(frame), image_view(bgra_));
  }
  last_[Stage::Convert].ms = convert.elapsed_ms();
  const cv::Mat& input = gray_input ? gray_ : bgra_input ? bgra_ : frame;

  run_filter(filter, input);

  const satapp::Stopwatch show;
  display(gray_input && !gray_frame ? frame : input, before);
  display(output_, after);
  last_[Stage::Display].ms = show.elapsed_ms();
  display_path_ = display_path_of(before, after);
  deep_ = false;
  reported_ = false;
}

void CpuPipeline::process_deep(const satapp::Frame& given, const PipelineSettings& settings, DisplayTarget* before,
                               DisplayTarget* after) {
  const FilterSettings& filter = settings.filter;
  const sat::FilterSpec* spec = filter.spec();
  // Refused before anything changes, so that the last frame's output stands: a filter outside the
  // menu, or one whose catalog entry does not take 16-bit samples (its message names the types).
  if (filter.kind != FilterKind::None && !spec)
    throw sat::Error(sat::ErrorCode::Unsupported, "CpuPipeline::process",
                     "filter " + std::to_string(static_cast<int>(filter.kind)) + " is not in the filter menu");
  if (spec) sat::check_sample_type(*spec, sat::SampleType::U16, "CpuPipeline::process");
  last_ = pipeline_stages(sat::SampleType::U16);
  reported_ = true;  // until this frame completes

  const satapp::Stopwatch unpack;
  cv::Mat buffer;
  const cv::Mat values = host_samples16(given, buffer);
  values.copyTo(in16_);  // the filter's input and the inspector's outlive the frame
  last_[Stage::Convert].ms = unpack.elapsed_ms();

  if (spec) {
    out16_.create(in16_.rows, in16_.cols, CV_16UC1);
    const sat::FilterSpec run = spec_to_run(
        filter, [&](std::size_t i) { return image_view(filter.images[catalog_index(filter.kind)][i].image); });
    if (sat::output_channels(run, 1) != 1)
      throw sat::Error(sat::ErrorCode::Unsupported, "CpuPipeline::process",
                       "a one-channel 16-bit frame gives this filter's output more channels than satlab shows");
    session_.enable_stage_timing(true);
    session_.run_host(run, sat::ConstImageView(image16_view(static_cast<const cv::Mat&>(in16_))),
                      sat::ImageView(image16_view(out16_)));
    const sat::StageTimes t = session_.last_stage_times();
    last_[Stage::Sat].ms = t.sat_ms;
    last_[Stage::Filter].ms = t.filter_ms;
    output16_ = out16_;
  } else {
    output16_ = in16_;
  }

  const satapp::Stopwatch show;
  range_ = settings.window_level.automatic ? frame_range_cpu(image16_view(static_cast<const cv::Mat&>(in16_)))
                                           : manual_range(settings.window_level);
  display_deep(in16_, range_, shown_in_, before);
  display_deep(output16_, range_, shown_out_, after);
  last_[Stage::Display].ms = show.elapsed_ms();
  display_path_ = display_path_of(before, after);
  deep_ = true;
  reported_ = false;
}

void CpuPipeline::display_deep(const cv::Mat& values, SampleRange range, cv::Mat& shown, DisplayTarget* target) {
  shown.create(values.rows, values.cols, CV_8UC1);
  window_level_cpu(image16_view(values), image_view(shown), range);
  if (target) target->upload_host_gray(image_view(static_cast<const cv::Mat&>(shown)));
}

std::optional<DeepPixel> CpuPipeline::probe_deep_pixel(int x, int y) {
  if (!deep_ || x < 0 || y < 0 || x >= in16_.cols || y >= in16_.rows) return std::nullopt;
  return DeepPixel{in16_.at<uint16_t>(y, x), output16_.at<uint16_t>(y, x)};
}

std::optional<SampleRange> CpuPipeline::shown_range() const {
  if (!deep_) return std::nullopt;
  return range_;
}

std::optional<StageTimings> CpuPipeline::take_finished_timings() {
  if (reported_) return std::nullopt;
  reported_ = true;
  return last_;
}

void CpuPipeline::run_filter(const FilterSettings& filter, const cv::Mat& input) {
  output_ = filter_output(filter, input);
  if (filter.kind == FilterKind::None) return;
  const sat::StageTimes t = session_.last_stage_times();
  last_[Stage::Convert].ms += t.convert_ms;  // 0: the engine gets converted input
  last_[Stage::Sat].ms = t.sat_ms;
  last_[Stage::Filter].ms = t.filter_ms;
}

const cv::Mat& CpuPipeline::filter_output(const FilterSettings& filter, const cv::Mat& input) {
  const sat::FilterSpec* spec = filter.spec();
  if (filter.kind == FilterKind::None) {
    if (input.data != nullptr && input.data == gray_.data) return gray_;
    // The caller may reuse the frame at once (FramePipeline::process): read_output keeps a copy.
    input.copyTo(out_colour_);
    return out_colour_;
  }
  // A value outside the menu: refused like CudaPipeline does, not shown as the last frame's output.
  if (!spec)
    throw sat::Error(sat::ErrorCode::Unsupported, "CpuPipeline::process",
                     "filter " + std::to_string(static_cast<int>(filter.kind)) + " is not in the filter menu");
  // Gray-output filters read the frame's gray image (the convert stage made it), the others the
  // BGR frame, BGRA (the guided filter's colour guide) or a gray frame's plane.
  const int channels = sat::output_channels(*spec, input.channels());
  cv::Mat& output = channels == 1 ? out_gray_ : out_colour_;
  output.create(height_, width_, CV_8UC(channels));
  const sat::FilterSpec run = spec_to_run(
      filter, [&](std::size_t i) { return image_view(filter.images[catalog_index(filter.kind)][i].image); });
  session_.run_host(run, image_view(input), image_view(output));
  return output;
}

void CpuPipeline::display(const cv::Mat& image, DisplayTarget* target) {
  if (target && image.channels() == 1) {
    target->upload_host_gray(image_view(image));  // as it is: one byte per pixel
    return;
  }
  if (target) target->resize(image.cols, image.rows);
  // RGBA in bands of rows, each uploaded as it is made (without a target: converted all the same,
  // so that the stage's time compares with the GPU's).
  const int band = static_cast<int>(std::max<std::size_t>(1, kDisplayBandBytes / (std::size_t(image.cols) * 4)));
  rgba_band_.create(std::min(band, image.rows), image.cols, CV_8UC4);
  for (int y = 0; y < image.rows; y += band) {
    const int rows = std::min(band, image.rows - y);
    const cv::Mat src = image.rowRange(y, y + rows);
    cv::Mat dst = rgba_band_.rowRange(0, rows);
    to_rgba_cpu(image_view(src), image_view(dst));
    if (target) target->upload_host(y, image_view(static_cast<const cv::Mat&>(dst)));
  }
}

void CpuPipeline::read_output(cv::Mat& output) const {
  // A colour filter's output of a gray frame's plane is given as BGR, as from a colour frame.
  if (deep_)
    output16_.copyTo(output);  // the library's 16-bit samples
  else if (output_.empty())
    output.release();
  else if (output_.channels() == 4)
    cv::cvtColor(output_, output, cv::COLOR_BGRA2BGR);
  else if (expands_gray_)
    cv::cvtColor(output_, output, cv::COLOR_GRAY2BGR);
  else
    output_.copyTo(output);
}

int CpuPipeline::read_output_pixel(int x, int y, cv::Vec3b& value) const {
  if (deep_) {  // the byte shown
    if (x < 0 || y < 0 || x >= shown_out_.cols || y >= shown_out_.rows) return 0;
    value = cv::Vec3b(shown_out_.at<uint8_t>(y, x), 0, 0);
    return 1;
  }
  if (output_.empty() || x < 0 || y < 0 || x >= output_.cols || y >= output_.rows) return 0;
  if (output_.channels() == 1) {
    const uint8_t v = output_.at<uint8_t>(y, x);
    value = expands_gray_ ? cv::Vec3b(v, v, v) : cv::Vec3b(v, 0, 0);
    return expands_gray_ ? 3 : 1;
  }
  const uint8_t* p = output_.ptr<uint8_t>(y) + std::size_t(x) * output_.channels();  // BGR or BGRA
  value = cv::Vec3b(p[0], p[1], p[2]);
  return 3;
}

}  // namespace satlab
