#include "frame_pipeline_cuda.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "failure.h"
#include "filter_runner.h"
#include "frame_threads.h"
#include "interrupt.h"

namespace satfilter {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void check(cudaError_t status, const char* call) {
  if (status != cudaSuccess) throw runtime_error(std::string("CUDA error in ") + call + ": " + cudaGetErrorString(status));
}

// RAII wrappers of the CUDA objects the pipeline owns.
class Stream {
 public:
  Stream() { check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "cudaStreamCreateWithFlags"); }
  ~Stream() { cudaStreamDestroy(stream_); }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  operator cudaStream_t() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

class Event {
 public:
  explicit Event(bool timing) {
    check(cudaEventCreateWithFlags(&event_, timing ? cudaEventDefault : cudaEventDisableTiming), "cudaEventCreate");
  }
  ~Event() { cudaEventDestroy(event_); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  operator cudaEvent_t() const { return event_; }

 private:
  cudaEvent_t event_ = nullptr;
};

class PinnedBuffer {
 public:
  explicit PinnedBuffer(std::size_t bytes) {
    if (cudaHostAlloc(&data_, bytes, cudaHostAllocDefault) != cudaSuccess) {
      cudaGetLastError();
      throw runtime_error("cannot allocate " + std::to_string(bytes >> 20) + " MiB of pinned host memory");
    }
  }
  ~PinnedBuffer() { cudaFreeHost(data_); }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  void* data() const { return data_; }

 private:
  void* data_ = nullptr;
};

class DeviceImage {
 public:
  DeviceImage(int width, int height, int channels) : width_(width), height_(height), channels_(channels) {
    if (cudaMallocPitch(&data_, &pitch_, std::size_t(width) * channels, std::size_t(height)) != cudaSuccess) {
      cudaGetLastError();
      throw runtime_error("cannot allocate a " + std::to_string(width) + "x" + std::to_string(height) +
                          " frame in device memory");
    }
  }
  ~DeviceImage() { cudaFree(data_); }
  DeviceImage(const DeviceImage&) = delete;
  DeviceImage& operator=(const DeviceImage&) = delete;
  sat::Image8 view() const { return {static_cast<uint8_t*>(data_), pitch_, width_, height_, channels_}; }
  std::size_t row_bytes() const { return std::size_t(width_) * channels_; }

 private:
  void* data_ = nullptr;
  std::size_t pitch_ = 0;
  int width_, height_, channels_;
};

// One frame on the GPU: its device images and the events that order and time its stages.
struct Slot {
  Slot(const MediaInfo& info, int out_channels, bool timing)
      : input(info.width, info.height, info.channels),
        output(info.width, info.height, out_channels),
        upload_start(timing), upload_end(timing), compute_start(timing), compute_end(timing),
        download_start(timing), download_end(timing) {}
  DeviceImage input;
  DeviceImage output;
  Event upload_start, upload_end, compute_start, compute_end, download_start, download_end;
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

float elapsed_ms(cudaEvent_t start, cudaEvent_t end) {
  float ms = 0;
  check(cudaEventElapsedTime(&ms, start, end), "cudaEventElapsedTime");
  return ms;
}

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

  const auto setup_start = Clock::now();
  sat::FilterEngine engine(sat::Backend::Cuda, sat::Extent{info.width, info.height}, request.sat_options);
  engine.enable_stage_timing(timing);
  Stream upload_stream, compute_stream, download_stream;

  std::vector<std::unique_ptr<PinnedBuffer>> pinned;
  std::vector<cv::Mat> inputs, outputs;  // headers over the pinned buffers
  for (int i = 0; i < host_buffers; ++i) {
    pinned.push_back(std::make_unique<PinnedBuffer>(std::size_t(info.width) * info.height * info.channels));
    inputs.emplace_back(info.height, info.width, CV_8UC(info.channels), pinned.back()->data());
    pinned.push_back(std::make_unique<PinnedBuffer>(std::size_t(info.width) * info.height * out_channels));
    outputs.emplace_back(info.height, info.width, CV_8UC(out_channels), pinned.back()->data());
  }
  std::vector<std::unique_ptr<Slot>> slots;
  for (int i = 0; i < depth; ++i) slots.push_back(std::make_unique<Slot>(info, out_channels, timing));
  StreamDrain drain({upload_stream, compute_stream, download_stream});
  result.setup_ms = ms_since(setup_start);

  const auto start = Clock::now();
  Decoder decoder(request.source, inputs);
  Encoder encoder(request.sink, outputs, request.progress);

  // The slot whose engine call was enqueued last and whose stage times are not read yet.
  Slot* engine_pending = nullptr;
  auto collect_engine_times = [&] {
    if (!engine_pending) return;
    check(cudaEventSynchronize(engine_pending->compute_end), "cudaEventSynchronize");
    engine_pending->engine_times = engine.last_stage_times();
    engine_pending = nullptr;
  };

  auto retire = [&](Slot& slot) {
    check(cudaEventSynchronize(slot.download_end), "cudaEventSynchronize");
    if (timing) {
      if (engine_pending == &slot) collect_engine_times();
      result.totals.upload_ms += elapsed_ms(slot.upload_start, slot.upload_end);
      result.totals.compute_ms += elapsed_ms(slot.compute_start, slot.compute_end);
      result.totals.download_ms += elapsed_ms(slot.download_start, slot.download_end);
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
    check(cudaEventRecord(slot.upload_start, upload_stream), "cudaEventRecord");
    check(cudaMemcpy2DAsync(device_in.data, device_in.pitch, host_in.data, host_in.step[0], slot.input.row_bytes(),
                            std::size_t(info.height), cudaMemcpyHostToDevice, upload_stream),
          "cudaMemcpy2DAsync (upload)");
    check(cudaEventRecord(slot.upload_end, upload_stream), "cudaEventRecord");

    check(cudaStreamWaitEvent(compute_stream, slot.upload_end, 0), "cudaStreamWaitEvent");
    if (timing) collect_engine_times();  // the engine keeps the times of its last call only
    check(cudaEventRecord(slot.compute_start, compute_stream), "cudaEventRecord");
    apply_filter(engine, request.filter, device_in, slot.output.view(), compute_stream);
    check(cudaEventRecord(slot.compute_end, compute_stream), "cudaEventRecord");
    engine_pending = &slot;

    slot.out_buffer = encoder.acquire();
    cv::Mat& host_out = outputs[slot.out_buffer];
    const sat::Image8 device_out = slot.output.view();
    check(cudaStreamWaitEvent(download_stream, slot.compute_end, 0), "cudaStreamWaitEvent");
    check(cudaEventRecord(slot.download_start, download_stream), "cudaEventRecord");
    check(cudaMemcpy2DAsync(host_out.data, host_out.step[0], device_out.data, device_out.pitch,
                            slot.output.row_bytes(), std::size_t(info.height), cudaMemcpyDeviceToHost,
                            download_stream),
          "cudaMemcpy2DAsync (download)");
    check(cudaEventRecord(slot.download_end, download_stream), "cudaEventRecord");
    slot.busy = true;
    ++frame;
  }
  throw_if_interrupted();
  for (int64_t f = std::max<int64_t>(0, frame - depth); f < frame; ++f) {
    Slot& slot = *slots[f % depth];
    if (slot.busy) retire(slot);
  }
  encoder.finish();
  result.wall_ms = ms_since(start);
  result.totals.decode_ms = decoder.busy_ms();
  result.totals.encode_ms = encoder.busy_ms();
  return result;
}

}  // namespace satfilter
