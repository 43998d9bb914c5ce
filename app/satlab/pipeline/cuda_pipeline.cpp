#include "pipeline/cuda_pipeline.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <optional>
#include <vector>

#include "common/cuda/cuda_check.h"
#include "common/frame/frame_ingest.h"
#include "common/frame/frame_to_bgr.h"
#include "pipeline/color_kernels.h"
#include "pipeline/mat_view.h"
#include "pipeline/window_level_kernels.h"
#include "sat/filter_spec.h"
#include "sources/deep_frame.h"

namespace satlab {

namespace {

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

// The filter's images (a radius map) as the slot's session holds them: given where the filter
// takes them (copied only when the image changes, its host memory naming it), let go of otherwise,
// so that the session binds none to a spec whose rules refuse it.
void give_images(sat::FilterSession& session, const FilterSettings& filter) {
  const bool take = takes_images(filter);
  const std::vector<satapp::FilterImage>& images = filter.images[catalog_index(filter.kind)];
  for (const sat::ParamInfo& param : sat::info_of(*filter.spec()).params) {
    if (param.kind != sat::ParamKind::Image) continue;
    const auto given = std::find_if(images.begin(), images.end(),
                                    [&](const satapp::FilterImage& image) { return image.param == param.name; });
    if (take && given != images.end())
      session.set_image(param.name, {given->image.data, 0, image_view(given->image)});
    else
      session.clear_image(param.name);
  }
}

// The display targets' CUDA writes of one frame, open from before the frame's first kernel (a
// device frame's ingest writes "before") until the frame is enqueued, and closed on every path
// out (exceptions included).
class DisplayWrites {
 public:
  DisplayWrites(DisplayTarget* before, DisplayTarget* after, int width, int height, cudaStream_t stream) {
    DisplayTarget* const targets[2] = {before, after};
    for (int i = 0; i < 2; ++i) {
      if (!targets[i]) continue;
      targets[i]->resize(width, height);
      writes_[i].emplace(*targets[i], stream);
    }
  }
  cudaSurfaceObject_t before() const { return surface(0); }
  cudaSurfaceObject_t after() const { return surface(1); }

 private:
  cudaSurfaceObject_t surface(int i) const { return writes_[i] ? writes_[i]->surface() : 0; }
  std::optional<ScopedCudaWrite> writes_[2];
};

StageTimings timings_of_8bit(const satapp::FrameTimes& t) {
  StageTimings timings = pipeline_stages();
  timings[Stage::Upload].ms = t.upload_ms;    // a device frame's ingest, with its "before" display
  timings[Stage::Convert].ms = t.convert_ms;  // the convert kernel (+ 0: the engine gets converted input)
  timings[Stage::Sat].ms = t.sat_ms;
  timings[Stage::Filter].ms = t.filter_ms;
  timings[Stage::Display].ms = t.finish_ms;
  return timings;
}

}  // namespace

CudaPipeline::CudaPipeline(const sat::Options& sat_options) : sat_options_(sat_options) {}

CudaPipeline::~CudaPipeline() {
  frames_.synchronize();  // nothing may be in flight when the buffers go (the probe's read-back too)
}

StageTimings CudaPipeline::timings_of(int slot, const satapp::FrameTimes& t) const {
  if (!deep_.deep(slot)) return timings_of_8bit(t);
  // The upload and the unpack are timed by the 16-bit buffers' events, the rest by the slot's.
  const DeepSlot& deep = deep_[slot];
  StageTimings timings = pipeline_stages(sat::SampleType::U16);
  timings[Stage::Upload].ms = deep.upload.elapsed_ms();
  timings[Stage::Convert].ms = deep.unpack.elapsed_ms() + t.convert_ms;
  timings[Stage::Sat].ms = t.sat_ms;
  timings[Stage::Filter].ms = t.filter_ms;
  timings[Stage::Display].ms = t.finish_ms;
  return timings;
}

void CudaPipeline::finished(const std::optional<satapp::RetiredFrame>& frame) {
  if (frame) push_back(finished_, finished_count_, timings_of(frame->slot, frame->times));
}

void CudaPipeline::drain() {
  std::vector<satapp::RetiredFrame> retired;
  frames_.drain(&retired);
  for (const satapp::RetiredFrame& frame : retired) finished(frame);
}

void CudaPipeline::reallocate(int width, int height) {
  drain();
  width_ = height_ = 0;
  output_ = {};
  probe_.clear();
  deep_input_probe_.clear();
  deep_output_probe_.clear();
  deep_.release();
  last_deep_ = false;
  deep_input_ = deep_output_ = {};
  known_range_.reset();
  frames_.release();
  held_ = {};  // every frame retired: no slot reads a decoder's buffer any more
  satapp::FrameLayout layout;
  layout.width = width;
  layout.height = height;
  layout.channels = 3;  // BGR
  layout.staging = true;
  layout.bgra = layout.gray = true;  // the filter kind may change from frame to frame
  layout.outputs = {4, 1};
  frames_.allocate(layout, sat_options_);
  width_ = width;
  height_ = height;
}

cv::Mat CudaPipeline::input_buffer(int width, int height) {
  if (width != width_ || height != height_ || width_ == 0) return {};
  finished(frames_.make_room());  // the GPU no longer reads the next slot
  return frames_.next_slot().staging();
}

template <class Work>
void CudaPipeline::guarded(Work&& frame_work) {
  try {
    frame_work();
  } catch (...) {
    // Both streams drain (they may hold an upload and a conversion); nothing of the frame is
    // reported.
    frames_.abandon_frame();
    throw;
  }
}

void CudaPipeline::process(const satapp::Frame& frame, const PipelineSettings& settings, DisplayTarget* before,
                           DisplayTarget* after) {
  if (frame.empty()) throw sat::Error(sat::ErrorCode::InvalidArgument, "CudaPipeline::process", "the frame is empty");
  const satapp::FrameView& view = frame.view;
  const bool deep = is_deep(frame);
  // A filter that does not take 16-bit samples is refused before the frame starts (its message
  // names the types): the last frame's output stands.
  if (deep && settings.filter.spec())
    sat::check_sample_type(*settings.filter.spec(), sat::SampleType::U16, "CudaPipeline::process");
  guarded([&] {
    satapp::FrameSlot& slot = begin(view.width, view.height, settings);
    if (deep) {
      finish_deep(slot, frame, settings, before, after);
    } else if (frame.on_device()) {
      // Read where it lies by the ingest on the compute stream, once the planes are written; the
      // slot's previous frame retired, so its buffer goes back.
      held_[frames_.index_of(slot)] = frame.owner;
      if (frame.ready) SAT_CUDA_CHECK(cudaStreamWaitEvent(compute_stream(), frame.ready, 0));
      finish(slot, settings, &view, before, after);
    } else {
      // Into page-locked memory on the host (converted to BGR there, for another layout), unless
      // the source wrote it there (input_buffer()): the slot is free (retired), so the host may
      // write it while the GPU works on the other slot.
      cv::Mat staging = slot.staging();  // a header: to_bgr_cpu writes in place (same size and type)
      if (view.plane[0] != staging.data) satapp::to_bgr_cpu(view, staging);
      // The gray filters read a decoder's luma plane (uploaded beside the BGR the display shows),
      // as they do for its device frames.
      const std::optional<sat::ConstImage8> luma =
          outputs_gray(settings.filter.kind) ? satapp::luma_plane(view) : std::nullopt;
      frames_.upload(slot, {staging.data, staging.step[0], staging.cols, staging.rows, 3},
                     luma.value_or(sat::ConstImage8{}));
      finish(slot, settings, nullptr, before, after);
    }
  });
}

satapp::FrameSlot& CudaPipeline::begin(int width, int height, const PipelineSettings& settings) {
  if (width != width_ || height != height_) reallocate(width, height);
  finished(frames_.make_room());  // usually already done by input_buffer(); its previous frame finished either way
  satapp::FrameSlot& slot = frames_.begin_frame();
  // An engine made again at the filter, which throws sat::Error for a combination satcore lacks.
  slot.session().set_sat_options(settings.sat);
  sat_options_ = settings.sat;
  return slot;
}

void CudaPipeline::finish(satapp::FrameSlot& slot, const PipelineSettings& settings, const satapp::FrameView* device,
                          DisplayTarget* before, DisplayTarget* after) {
  if (!deep_.empty()) deep_[frames_.index_of(slot)].deep = false;
  const FilterSettings& filter = settings.filter;
  const bool gray = outputs_gray(filter.kind);
  // BGRA for none and the filters that keep the colours, gray for the filters with gray output.
  const satapp::FrameConvert convert = gray ? satapp::FrameConvert::Gray : satapp::FrameConvert::Bgra;
  std::optional<DisplayWrites> writes;
  writes.emplace(before, after, width_, height_, compute_stream());
  sat::ConstImage8 input, shown_input;
  if (device) {
    // The decoder's frame read once: the filter's input (its luma plane for gray, without a copy)
    // and the "before" display in colour, by one kernel.
    input = frames_.ingest(slot, *device, convert, writes->before());
  } else {
    // The uploaded BGR → BGRA, or → gray with OpenCV's integer weights; "before" shows the frame
    // in colour: the uploaded BGR frame where the filter reads gray.
    input = frames_.convert(slot, convert);
    shown_input = gray ? sat::ConstImage8(slot.input()) : input;
  }
  const sat::ConstImage8 output = run_filter(slot, input, filter);  // timed by the slot's engine
  display(slot, shown_input, output, writes->before(), writes->after());
  writes.reset();  // closed in stream order, before the frame ends (the targets' copies are its work)
  frames_.end_frame(slot, compute_stream());
  output_ = output;  // only now: a frame that failed part-way leaves the last one readable
  last_deep_ = false;

  display_path_ = display_path_of(before, after);
}

void CudaPipeline::finish_deep(satapp::FrameSlot& slot, const satapp::Frame& frame, const PipelineSettings& settings,
                               DisplayTarget* before, DisplayTarget* after) {
  const int index = frames_.index_of(slot);
  deep_.ensure(kFramesInFlight, width_, height_);
  DeepSlot& deep = deep_[index];
  const cudaStream_t stream = compute_stream();
  std::optional<DisplayWrites> writes;
  writes.emplace(before, after, width_, height_, stream);

  // Upload: the luma words as they lie (a device frame's after its `ready` event, its buffer held
  // until the slot is taken again); unpack: P010's shifted down to their values, in place.
  int shift = 0;
  const sat::ConstImage16 luma = deep_luma(frame.view, shift);
  if (frame.on_device()) {
    held_[index] = frame.owner;
    if (frame.ready) SAT_CUDA_CHECK(cudaStreamWaitEvent(stream, frame.ready, 0));
  }
  const sat::Image16 values = deep.in();
  deep.upload.start(stream);
  SAT_CUDA_CHECK(cudaMemcpy2DAsync(values.data, values.pitch, luma.data, luma.pitch, std::size_t(width_) * 2,
                                   std::size_t(height_),
                                   frame.on_device() ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice, stream));
  deep.upload.stop(stream);
  deep.unpack.start(stream);
  if (shift != 0) unshift_samples_gpu(values, shift, values, stream);
  deep.unpack.stop(stream);

  const FilterSettings& filter = settings.filter;
  sat::ConstImage16 output = values;
  if (const sat::FilterSpec* spec = filter.spec()) {
    if (sat::output_channels(*spec, 1) != 1)
      throw sat::Error(sat::ErrorCode::Unsupported, "CudaPipeline::process",
                       "a one-channel 16-bit frame gives this filter's output more channels than satlab shows");
    give_images(slot.session(), filter);
    const sat::Image16 out = deep.out();
    frames_.filter(slot, [&](sat::FilterSession& session, cudaStream_t s) {
      session.run_device(*spec, sat::ConstImageView(sat::ConstImage16(values)), sat::ImageView(out), s);
    });
    output = out;
  }

  // Display: the automatic range computed and read on the GPU, both pictures through it; the range
  // copied back for the control panel (the slot retired, so nothing still writes `shown`).
  frames_.begin_finish(slot, stream);
  const WindowLevel& wl = settings.window_level;
  const SampleRange fixed = manual_range(wl);
  const uint32_t* range = nullptr;
  if (wl.automatic) {
    frame_range_gpu(values, deep.range.data(), stream);
    range = deep.range.data();
    SAT_CUDA_CHECK(cudaMemcpyAsync(deep.shown.data(), range, 2 * sizeof(uint32_t), cudaMemcpyDeviceToHost, stream));
  } else {
    deep.shown.data()[0] = fixed.low;
    deep.shown.data()[1] = fixed.high;
  }
  if (writes->before()) window_level_surface_gpu(values, range, fixed, writes->before(), stream);
  if (writes->after()) window_level_surface_gpu(output, range, fixed, writes->after(), stream);
  frames_.end_finish(slot, stream);
  writes.reset();
  frames_.end_frame(slot, stream);

  deep.deep = true;
  last_deep_ = true;
  deep_input_ = values;
  deep_output_ = output;
  display_path_ = display_path_of(before, after);
}

sat::ConstImage8 CudaPipeline::run_filter(satapp::FrameSlot& slot, sat::ConstImage8 input,
                                          const FilterSettings& filter) {
  if (filter.kind == FilterKind::None) return input;
  const sat::FilterSpec* spec = filter.spec();
  if (!spec)
    throw sat::Error(sat::ErrorCode::Unsupported, "CudaPipeline::process",
                     "filter " + std::to_string(static_cast<int>(filter.kind)) + " is not in the filter menu");
  const sat::Image8 out = slot.output(sat::output_channels(*spec, input.channels));
  // The slot's session binds the images it holds (its own device copies) in place of the spec's.
  give_images(slot.session(), filter);
  frames_.filter(
      slot, [&](sat::FilterSession& session, cudaStream_t stream) { session.run_device(*spec, input, out, stream); });
  return out;
}

void CudaPipeline::display(satapp::FrameSlot& slot, sat::ConstImage8 input, sat::ConstImage8 output,
                           cudaSurfaceObject_t before, cudaSurfaceObject_t after) {
  // The writes were opened before the frame's first kernel and close (in stream order: an unmap,
  // which orders GL's next use after the writes; or, without interop, the target's copy to the
  // host) after it is enqueued: the hand-over orders work, it is not work of the display stage,
  // whose events bracket the surface writes alone. Every target gives a surface, interop or not.
  const cudaStream_t stream = compute_stream();
  frames_.begin_finish(slot, stream);
  if (before && input.data) to_rgba_surface_gpu(input, before, stream);
  if (after) to_rgba_surface_gpu(output, after, stream);
  frames_.end_finish(slot, stream);
}

StageTimings CudaPipeline::last_timings() const {
  const satapp::FrameSlot* slot = frames_.last_slot();
  if (!slot) return pipeline_stages();
  slot->wait();
  return timings_of(frames_.index_of(*slot), slot->times());
}

std::optional<StageTimings> CudaPipeline::take_finished_timings() {
  if (finished_count_ > 0) return pop_front(finished_, finished_count_);
  if (const std::optional<satapp::RetiredFrame> frame = frames_.retire_oldest(false))
    return timings_of(frame->slot, frame->times);
  return std::nullopt;
}

std::optional<FramePipeline::DeviceInput> CudaPipeline::device_input() const {
  const satapp::FrameSlot* slot = frames_.last_slot();
  // A device frame leaves no BGR copy, nor does a 16-bit frame.
  if (!slot || !slot->uploaded() || last_deep_) return std::nullopt;
  return DeviceInput{slot->input(), compute_stream()};
}

void CudaPipeline::read_output(cv::Mat& output) const {
  const satapp::FrameSlot* slot = frames_.last_slot();
  if (slot && last_deep_) {  // the library's 16-bit samples
    slot->wait();
    output.create(deep_output_.height, deep_output_.width, CV_16UC1);
    SAT_CUDA_CHECK(cudaMemcpy2D(output.data, output.step[0], deep_output_.data, deep_output_.pitch,
                                std::size_t(deep_output_.width) * 2, deep_output_.height, cudaMemcpyDeviceToHost));
    return;
  }
  if (!slot || !output_.data) {
    output.release();
    return;
  }
  slot->wait();  // the copy below runs on the legacy stream, which does not wait for ours
  cv::Mat device_copy(output_.height, output_.width, CV_8UC(output_.channels));
  SAT_CUDA_CHECK(cudaMemcpy2D(device_copy.data, device_copy.step[0], output_.data, output_.pitch,
                              std::size_t(output_.width) * output_.channels, output_.height, cudaMemcpyDeviceToHost));
  if (output_.channels == 4)
    cv::cvtColor(device_copy, output, cv::COLOR_BGRA2BGR);
  else
    output = device_copy;
}

int CudaPipeline::read_output_pixel(int x, int y, cv::Vec3b& value) const {
  const satapp::FrameSlot* slot = frames_.last_slot();
  if (slot && last_deep_) {  // the byte shown: the sample through the range it was shown with
    if (x < 0 || y < 0 || x >= deep_output_.width || y >= deep_output_.height) return 0;
    slot->wait();
    uint16_t sample = 0;
    SAT_CUDA_CHECK(cudaMemcpy(
        &sample, reinterpret_cast<const uint8_t*>(deep_output_.data) + y * deep_output_.pitch + std::size_t(x) * 2,
        sizeof sample, cudaMemcpyDeviceToHost));
    value = cv::Vec3b(window_level_sample(sample, deep_[frames_.index_of(*slot)].shown_range()), 0, 0);
    return 1;
  }
  if (!slot || !output_.data || x < 0 || y < 0 || x >= output_.width || y >= output_.height) return 0;
  slot->wait();
  uint8_t pixel[4] = {0, 0, 0, 0};
  SAT_CUDA_CHECK(cudaMemcpy(pixel, output_.data + y * output_.pitch + std::size_t(x) * output_.channels,
                            output_.channels, cudaMemcpyDeviceToHost));
  value = cv::Vec3b(pixel[0], pixel[1], pixel[2]);
  return output_.channels == 1 ? 1 : 3;
}

int CudaPipeline::probe_output_pixel(int x, int y, cv::Vec3b& value) {
  if (!frames_.last_slot() || last_deep_) return 0;  // a 16-bit frame's values: probe_deep_pixel
  return probe_.probe(output_, x, y, compute_stream(), value);
}

std::optional<DeepPixel> CudaPipeline::probe_deep_pixel(int x, int y) {
  if (!frames_.last_slot() || !last_deep_) return std::nullopt;
  DeepPixel pixel;
  const int input = deep_input_probe_.probe(deep_input_, x, y, compute_stream(), pixel.input);
  const int output = deep_output_probe_.probe(deep_output_, x, y, compute_stream(), pixel.output);
  if (!input || !output) return std::nullopt;
  return pixel;
}

std::optional<SampleRange> CudaPipeline::shown_range() const {
  const satapp::FrameSlot* slot = frames_.last_slot();
  if (!slot || !last_deep_) return std::nullopt;
  const int index = frames_.index_of(*slot);
  if (slot->finished() && deep_.deep(index)) known_range_ = deep_[index].shown_range();  // never waits
  return known_range_;
}

}  // namespace satlab
