// One measurement's record, as the table, the CSV and the JSON report it.
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "bench_cases.h"
#include "stats.h"

namespace satbench {

enum class MethodKind {
  Copy,       // the baseline: cudaMemcpyAsync device to device
  Algorithm,  // a satcore GPU algorithm at one tile size
  Peer,       // NPP, OpenCV, satcore's CPU paths
};
const char* to_string(MethodKind kind);  // "copy", "algorithm", "peer"

enum class Status {
  Ok,           // checked and timed
  Wrong,        // differed from cpu_reference: not timed
  Skipped,      // one run took longer than --cap-ms (here or at a smaller size)
  NoMemory,     // the case needs more host memory than is available: not run (note: both sizes)
  NoGpu,        // a GPU method where CUDA cannot run (RunInfo::no_gpu_reason says why)
  Unsupported,  // the method does not offer this element type or tile
  NotBuilt,     // the peer was not compiled in (NPP, OpenCV)
  OutOfMemory,  // device or host memory could not be had
  Failed,       // an exception (sat::Error, CUDA, OpenCV, NPP status); see note
  Aborted,      // the GPU hung or broke: nothing more could run
};
// "ok", "WRONG", "skipped", "no memory", "no GPU", "n/a", "not built", "OOM", "error", "aborted"
const char* to_string(Status status);

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Result {
  // The case.
  Suite suite = Suite::Square;
  sat::ElementType type = sat::ElementType::F32ToF32;
  sat::Extent extent;  // one plane
  int planes = 1;
  // The method.
  MethodKind kind = MethodKind::Copy;
  std::string method;  // "copy", sat::to_string(Algorithm), or to_string(Peer)
  int tile = 0;        // W of a tiled algorithm, else 0
  // The outcome.
  Status status = Status::Ok;
  std::string note;        // why a status is not ok, e.g. "skipped (>1000 ms)"
  Stats stats;             // timed runs (status Ok)
  double first_ms = kNaN;  // the checked run (also the first warm-up)
  double max_error = 0;    // of the check: largest |got - want|, relative to |want| for floats
  // Memory.
  std::size_t workspace_bytes = 0;  // sat::workspace_size (device memory beyond input and output)
  std::size_t input_bytes = 0, output_bytes = 0;
  std::size_t copy_bytes = 0;  // bytes the copy baseline moves (read once, written once)
  int buffer_sets = 1;         // input/output sets rotated through while timing
  // Against the copy of the same case (relate_to_copy fills these).
  double copy_ms = kNaN;
  double overhead_pct = kNaN;  // (T - D) / D x 100, T this result's median, D the copy's
  bool best = false;           // fastest W of its algorithm in this case (untiled methods: when ok)
};

bool same_case(const Result& a, const Result& b);

// "1000" for 1000 ms, "0.5" for 0.5 ms: how the cap is written in notes and cells.
std::string cap_text(double cap_ms);

// Fills copy_ms, overhead_pct and best of every result from the copy result of its case.
void relate_to_copy(std::vector<Result>& results);

}  // namespace satbench
