#include "frame_pipeline_cuda.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <string>
#include <vector>

#include "box_drawing.h"
#include "common/cuda/cuda_check.h"
#include "common/frame/cuda_frame_pipeline.h"
#include "common/frame/pinned_mat.h"
#include "common/timing/stopwatch.h"
#include "frame_threads.h"
#include "interrupt.h"
#include "sat/support/cuda_stream.h"

namespace satfilter {
namespace {

// Waits for a stream before the buffers it uses are freed (also on the error path).
class StreamDrain {
 public:
  explicit StreamDrain(cudaStream_t stream) : stream_(stream) {}
  ~StreamDrain() { cudaStreamSynchronize(stream_); }
  StreamDrain(const StreamDrain&) = delete;
  StreamDrain& operator=(const StreamDrain&) = delete;

 private:
  cudaStream_t stream_;
};

// The host buffers of a frame in flight, by slot.
struct HeldBuffers {
  int in = -1;                  // pinned input buffer (owned by the Decoder while the frame is in flight)
  int out = -1;                 // pinned output buffer (submitted to the Encoder when the frame is retired)
  std::vector<sat::Box> boxes;  // --detect: the frame's, drawn into `out` once it is downloaded
};

}  // namespace

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
  std::vector<cv::Mat> inputs, outputs;  // page-locked (shared by reference count)
  for (int i = 0; i < host_buffers; ++i) {
    inputs.push_back(satapp::pinned_mat(info.height, info.width, CV_8UC(info.channels)));
    outputs.push_back(satapp::pinned_mat(info.height, info.width, CV_8UC(out_channels)));
  }
  // The shared frame pipeline: a slot (device images, a filter session, events) per frame in flight, the
  // upload and compute streams. The download stream is satfilter's own.
  satapp::CudaFramePipeline frames(depth, timing);
  satapp::FrameLayout layout;
  layout.width = info.width;
  layout.height = info.height;
  layout.channels = info.channels;
  layout.outputs = {out_channels};
  frames.allocate(layout, request.sat_options);
  sat::CudaStream download_stream;
  const StreamDrain drain(download_stream.get());
  std::vector<HeldBuffers> held(static_cast<std::size_t>(depth));
  // The filter's images (a radius map): each slot's session holds a device copy of its own, made
  // once here, and binds it to the spec at every frame.
  for (int i = 0; i < depth; ++i)
    for (const FilterImage& image : request.filter_images)
      frames.slot(i).session().set_image(image.param, {&image, 0, const_view(image.image)});
  result.setup_ms = setup.elapsed_ms();

  const satapp::Stopwatch wall;
  Decoder decoder(request.source, inputs);
  Encoder encoder(request.sink, outputs, request.progress);

  auto retire = [&](const satapp::RetiredFrame& frame) {  // its download completed
    if (timing) {
      result.totals[RunStage::Upload] += frame.times.upload_ms;
      result.totals.compute_ms += frame.times.compute_ms;
      result.totals[RunStage::Download] += frame.times.finish_ms;
      result.totals[RunStage::Convert] += frame.times.convert_ms;
      result.totals[RunStage::Sat] += frame.times.sat_ms;
      result.totals[RunStage::Filter] += frame.times.filter_ms;
    }
    const HeldBuffers& buffers = held[std::size_t(frame.slot)];
    if (request.draw) draw_boxes(outputs[buffers.out], buffers.boxes);
    hand_over(decoder, encoder, buffers.in, buffers.out, result);
  };

  while (const std::optional<int> in = decoder.next()) {
    throw_if_interrupted();
    // The frame `depth` back: its download is long done, normally.
    if (const std::optional<satapp::RetiredFrame> frame = frames.make_room()) retire(*frame);
    satapp::FrameSlot& slot = frames.begin_frame();
    HeldBuffers& buffers = held[std::size_t(frames.index_of(slot))];
    buffers.in = *in;
    frames.upload(slot, const_view(inputs[*in]));
    if (request.detector) {  // on the compute stream, after the upload; detect() waits for it
      const satapp::Stopwatch detect;
      buffers.boxes = request.detector->detect(slot.input(), frames.compute_stream());
      result.totals[RunStage::Detect] += detect.elapsed_ms();
      result.detections.push_back(buffers.boxes);
    }
    const sat::Image8 device_out = slot.output(out_channels);
    frames.filter(slot, [&](sat::FilterSession& session, cudaStream_t stream) {
      if (request.filter) {
        session.run_device(*request.filter, slot.input(), device_out, stream);
        return;
      }
      const sat::Image8 input = slot.input();
      SAT_CUDA_CHECK(cudaMemcpy2DAsync(device_out.data, device_out.pitch, input.data, input.pitch,
                                       std::size_t(input.width) * std::size_t(input.channels),
                                       std::size_t(input.height), cudaMemcpyDeviceToDevice, stream));
    });

    buffers.out = encoder.acquire();
    cv::Mat& host_out = outputs[buffers.out];
    const cudaStream_t download = download_stream.get();
    frames.wait_for_filter(slot, download);
    frames.begin_finish(slot, download);
    SAT_CUDA_CHECK(cudaMemcpy2DAsync(host_out.data, host_out.step[0], device_out.data, device_out.pitch,
                                     std::size_t(info.width) * out_channels, std::size_t(info.height),
                                     cudaMemcpyDeviceToHost, download));
    frames.end_finish(slot, download);
    frames.end_frame(slot, download);
  }
  throw_if_interrupted();
  while (const std::optional<satapp::RetiredFrame> frame = frames.retire_oldest(true)) retire(*frame);
  finish_run(decoder, encoder, wall, result);
  return result;
}

}  // namespace satfilter
