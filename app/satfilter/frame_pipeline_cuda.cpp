#include "frame_pipeline_cuda.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/cuda/cuda_check.h"
#include "common/cuda/cuda_event.h"
#include "common/cuda/cuda_stream.h"
#include "common/cuda/device_image.h"
#include "common/cuda/pinned_buffer.h"
#include "common/timing/event_timer.h"
#include "common/timing/stopwatch.h"
#include "filter_runner.h"
#include "frame_threads.h"
#include "interrupt.h"

namespace satfilter {
namespace {

// Events that order the streams; with --report they also time the stages.
unsigned event_flags(bool timing) { return timing ? cudaEventDefault : cudaEventDisableTiming; }

// One frame on the GPU: its device images and the events that order and time its stages.
struct Slot {
  Slot(const MediaInfo& info, int out_channels, bool timing)
      : input(info.width, info.height, info.channels),
        output(info.width, info.height, out_channels),
        upload(event_flags(timing)),
        compute(event_flags(timing)),
        download(event_flags(timing)) {}
  satapp::DeviceImage input;
  satapp::DeviceImage output;
  satapp::EventTimer upload, compute, download;  // their stop events order the streams
  bool busy = false;
  int in_buffer = -1;   // pinned input buffer (owned by the Decoder while busy)
  int out_buffer = -1;  // pinned output buffer (submitted to the Encoder when retired)
  sat::StageTimes engine_times;
};

// Waits for the streams before the buffers they use are freed (also on the error path).
class StreamDrain {
 public:
  explicit StreamDrain(std::vector<cudaStream_t> streams) : streams_(std::move(streams)) {}
  ~StreamDrain() {
    for (cudaStream_t stream : streams_) cudaStreamSynchronize(stream);
  }
  StreamDrain(const StreamDrain&) = delete;
  StreamDrain& operator=(const StreamDrain&) = delete;

 private:
  std::vector<cudaStream_t> streams_;
};

}  // namespace

bool cuda_device_available(std::string* reason) {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess) {
    cudaGetLastError();
    if (reason) *reason = cudaGetErrorString(status);
    return false;
  }
  if (count == 0) {
    if (reason) *reason = "no CUDA device found";
    return false;
  }
  return true;
}

PipelineResult run_cuda_pipeline(const PipelineRequest& request) {
  PipelineResult result;
  const MediaInfo& info = request.source.info();
  const int out_channels = output_channels(request.filter, info.channels);
  const bool timing = request.timing;
  int depth = info.kind == MediaKind::Video ? std::max(1, request.frames_in_flight) : 1;
  if (info.frame_count > 0) depth = static_cast<int>(std::min<int64_t>(depth, info.frame_count));
  // Pinned buffers: one per slot plus slack so that the decode thread can run ahead and the
  // encode thread lag behind without stalling the GPU. At least one more input buffer than slots:
  // the decode thread needs a free buffer to find out that the stream has ended.
  const int host_buffers = depth + (info.kind == MediaKind::Video ? 2 : 1);

  const satapp::Stopwatch setup;
  sat::FilterEngine engine(sat::Backend::Cuda, sat::Extent{info.width, info.height}, request.sat_options);
  engine.enable_stage_timing(timing);
  satapp::CudaStream upload_stream, compute_stream, download_stream;

  std::vector<satapp::PinnedBuffer> pinned;  // moving one keeps its memory where the headers point
  std::vector<cv::Mat> inputs, outputs;  // headers over the pinned buffers
  for (int i = 0; i < host_buffers; ++i) {
    pinned.emplace_back(std::size_t(info.width) * info.height * info.channels);
    inputs.emplace_back(info.height, info.width, CV_8UC(info.channels), pinned.back().data());
    pinned.emplace_back(std::size_t(info.width) * info.height * out_channels);
    outputs.emplace_back(info.height, info.width, CV_8UC(out_channels), pinned.back().data());
  }
  std::vector<std::unique_ptr<Slot>> slots;
  for (int i = 0; i < depth; ++i) slots.push_back(std::make_unique<Slot>(info, out_channels, timing));
  StreamDrain drain({upload_stream.get(), compute_stream.get(), download_stream.get()});
  result.setup_ms = setup.elapsed_ms();

  const satapp::Stopwatch wall;
  Decoder decoder(request.source, inputs);
  Encoder encoder(request.sink, outputs, request.progress);

  // The slot whose engine call was enqueued last and whose stage times are not read yet.
  Slot* engine_pending = nullptr;
  auto collect_engine_times = [&] {
    if (!engine_pending) return;
    SATAPP_CUDA_CHECK(cudaEventSynchronize(engine_pending->compute.stopped()));
    engine_pending->engine_times = engine.last_stage_times();
    engine_pending = nullptr;
  };

  auto retire = [&](Slot& slot) {
    SATAPP_CUDA_CHECK(cudaEventSynchronize(slot.download.stopped()));
    if (timing) {
      if (engine_pending == &slot) collect_engine_times();
      result.totals.upload_ms += slot.upload.elapsed_ms();
      result.totals.compute_ms += slot.compute.elapsed_ms();
      result.totals.download_ms += slot.download.elapsed_ms();
      result.totals.convert_ms += slot.engine_times.convert_ms;
      result.totals.sat_ms += slot.engine_times.sat_ms;
      result.totals.filter_ms += slot.engine_times.filter_ms;
    }
    decoder.release(slot.in_buffer);
    encoder.submit(slot.out_buffer);
    slot.busy = false;
    ++result.frames;
  };

  int64_t frame = 0;
  while (const std::optional<int> in = decoder.next()) {
    throw_if_interrupted();
    Slot& slot = *slots[frame % depth];
    if (slot.busy) retire(slot);  // the frame `depth` back: its download is long done, normally
    slot.in_buffer = *in;
    const cv::Mat& host_in = inputs[*in];

    const sat::Image8 device_in = slot.input.view();
    slot.upload.start(upload_stream.get());
    SATAPP_CUDA_CHECK(cudaMemcpy2DAsync(device_in.data, device_in.pitch, host_in.data, host_in.step[0],
                                        slot.input.row_bytes(), std::size_t(info.height), cudaMemcpyHostToDevice,
                                        upload_stream.get()));
    slot.upload.stop(upload_stream.get());

    SATAPP_CUDA_CHECK(cudaStreamWaitEvent(compute_stream.get(), slot.upload.stopped(), 0));
    if (timing) collect_engine_times();  // the engine keeps the times of its last call only
    slot.compute.start(compute_stream.get());
    apply_filter(engine, request.filter, device_in, slot.output.view(), compute_stream.get());
    slot.compute.stop(compute_stream.get());
    engine_pending = &slot;

    slot.out_buffer = encoder.acquire();
    cv::Mat& host_out = outputs[slot.out_buffer];
    const sat::Image8 device_out = slot.output.view();
    SATAPP_CUDA_CHECK(cudaStreamWaitEvent(download_stream.get(), slot.compute.stopped(), 0));
    slot.download.start(download_stream.get());
    SATAPP_CUDA_CHECK(cudaMemcpy2DAsync(host_out.data, host_out.step[0], device_out.data, device_out.pitch,
                                        slot.output.row_bytes(), std::size_t(info.height), cudaMemcpyDeviceToHost,
                                        download_stream.get()));
    slot.download.stop(download_stream.get());
    slot.busy = true;
    ++frame;
  }
  throw_if_interrupted();
  for (int64_t f = std::max<int64_t>(0, frame - depth); f < frame; ++f) {
    Slot& slot = *slots[f % depth];
    if (slot.busy) retire(slot);
  }
  encoder.finish();
  result.wall_ms = wall.elapsed_ms();
  result.totals.decode_ms = decoder.busy_ms();
  result.totals.encode_ms = encoder.busy_ms();
  return result;
}

}  // namespace satfilter
