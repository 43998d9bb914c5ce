#include "common/frame/cuda_frame_pipeline.h"

#include <algorithm>

#include "common/cuda/cuda_check.h"
#include "common/frame/bgr_to_bgra.h"
#include "common/frame/frame_ingest.h"
#include "sat/error.h"

namespace satapp {

CudaFramePipeline::CudaFramePipeline(int frames_in_flight, bool timing) : timing_(timing) {
  for (int i = 0; i < std::max(1, frames_in_flight); ++i) slots_.push_back(std::make_unique<FrameSlot>(timing));
}

CudaFramePipeline::~CudaFramePipeline() { synchronize(); }  // nothing may be in flight when the buffers go

void CudaFramePipeline::synchronize() noexcept {
  SATAPP_CUDA_CHECK_NOTHROW(cudaStreamSynchronize(upload_stream_.get()));
  SATAPP_CUDA_CHECK_NOTHROW(cudaStreamSynchronize(compute_stream_.get()));
}

void CudaFramePipeline::release() {
  SAT_CUDA_CHECK(cudaStreamSynchronize(upload_stream_.get()));
  SAT_CUDA_CHECK(cudaStreamSynchronize(compute_stream_.get()));
  for (auto& slot : slots_) slot->wait();  // the program's finish streams too
  layout_ = FrameLayout();
  next_ = in_flight_ = 0;
  last_ = -1;
  begun_ = false;
  for (auto& slot : slots_) slot->release();
}

void CudaFramePipeline::allocate(const FrameLayout& layout, const sat::Options& options) {
  if (layout.width <= 0 || layout.height <= 0 || layout.channels <= 0)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "CudaFramePipeline::allocate",
                     "the frame must have a positive size and channel count");
  release();
  for (auto& slot : slots_) slot->allocate(layout, options);
  layout_ = layout;
}

int CudaFramePipeline::index_of(const FrameSlot& slot) const {
  for (std::size_t i = 0; i < slots_.size(); ++i)
    if (slots_[i].get() == &slot) return static_cast<int>(i);
  return -1;
}

const FrameSlot* CudaFramePipeline::last_slot() const { return last_ < 0 ? nullptr : slots_[last_].get(); }

std::optional<RetiredFrame> CudaFramePipeline::retire_oldest(bool wait) {
  if (in_flight_ == 0) return std::nullopt;
  const int k = frames_in_flight();
  const int oldest = (next_ - in_flight_ + k) % k;
  FrameSlot& slot = *slots_[oldest];
  if (wait)
    slot.wait();
  else if (!slot.finished())
    return std::nullopt;
  --in_flight_;
  return RetiredFrame{oldest, slot.times()};  // before its events are recorded again
}

std::optional<RetiredFrame> CudaFramePipeline::make_room() {
  if (in_flight_ < frames_in_flight()) return std::nullopt;
  return retire_oldest(true);  // the frames take the slots in turn: the oldest holds the next one
}

void CudaFramePipeline::drain(std::vector<RetiredFrame>* retired) {
  SAT_CUDA_CHECK(cudaStreamSynchronize(upload_stream_.get()));
  SAT_CUDA_CHECK(cudaStreamSynchronize(compute_stream_.get()));
  while (const std::optional<RetiredFrame> frame = retire_oldest(true))
    if (retired) retired->push_back(*frame);
}

FrameSlot& CudaFramePipeline::begin_frame() {
  if (!allocated())
    throw sat::Error(sat::ErrorCode::InvalidArgument, "CudaFramePipeline::begin_frame", "no slots allocated");
  if (begun_ || in_flight_ == frames_in_flight())
    throw sat::Error(sat::ErrorCode::InvalidArgument, "CudaFramePipeline::begin_frame",
                     "the next slot is still busy (end the frame begun, or make_room())");
  FrameSlot& slot = *slots_[next_];
  slot.begin_frame();
  begun_ = true;
  return slot;
}

void CudaFramePipeline::upload(FrameSlot& slot, sat::ConstImage8 host, sat::ConstImage8 luma) {
  const sat::Image8 device = slot.input();
  if (host.width != device.width || host.height != device.height || host.channels != device.channels || !host.data)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "CudaFramePipeline::upload",
                     "the frame must be " + std::to_string(device.width) + "x" + std::to_string(device.height) +
                         " with " + std::to_string(device.channels) + " channels");
  const sat::Image8 gray = slot.converted(FrameConvert::Gray);
  if (luma.data && (luma.width != device.width || luma.height != device.height || luma.channels != 1 || !gray.data))
    throw sat::Error(sat::ErrorCode::InvalidArgument, "CudaFramePipeline::upload",
                     "the luma plane must be " + std::to_string(device.width) + "x" + std::to_string(device.height) +
                         ", 1 channel, and the slots need a gray image (FrameLayout::gray)");
  const cudaStream_t up = upload_stream_.get();
  slot.begin(FrameSlot::kUpload, up);
  SAT_CUDA_CHECK(cudaMemcpy2DAsync(device.data, device.pitch, host.data, host.pitch,
                                   std::size_t(device.width) * device.channels, std::size_t(device.height),
                                   cudaMemcpyHostToDevice, up));
  if (luma.data)
    SAT_CUDA_CHECK(cudaMemcpy2DAsync(gray.data, gray.pitch, luma.data, luma.pitch, std::size_t(gray.width),
                                     std::size_t(gray.height), cudaMemcpyHostToDevice, up));
  slot.end(FrameSlot::kUpload, up);
  slot.uploaded_ = true;
  slot.luma_uploaded_ = luma.data != nullptr;
  // The rest of the frame runs on the compute stream once the upload is there (a GPU-side wait),
  // after the previous frame's work there; meanwhile the copy engine may bring the next frame.
  SAT_CUDA_CHECK(cudaStreamWaitEvent(compute_stream_.get(), slot.ended(FrameSlot::kUpload), 0));
}

sat::ConstImage8 CudaFramePipeline::ingest(FrameSlot& slot, const FrameView& device, FrameConvert convert,
                                           cudaSurfaceObject_t rgba) {
  if (!device.on_device || device.width != layout_.width || device.height != layout_.height ||
      convert == FrameConvert::None)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "CudaFramePipeline::ingest",
                     "the frame must be in device memory, " + std::to_string(layout_.width) + "x" +
                         std::to_string(layout_.height) + ", converted to BGRA or gray");
  const cudaStream_t stream = compute_stream_.get();
  const std::optional<sat::ConstImage8> luma = convert == FrameConvert::Gray ? luma_plane(device) : std::nullopt;
  // The BGRA the kernel writes: the filter's input, or the step before gray for packed RGB.
  const sat::Image8 bgra = luma ? sat::Image8{} : slot.converted(FrameConvert::Bgra);
  if (!luma && !bgra.data)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "CudaFramePipeline::ingest",
                     "the slots have no BGRA image (FrameLayout::bgra)");
  slot.begin(FrameSlot::kUpload, stream);
  ingest_gpu(device, bgra, rgba, stream);  // throws for a host frame; nothing to do for luma alone
  slot.end(FrameSlot::kUpload, stream);
  if (luma) return *luma;
  if (convert == FrameConvert::Bgra) return bgra;
  const sat::Image8 gray = slot.converted(FrameConvert::Gray);
  if (!gray.data)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "CudaFramePipeline::ingest",
                     "the slots have no gray image (FrameLayout::gray)");
  slot.begin(FrameSlot::kConvert, stream);
  slot.session().engine({layout_.width, layout_.height}).to_gray(bgra, gray, stream);
  slot.end(FrameSlot::kConvert, stream);
  return gray;
}

sat::Image8 CudaFramePipeline::convert(FrameSlot& slot, FrameConvert convert) {
  // The events bracket the conversion alone: the compute stream passed the upload's event before.
  const cudaStream_t stream = compute_stream_.get();
  const sat::Image8 out = slot.converted(convert);
  if (convert == FrameConvert::None || (convert == FrameConvert::Gray && slot.luma_uploaded())) return out;
  if (!out.data)
    throw sat::Error(sat::ErrorCode::InvalidArgument, "CudaFramePipeline::convert",
                     "the slots have no image for this conversion (FrameLayout::bgra, ::gray)");
  slot.begin(FrameSlot::kConvert, stream);
  if (convert == FrameConvert::Gray)
    slot.session().engine({layout_.width, layout_.height}).to_gray(slot.input(), out, stream);
  else
    bgr_to_bgra_gpu(slot.input(), out, stream);
  slot.end(FrameSlot::kConvert, stream);
  return out;
}

void CudaFramePipeline::filter(FrameSlot& slot, const std::function<void(sat::FilterSession&, cudaStream_t)>& run) {
  const cudaStream_t stream = compute_stream_.get();
  slot.begin(FrameSlot::kCompute, stream);
  run(slot.session(), stream);
  slot.end(FrameSlot::kCompute, stream);
}

void CudaFramePipeline::wait_for_filter(FrameSlot& slot, cudaStream_t stream) const {
  if (stream != compute_stream_.get()) SAT_CUDA_CHECK(cudaStreamWaitEvent(stream, slot.ended(FrameSlot::kCompute), 0));
}

void CudaFramePipeline::end_frame(FrameSlot& slot, cudaStream_t stream) {
  slot.end_frame(stream);
  begun_ = false;
  last_ = next_;
  next_ = (next_ + 1) % frames_in_flight();
  ++in_flight_;
}

void CudaFramePipeline::abandon_frame() noexcept {
  // Nothing of a failed frame may still read its slot when the next frame takes it: both streams
  // may hold its upload and conversion.
  synchronize();
  if (begun_) slots_[next_]->abandon_frame();
  begun_ = false;
}

}  // namespace satapp
