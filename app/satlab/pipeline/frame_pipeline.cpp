#include "pipeline/frame_pipeline.h"

#include <numeric>

namespace satlab {

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

}  // namespace satlab
