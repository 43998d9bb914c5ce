// What the application suites (filters, detect) share around one contender's measurement: whether
// a peer was asked for, a measurement into its record, the record of a contender that threw, and
// that of a GPU contender without a GPU.
#pragma once

#include <algorithm>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bench_options.h"
#include "common/cuda/cuda_check.h"
#include "gpu_timer.h"
#include "results.h"
#include "runner.h"
#include "sat/error.h"
#include "suite_records.h"
#include "suite_timing.h"

namespace satbench {

inline bool asked(const BenchOptions& o, Peer peer) {
  return std::find(o.peers.begin(), o.peers.end(), peer) != o.peers.end();
}

// The measurement's statistics and stage medians into r, or r skipped when its first run was
// over --cap-ms.
inline void fill(SuiteRecord& r, const Measured& m, const BenchOptions& o) {
  if (m.capped) {
    r.status = Status::Skipped;
    r.note = "skipped: one run took " + std::to_string(m.first_ms) + " ms (>" + cap_text(o.cap_ms) + " ms)";
    return;
  }
  r.stats = m.stats;
  r.stages_ms = m.stage_medians;
}

// Runs body(); an exception becomes r's status and note; r is appended to records either way.
// A GPU hang aborts the suite (BenchAborted).
template <class Body>
void guarded(SuiteRecord& r, std::vector<SuiteRecord>& records, Body&& body) {
  try {
    body();
  } catch (const GpuHang& e) {
    r.status = Status::Aborted;
    r.note = e.what();
    records.push_back(r);
    throw BenchAborted(e.what());
  } catch (const sat::Error& e) {  // satcore's and the CUDA calls' (sat/support/cuda_check.h)
    r.status = e.code() == sat::ErrorCode::Unsupported   ? Status::Unsupported
               : e.code() == sat::ErrorCode::OutOfMemory ? Status::OutOfMemory
                                                         : Status::Failed;
    r.note = e.what();
  } catch (const std::bad_alloc&) {
    r.status = Status::OutOfMemory;
    r.note = "host memory";
  } catch (const std::exception& e) {
    r.status = Status::Failed;
    r.note = e.what();
  }
  records.push_back(r);
}

// A GPU contender: r's status is NoGpu (and r appended) where there is no device; else
// guarded(r, records, body).
template <class Body>
void gpu_guarded(SuiteRecord& r, std::vector<SuiteRecord>& records, bool gpu, Body&& body) {
  if (!gpu) {
    r.status = Status::NoGpu;
    records.push_back(r);
    return;
  }
  guarded(r, records, std::forward<Body>(body));
}

}  // namespace satbench
