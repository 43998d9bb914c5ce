#include "pipeline/frame_pipeline.h"

#include <numeric>

namespace satlab {

void FramePipeline::process_device(const satapp::DeviceFrame& /*frame*/, const PipelineSettings& /*settings*/,
                                   DisplayTarget* /*before*/, DisplayTarget* /*after*/) {
  throw sat::Error(sat::ErrorCode::Unsupported, "FramePipeline::process_device",
                   "this backend takes frames on the host only");
}

const char* to_string(Stage stage) {
  switch (stage) {
    case Stage::Upload: return "upload";
    case Stage::Convert: return "convert";
    case Stage::Sat: return "SAT";
    case Stage::Filter: return "filter";
    case Stage::Display: return "display";
  }
  return "?";
}

double StageTimings::total() const { return std::accumulate(ms.begin(), ms.end(), 0.0); }

std::string display_path_of(const DisplayTarget* before, const DisplayTarget* after) {
  const std::string a = before ? before->display_path() : "", b = after ? after->display_path() : "";
  if (a.empty() || a == b) return b;
  return b.empty() ? a : a + "; " + b;
}

}  // namespace satlab
