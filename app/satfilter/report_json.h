// --json FILE: the runs' reports (report.h) as one JSON document, for scripts:
//   {"program": "satfilter", "version": "...", "runs": [{"input": ..., "stages_ms": {...},
//    "throughput": {...}, ...}, ...]}
// With --detect each run has "detections": {"objects": N, "frames": [[{"x", "y", "w", "h"}...]
// ...]}, one list per frame in order (an image has one frame).
#pragma once

#include <string>
#include <vector>

#include "report.h"

namespace satfilter {

std::string report_json(const std::vector<RunReport>& runs, const std::string& version);

// Writes the document to `path` ("-": stdout), atomically (atomic_output.h); an existing file is
// replaced only with `overwrite` (-y). Throws Failure(Runtime).
void write_report_json(const std::string& path, const std::vector<RunReport>& runs, const std::string& version,
                       bool overwrite);

}  // namespace satfilter
