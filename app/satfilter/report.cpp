#include "report.h"

namespace satfilter {
namespace {

void stage_line(std::FILE* out, const char* name, double total_ms, int64_t frames, const char* clock) {
  std::fprintf(out, "  %-10s %12.3f %11.4f   %s\n", name, total_ms, frames > 0 ? total_ms / double(frames) : 0.0,
               clock);
}

// The clock that measured `stage` in this run.
const char* stage_clock(const RunReport& r, RunStage stage) {
  switch (stage) {
    case RunStage::Decode:
      return "steady_clock, decode thread";
    case RunStage::Detect:
      return "steady_clock around each sat::Detector::detect";
    case RunStage::Upload:
      return "CUDA events, upload stream (pinned -> device)";
    case RunStage::Download:
      return "CUDA events, download stream (device -> pinned)";
    case RunStage::Encode:
      return "steady_clock, encode thread";
    case RunStage::Convert:
    case RunStage::Sat:
    case RunStage::Filter:
      break;
  }
  return r.gpu ? "CUDA events (engine, compute stream)" : "steady_clock (engine)";
}

}  // namespace

satapp::StageTimeline run_stages() {
  return {"decode", "detect", "upload", "convert", "SAT", "filter", "download", "encode"};
}

bool reports_stage(const RunReport& r, RunStage stage) {
  switch (stage) {
    case RunStage::Detect:
      return r.detect;
    case RunStage::Upload:
    case RunStage::Download:
      return r.gpu;
    case RunStage::Convert:
      return r.totals[RunStage::Convert] > 0;
    case RunStage::Decode:
    case RunStage::Sat:
    case RunStage::Filter:
    case RunStage::Encode:
      break;
  }
  return true;
}

void print_report(std::FILE* out, const RunReport& r) {
  const StageTotals& t = r.totals;
  std::fprintf(out, "satfilter report\n");
  std::fprintf(out, "  input      %s: %dx%d, %d channel%s, %s\n", r.input.c_str(), r.width, r.height, r.input_channels,
               r.input_channels == 1 ? "" : "s", r.video ? "video" : "image");
  if (!r.decoder.empty()) std::fprintf(out, "  decoder    %s\n", r.decoder.c_str());
  std::fprintf(out, "  output     %s: %d channel%s, %lld frame%s\n", r.output.c_str(), r.output_channels,
               r.output_channels == 1 ? "" : "s", static_cast<long long>(r.frames), r.frames == 1 ? "" : "s");
  std::fprintf(out, "  filter     %s\n", r.filter.c_str());
  if (r.detect) {
    std::size_t objects = 0;
    for (const auto& boxes : r.detections) objects += boxes.size();
    std::fprintf(out, "  detect     %zu object%s in %zu frame%s\n", objects, objects == 1 ? "" : "s",
                 r.detections.size(), r.detections.size() == 1 ? "" : "s");
  }
  if (r.gpu)
    std::fprintf(out, "  backend    cuda, SAT algorithm %s, %d frame%s in flight\n", r.algorithm.c_str(),
                 r.frames_in_flight, r.frames_in_flight == 1 ? "" : "s");
  else
    std::fprintf(out, "  backend    cpu\n");

  std::fprintf(out, "  %-10s %12s %11s   %s\n", "stage", "total ms", "ms/frame", "clock");
  for (int i = 0; i < t.stages.size(); ++i) {
    const auto stage = static_cast<RunStage>(i);
    if (reports_stage(r, stage)) stage_line(out, t.stages[i].name, t.stages[i].ms, r.frames, stage_clock(r, stage));
  }
  stage_line(out, "compute", t.compute_ms, r.frames,
             r.gpu ? "CUDA events around each engine call (convert + SAT + filter)"
                   : "steady_clock around each engine call (convert + SAT + filter)");

  const double pixels = double(r.width) * double(r.height) * double(r.frames);
  std::fprintf(out, "  setup      %12.3f ms (engine tables, %s buffers)\n", r.setup_ms,
               r.gpu ? "pinned host and device" : "host");
  std::fprintf(out, "  wall       %12.3f ms (steady_clock, first decode to output renamed)\n", r.wall_ms);
  if (r.wall_ms > 0)
    std::fprintf(out, "  throughput %12.2f frames/s, %.2f Mpixel/s end to end\n", double(r.frames) * 1e3 / r.wall_ms,
                 pixels / (r.wall_ms * 1e3));
  if (t.compute_ms > 0)
    std::fprintf(out, "  compute    %12.2f Mpixel/s in the engine alone\n", pixels / (t.compute_ms * 1e3));
  std::fprintf(out, "  Stages overlap (decode and encode threads%s): their sum can exceed the wall time.\n",
               r.gpu ? ", upload/compute/download streams" : "");
  if (r.gpu)
    std::fprintf(out,
                 "  With --report the host waits for each frame's compute before enqueuing the next one\n"
                 "  (to read the engine's SAT/filter times), which leaves a short gap on the compute stream.\n");
}

}  // namespace satfilter
