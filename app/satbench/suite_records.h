// The records of satbench's application suites — `filters` (every filter of satcore's catalog)
// and `detect` (Viola–Jones) — one per case and contender (our GPU, our CPU backend, OpenCV on
// the CPU), and how they are reported: a table on the terminal and the JSON file.
#pragma once

#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "common/timing/stage_timeline.h"
#include "report.h"
#include "results.h"
#include "sat/sat.h"
#include "stats.h"

namespace satbench {

enum class Contender { Gpu, Cpu, OpenCv };
const char* to_string(Contender contender);  // "gpu", "cpu", "opencv"

struct SuiteRecord {
  std::string suite;      // "filters", "detect"
  std::string case_name;  // sat::describe(spec) ("box 3x3 reflect101"), or the image ("faces")
  sat::Extent extent;
  int channels = 1;  // of the input
  Contender contender = Contender::Gpu;
  std::string method;  // what ran: "sat::FilterEngine cuda", "cv::blur", "cv::CascadeClassifier"
  Status status = Status::Ok;
  std::string note;                 // why the status is not ok
  Stats stats;                      // the timed runs (status Ok)
  satapp::StageTimeline stages_ms;  // medians of the stage times, in stage order
  // filters: the largest |difference| of this contender's output from our CPU backend's (gray
  // levels); detect: the boxes found. Negative: not compared / not counted.
  double max_diff = -1;
  long long objects = -1;
};

// One table per suite: a row per case, size and channels; for each contender its median (ms),
// then the CPU backend's and OpenCV's time over the GPU's; the GPU's stage medians below it.
void print_suite_tables(std::ostream& out, const std::vector<SuiteRecord>& records);

// The JSON report of an application suite: the run (as write_json's "run") and every record.
void write_suite_json(const std::string& path, const RunInfo& info, const std::vector<SuiteRecord>& records);

}  // namespace satbench
