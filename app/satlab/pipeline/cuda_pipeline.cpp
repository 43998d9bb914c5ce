#include "pipeline/cuda_pipeline.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>

#include "common/cuda/cuda_check.h"
#include "pipeline/color_kernels.h"

namespace satlab {

namespace {

bool same_options(const sat::Options& a, const sat::Options& b) {
  return a.algorithm == b.algorithm && a.tile == b.tile && a.hybrid_r == b.hybrid_r;
}

// A fixed-size queue: push to the back (dropping the front when full), pop from the front.
template <class T, std::size_t N>
void push_back(std::array<T, N>& items, int& count, const T& item) {
  if (count == static_cast<int>(N)) std::rotate(items.begin(), items.begin() + 1, items.end()), --count;
  items[count++] = item;
}
template <class T, std::size_t N>
T pop_front(std::array<T, N>& items, int& count) {
  const T front = items[0];
  std::rotate(items.begin(), items.begin() + 1, items.begin() + count);
  --count;
  return front;
}

}  // namespace

CudaPipeline::CudaPipeline(const sat::Options& sat_options) : sat_options_(sat_options) {}

CudaPipeline::~CudaPipeline() {
  // Nothing may be in flight when the buffers go.
  SATAPP_CUDA_CHECK_NOTHROW(cudaStreamSynchronize(upload_stream_.get()));
  SATAPP_CUDA_CHECK_NOTHROW(cudaStreamSynchronize(stream_.get()));
}

void CudaPipeline::retire(FrameSlot& slot) {
  slot.wait();
  const int index = static_cast<int>(&slot - slots_.data());
  if (unreported_count_ > 0 && unreported_[0] == index) {
    pop_front(unreported_, unreported_count_);
    push_back(finished_, finished_count_, slot.timings());  // before its events are recorded again
  }
}

void CudaPipeline::drain() {
  SATAPP_CUDA_CHECK(cudaStreamSynchronize(upload_stream_.get()));
  SATAPP_CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  while (unreported_count_ > 0) retire(slots_[unreported_[0]]);
}

void CudaPipeline::reallocate(int width, int height) {
  drain();
  width_ = height_ = 0;
  output_ = {};
  last_ = -1;
  probe_.clear();
  for (FrameSlot& slot : slots_) slot.release();
  rgba_ = satapp::DeviceImage();
  rgba_host_ = satapp::PinnedImage();
  for (FrameSlot& slot : slots_) slot.allocate(width, height, sat_options_);
  width_ = width;
  height_ = height;
}

cv::Mat CudaPipeline::input_buffer(int width, int height) {
  if (width != width_ || height != height_ || width_ == 0) return {};
  FrameSlot& slot = slots_[next_];
  retire(slot);  // the GPU no longer reads it
  return slot.staging;
}

void CudaPipeline::process(const cv::Mat& frame, const PipelineSettings& settings, DisplayTarget* before,
                           DisplayTarget* after) {
  try {
    run(frame, settings, before, after);
  } catch (...) {
    // Nothing of a failed frame may still read its slot when the next frame takes it: let both
    // streams drain (they may hold an upload and a conversion), and report nothing of it.
    SATAPP_CUDA_CHECK_NOTHROW(cudaStreamSynchronize(upload_stream_.get()));
    SATAPP_CUDA_CHECK_NOTHROW(cudaStreamSynchronize(stream_.get()));
    if (width_ > 0) slots_[next_].abandon_frame();
    throw;
  }
}

void CudaPipeline::run(const cv::Mat& frame, const PipelineSettings& settings, DisplayTarget* before,
                       DisplayTarget* after) {
  if (frame.type() != CV_8UC3 || frame.empty())
    throw sat::Error(sat::ErrorCode::InvalidArgument, "CudaPipeline::process", "the frame must be non-empty 8-bit BGR");
  if (frame.cols != width_ || frame.rows != height_) reallocate(frame.cols, frame.rows);
  FrameSlot& slot = slots_[next_];
  retire(slot);  // usually already done by input_buffer(); its previous frame finished either way
  if (!same_options(slot.engine->sat_options(), settings.sat))
    slot.engine->set_sat_options(settings.sat);  // throws sat::Error for a combination satcore lacks
  sat_options_ = settings.sat;

  const FilterSettings& filter = settings.filter;
  const bool gray = outputs_gray(filter.kind);
  slot.begin_frame(filter.kind != FilterKind::None);
  upload(frame, slot);
  convert(slot, gray);
  const sat::ConstImage8 output = run_filter(slot, filter);  // timed by the slot's engine
  const sat::ConstImage8 input = gray ? sat::ConstImage8(slot.bgr.view()) : sat::ConstImage8(slot.bgra.view());
  display(slot, input, output, before, after);
  slot.end_frame(stream_.get());
  output_ = output;  // only now: a frame that failed part-way leaves the last one readable

  push_back(unreported_, unreported_count_, next_);
  last_ = next_;
  next_ = (next_ + 1) % kFramesInFlight;
  display_path_ = used_host_copy_ ? (used_interop_ ? "CUDA-GL interop + host copy" : "host copy")
                                  : (used_interop_ ? "CUDA-GL interop" : "");
}

void CudaPipeline::upload(const cv::Mat& frame, FrameSlot& slot) {
  // Into page-locked memory on the host, unless the source wrote it there (input_buffer()): the
  // slot is free (retired), so the host may write it while the GPU works on the other slot.
  if (frame.data != slot.staging.data) frame.copyTo(slot.staging);  // same size and type: in place
  const cudaStream_t up = upload_stream_.get();
  const sat::Image8 bgr = slot.bgr.view();
  slot.timer.begin(Stage::Upload, up);
  SATAPP_CUDA_CHECK(cudaMemcpy2DAsync(bgr.data, bgr.pitch, slot.staging.data, slot.staging.step[0],
                                      std::size_t(width_) * 3, height_, cudaMemcpyHostToDevice, up));
  slot.timer.end(Stage::Upload, up);
  // The rest of the frame runs on the compute stream once the upload is there (a GPU-side wait),
  // after the previous frame's work there; meanwhile the copy engine may bring the next frame.
  SATAPP_CUDA_CHECK(cudaStreamWaitEvent(stream_.get(), slot.timer.ended(Stage::Upload), 0));
}

void CudaPipeline::convert(FrameSlot& slot, bool gray) {
  // BGR → BGRA (box, none) or BGR → gray (thresholds, OpenCV's integer weights). The events
  // bracket the kernel alone: the compute stream passed the upload's event before the first one.
  const cudaStream_t stream = stream_.get();
  slot.timer.begin(Stage::Convert, stream);
  if (gray) slot.engine->to_gray(slot.bgr.view(), slot.gray.view(), stream);
  else bgr_to_bgra_gpu(slot.bgr.view(), slot.bgra.view(), stream);
  slot.timer.end(Stage::Convert, stream);
}

sat::ConstImage8 CudaPipeline::run_filter(FrameSlot& slot, const FilterSettings& filter) {
  const cudaStream_t stream = stream_.get();
  sat::FilterEngine& engine = *slot.engine;
  switch (filter.kind) {
    case FilterKind::None: return slot.bgra.view();
    case FilterKind::Box:
      engine.box_blur(slot.bgra.view(), slot.out_bgra.view(), filter.box, stream);
      return slot.out_bgra.view();
    case FilterKind::Threshold:
      engine.threshold_mean_c(slot.gray.view(), slot.out_gray.view(), filter.mean_c, stream);
      return slot.out_gray.view();
    case FilterKind::Sauvola:
      engine.threshold_sauvola(slot.gray.view(), slot.out_gray.view(), filter.sauvola, stream);
      return slot.out_gray.view();
    case FilterKind::Bradley:
      engine.threshold_bradley(slot.gray.view(), slot.out_gray.view(), filter.bradley, stream);
      return slot.out_gray.view();
  }
  throw sat::Error(sat::ErrorCode::Unsupported, "CudaPipeline::process",
                   std::string("filter ") + to_string(filter.kind) + " is not implemented yet");
}

void CudaPipeline::display(FrameSlot& slot, sat::ConstImage8 input, sat::ConstImage8 output, DisplayTarget* before,
                           DisplayTarget* after) {
  const cudaStream_t stream = stream_.get();
  used_interop_ = used_host_copy_ = false;
  DisplayTarget* const targets[2] = {before, after};
  const sat::ConstImage8 images[2] = {input, output};
  // Both targets are mapped before the stage starts and unmapped (in stream order, which orders
  // GL's next use after the writes) when `writes` goes: the hand-over orders work, it is not
  // work of the display stage, whose events bracket the writes alone.
  std::optional<ScopedCudaWrite> writes[2];
  for (int i = 0; i < 2; ++i) {
    if (!targets[i]) continue;
    targets[i]->resize(width_, height_);
    writes[i].emplace(*targets[i], stream);
  }
  slot.timer.begin(Stage::Display, stream);
  for (int i = 0; i < 2; ++i) {
    if (!writes[i] || !writes[i]->surface()) continue;
    to_rgba_surface_gpu(images[i], *writes[i]->surface(), stream);
    used_interop_ = true;
  }
  for (int i = 0; i < 2; ++i)
    if (writes[i] && !writes[i]->surface()) host_copy(images[i], *targets[i]);
  slot.timer.end(Stage::Display, stream);
}

void CudaPipeline::host_copy(sat::ConstImage8 image, DisplayTarget& target) {
  // RGBA on the device, down to pinned memory, up into the target: the fallback waits for it.
  const cudaStream_t stream = stream_.get();
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

StageTimings CudaPipeline::last_timings() const {
  const FrameSlot* slot = last_slot();
  if (!slot) return {};
  slot->wait();
  return slot->timings();
}

std::optional<StageTimings> CudaPipeline::take_finished_timings() {
  if (finished_count_ > 0) return pop_front(finished_, finished_count_);
  if (unreported_count_ == 0 || !slots_[unreported_[0]].finished()) return std::nullopt;
  return slots_[pop_front(unreported_, unreported_count_)].timings();
}

void CudaPipeline::read_output(cv::Mat& output) const {
  const FrameSlot* slot = last_slot();
  if (!slot || !output_.data) {
    output.release();
    return;
  }
  slot->wait();  // the copy below runs on the legacy stream, which does not wait for ours
  cv::Mat device_copy(output_.height, output_.width, CV_8UC(output_.channels));
  SATAPP_CUDA_CHECK(cudaMemcpy2D(device_copy.data, device_copy.step[0], output_.data, output_.pitch,
                                 std::size_t(output_.width) * output_.channels, output_.height,
                                 cudaMemcpyDeviceToHost));
  if (output_.channels == 4) cv::cvtColor(device_copy, output, cv::COLOR_BGRA2BGR);
  else output = device_copy;
}

int CudaPipeline::read_output_pixel(int x, int y, cv::Vec3b& value) const {
  const FrameSlot* slot = last_slot();
  if (!slot || !output_.data || x < 0 || y < 0 || x >= output_.width || y >= output_.height) return 0;
  slot->wait();
  uint8_t pixel[4] = {0, 0, 0, 0};
  SATAPP_CUDA_CHECK(cudaMemcpy(pixel, output_.data + y * output_.pitch + std::size_t(x) * output_.channels,
                               output_.channels, cudaMemcpyDeviceToHost));
  value = cv::Vec3b(pixel[0], pixel[1], pixel[2]);
  return output_.channels == 1 ? 1 : 3;
}

int CudaPipeline::probe_output_pixel(int x, int y, cv::Vec3b& value) {
  if (!last_slot()) return 0;
  return probe_.probe(output_, x, y, stream_.get(), value);
}

}  // namespace satlab
