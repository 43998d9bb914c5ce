// --json FILE: the runs' reports (report.h) as one JSON document, for scripts:
//   {"program": "satfilter", "version": "...", "runs": [{"input": ..., "stages_ms": {...},
//    "throughput": {...}, ...}, ...], "failures": [{"input": ..., "output": ..., "error": ...}]}
// "runs" holds the inputs that succeeded; "failures" those that failed (--keep-going).
// With --detect each run has "detections": {"objects": N, "frames": [[{"x", "y", "w", "h"}...]
// ...]}, one list per frame in order (an image has one frame).
#pragma once

#include <string>
#include <vector>

#include "common/files/output_batch.h"
#include "report.h"

namespace satfilter {

std::string report_json(const std::vector<RunReport>& runs, const std::vector<FailedRun>& failures,
                        const std::string& version);

// Writes the document to a temporary of `path` (atomic_output.h) and hands it to `outputs`,
// which places it with the run's other outputs ("-": stdout, written then); an existing file is
// replaced only with `overwrite` (-y). Throws std::runtime_error.
void write_report_json(const std::string& path, const std::vector<RunReport>& runs,
                       const std::vector<FailedRun>& failures, const std::string& version, bool overwrite,
                       satapp::files::OutputBatch& outputs);

}  // namespace satfilter
