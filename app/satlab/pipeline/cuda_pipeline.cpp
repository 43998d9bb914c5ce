#include "pipeline/cuda_pipeline.h"

#include <opencv2/imgproc.hpp>

#include "common/cuda/cuda_check.h"
#include "pipeline/color_kernels.h"

namespace satlab {

namespace {
bool same_options(const sat::Options& a, const sat::Options& b) {
  return a.algorithm == b.algorithm && a.tile == b.tile && a.hybrid_r == b.hybrid_r;
}
}  // namespace

CudaPipeline::CudaPipeline(const sat::Options& sat_options) : sat_options_(sat_options) {}

CudaPipeline::~CudaPipeline() {
  // Nothing may be in flight when the buffers go.
  SATAPP_CUDA_CHECK_NOTHROW(cudaStreamSynchronize(stream_.get()));
}

void CudaPipeline::reallocate(int width, int height) {
  SATAPP_CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  // Free before allocating: a size change must not need twice the memory.
  engine_.reset();
  staging_ = satapp::PinnedImage();
  for (satapp::DeviceImage* image : {&bgr_, &bgra_, &gray_, &out_bgra_, &out_gray_, &rgba_})
    *image = satapp::DeviceImage();
  rgba_host_ = satapp::PinnedImage();
  output_ = {};
  width_ = height_ = 0;

  engine_.emplace(sat::Backend::Cuda, sat::Extent{width, height}, sat_options_);
  engine_->enable_stage_timing(true);
  staging_ = satapp::PinnedImage(width, height, 3);
  bgr_ = satapp::DeviceImage(width, height, 3);
  bgra_ = satapp::DeviceImage(width, height, 4);
  gray_ = satapp::DeviceImage(width, height, 1);
  out_bgra_ = satapp::DeviceImage(width, height, 4);
  out_gray_ = satapp::DeviceImage(width, height, 1);
  width_ = width;
  height_ = height;
}

void CudaPipeline::apply_sat_options(const sat::Options& options) {
  if (same_options(options, sat_options_)) return;
  engine_->set_sat_options(options);  // throws sat::Error for a combination satcore lacks
  sat_options_ = options;
}

void CudaPipeline::process(const cv::Mat& frame, const PipelineSettings& settings, DisplayTarget* before,
                           DisplayTarget* after) {
  try {
    run(frame, settings, before, after);
  } catch (...) {
    // Nothing of a failed frame may still read the staging buffer or the images when the next
    // frame starts: let the stream drain (it may hold an upload and a conversion).
    SATAPP_CUDA_CHECK_NOTHROW(cudaStreamSynchronize(stream_.get()));
    throw;
  }
}

void CudaPipeline::run(const cv::Mat& frame, const PipelineSettings& settings, DisplayTarget* before,
                       DisplayTarget* after) {
  if (frame.type() != CV_8UC3 || frame.empty())
    throw sat::Error(sat::ErrorCode::InvalidArgument, "CudaPipeline::process", "the frame must be non-empty 8-bit BGR");
  if (frame.cols != width_ || frame.rows != height_) reallocate(frame.cols, frame.rows);
  apply_sat_options(settings.sat);
  const cudaStream_t stream = stream_.get();
  timer_.reset();

  // upload: into page-locked memory on the host (a memcpy), then asynchronously to the device.
  cv::Mat staged(height_, width_, CV_8UC3, staging_.view().data);
  frame.copyTo(staged);  // writes into the pinned buffer: same size and type, no reallocation
  timer_.begin(Stage::Upload, stream);
  const sat::Image8 bgr = bgr_.view();
  SATAPP_CUDA_CHECK(cudaMemcpy2DAsync(bgr.data, bgr.pitch, staged.data, staged.step[0], std::size_t(width_) * 3,
                                      height_, cudaMemcpyHostToDevice, stream));
  timer_.end(Stage::Upload, stream);

  // convert: BGR → BGRA (box, none) or BGR → gray (thresholds, OpenCV's integer weights).
  const FilterSettings& filter = settings.filter;
  const bool gray = outputs_gray(filter.kind);
  timer_.begin(Stage::Convert, stream);
  if (gray) engine_->to_gray(bgr, gray_.view(), stream);
  else bgr_to_bgra_gpu(bgr, bgra_.view(), stream);
  timer_.end(Stage::Convert, stream);
  const sat::ConstImage8 input = gray ? sat::ConstImage8(bgr) : sat::ConstImage8(bgra_.view());

  // sat + filter: the engine times both with its own events on this stream.
  run_filter(filter);

  // display: input and output → RGBA8 targets.
  used_interop_ = used_host_copy_ = false;
  timer_.begin(Stage::Display, stream);
  if (before) display(input, *before);
  if (after) display(output_, *after);
  timer_.end(Stage::Display, stream);
  SATAPP_CUDA_CHECK(cudaStreamSynchronize(stream));

  last_ = {};
  last_[Stage::Upload] = timer_.elapsed_ms(Stage::Upload);
  last_[Stage::Convert] = timer_.elapsed_ms(Stage::Convert);
  last_[Stage::Display] = timer_.elapsed_ms(Stage::Display);
  if (filter.kind != FilterKind::None) {
    const sat::StageTimes t = engine_->last_stage_times();
    last_[Stage::Convert] += t.convert_ms;  // 0: the engine gets converted input
    last_[Stage::Sat] = t.sat_ms;
    last_[Stage::Filter] = t.filter_ms;
  }
  display_path_ = used_host_copy_ ? (used_interop_ ? "CUDA-GL interop + host copy" : "host copy")
                                  : (used_interop_ ? "CUDA-GL interop" : "");
}

void CudaPipeline::run_filter(const FilterSettings& filter) {
  const cudaStream_t stream = stream_.get();
  switch (filter.kind) {
    case FilterKind::None: output_ = bgra_.view(); return;
    case FilterKind::Box:
      engine_->box_blur(bgra_.view(), out_bgra_.view(), filter.box, stream);
      output_ = out_bgra_.view();
      return;
    case FilterKind::Threshold:
      engine_->threshold_mean_c(gray_.view(), out_gray_.view(), filter.mean_c, stream);
      output_ = out_gray_.view();
      return;
    case FilterKind::Sauvola:
      engine_->threshold_sauvola(gray_.view(), out_gray_.view(), filter.sauvola, stream);
      output_ = out_gray_.view();
      return;
    case FilterKind::Bradley:
      engine_->threshold_bradley(gray_.view(), out_gray_.view(), filter.bradley, stream);
      output_ = out_gray_.view();
      return;
    case FilterKind::Shadows: break;
  }
  throw sat::Error(sat::ErrorCode::Unsupported, "CudaPipeline::process",
                   std::string("filter ") + to_string(filter.kind) + " is not implemented yet");
}

void CudaPipeline::display(sat::ConstImage8 image, DisplayTarget& target) {
  const cudaStream_t stream = stream_.get();
  target.resize(image.width, image.height);
  {
    const ScopedCudaWrite write(target, stream);
    if (write.surface()) {
      to_rgba_surface_gpu(image, *write.surface(), stream);
      used_interop_ = true;
      return;
    }
  }
  // Host copy: RGBA on the device, down to pinned memory, up into the target.
  if (rgba_.empty()) {
    rgba_ = satapp::DeviceImage(width_, height_, 4);
    rgba_host_ = satapp::PinnedImage(width_, height_, 4);
  }
  const sat::Image8 rgba = rgba_.view(), host = rgba_host_.view();
  to_rgba_gpu(image, rgba, stream);
  SATAPP_CUDA_CHECK(cudaMemcpy2DAsync(host.data, host.pitch, rgba.data, rgba.pitch, std::size_t(width_) * 4, height_,
                                      cudaMemcpyDeviceToHost, stream));
  SATAPP_CUDA_CHECK(cudaStreamSynchronize(stream));
  target.upload_host(host.data, host.pitch);
  used_host_copy_ = true;
}

void CudaPipeline::read_output(cv::Mat& output) const {
  if (!output_.data) {
    output.release();
    return;
  }
  cv::Mat device_copy(output_.height, output_.width, CV_8UC(output_.channels));
  SATAPP_CUDA_CHECK(cudaMemcpy2D(device_copy.data, device_copy.step[0], output_.data, output_.pitch,
                                 std::size_t(output_.width) * output_.channels, output_.height,
                                 cudaMemcpyDeviceToHost));
  if (output_.channels == 4) cv::cvtColor(device_copy, output, cv::COLOR_BGRA2BGR);
  else output = device_copy;
}

int CudaPipeline::read_output_pixel(int x, int y, cv::Vec3b& value) const {
  if (!output_.data || x < 0 || y < 0 || x >= output_.width || y >= output_.height) return 0;
  uint8_t pixel[4] = {0, 0, 0, 0};
  SATAPP_CUDA_CHECK(cudaMemcpy(pixel, output_.data + y * output_.pitch + std::size_t(x) * output_.channels,
                               output_.channels, cudaMemcpyDeviceToHost));
  value = cv::Vec3b(pixel[0], pixel[1], pixel[2]);
  return output_.channels == 1 ? 1 : 3;
}

}  // namespace satlab
