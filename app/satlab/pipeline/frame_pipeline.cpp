#include "pipeline/frame_pipeline.h"

namespace satlab {

const char* to_string(Stage stage) {
  switch (stage) {
    case Stage::Upload:
      return "upload";
    case Stage::Convert:
      return "convert";
    case Stage::Sat:
      return "SAT";
    case Stage::Filter:
      return "filter";
    case Stage::Display:
      return "display";
  }
  return "?";
}

StageTimings pipeline_stages(sat::SampleType samples) {
  if (samples == sat::SampleType::U16)  // the words in, their values, the 16-bit tables, the 8-bit picture
    return {"upload 16-bit", "unpack 16-bit", "SAT 16-bit", "filter 16-bit", "window/level"};
  return {to_string(Stage::Upload), to_string(Stage::Convert), to_string(Stage::Sat), to_string(Stage::Filter),
          to_string(Stage::Display)};
}

std::string display_path_of(const DisplayTarget* before, const DisplayTarget* after) {
  const std::string a = before ? before->display_path() : "", b = after ? after->display_path() : "";
  if (a.empty() || a == b) return b;
  return b.empty() ? a : a + "; " + b;
}

}  // namespace satlab
