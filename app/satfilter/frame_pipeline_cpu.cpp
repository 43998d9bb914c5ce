#include "frame_pipeline_cpu.h"

#include <vector>

#include "box_drawing.h"
#include "common/timing/stopwatch.h"
#include "frame_threads.h"
#include "interrupt.h"
#include "sat/filter_session.h"

namespace satfilter {

PipelineResult run_host_pipeline(const PipelineRequest& request, sat::Backend backend) {
  PipelineResult result;
  const MediaInfo& info = request.source.info();
  const int out_channels = output_channels(request.filter, info.channels);
  // A few frames of slack on each side so that decode, filter and encode run at once.
  const int buffer_count = info.kind == MediaKind::Video ? 3 : 1;

  const satapp::Stopwatch setup;
  sat::FilterSession session(backend, request.sat_options);
  session.enable_stage_timing(request.timing);
  session.engine({info.width, info.height});  // made now: part of the setup, not of the first frame
  std::optional<sat::FilterSpec> filter;
  if (request.filter)
    filter = bind_filter_images(*request.filter, request.filter_images,
                                [&](std::size_t i) { return const_view(request.filter_images[i].image); });
  std::vector<cv::Mat> inputs, outputs;
  const int depth = info.sample == sat::SampleType::U16 ? CV_16U : CV_8U;
  for (int i = 0; i < buffer_count; ++i) {
    // An image is filtered in the buffer it was decoded into: a second copy of it would be waste.
    if (info.kind == MediaKind::Image)
      inputs.emplace_back();
    else
      inputs.emplace_back(info.height, info.width, CV_MAKETYPE(depth, info.channels));
    outputs.emplace_back(info.height, info.width, CV_MAKETYPE(depth, out_channels));
  }
  result.setup_ms = setup.elapsed_ms();

  const satapp::Stopwatch wall;
  Decoder decoder(request.source, inputs);
  Encoder encoder(request.sink, outputs, request.progress);
  while (const std::optional<int> in = decoder.next()) {
    throw_if_interrupted();
    const int out = encoder.acquire();
    if (request.detector) {
      const satapp::Stopwatch detect;
      result.detections.push_back(request.detector->detect(const_view(inputs[*in])));
      result.totals[RunStage::Detect] += detect.elapsed_ms();
    }
    const satapp::Stopwatch compute;
    if (filter)
      session.run_host(*filter, const_sample_view(inputs[*in]), sample_view(outputs[out]));
    else
      inputs[*in].copyTo(outputs[out]);  // same size and type: into the buffer as it is
    result.totals.compute_ms += compute.elapsed_ms();
    if (request.draw) draw_boxes(outputs[out], result.detections.back());
    if (request.timing && filter) {
      const sat::StageTimes times = session.last_stage_times();
      result.totals[RunStage::Convert] += times.convert_ms;
      result.totals[RunStage::Sat] += times.sat_ms;
      result.totals[RunStage::Filter] += times.filter_ms;
    }
    hand_over(decoder, encoder, *in, out, result);
  }
  throw_if_interrupted();
  finish_run(decoder, encoder, wall, result);
  return result;
}

}  // namespace satfilter
