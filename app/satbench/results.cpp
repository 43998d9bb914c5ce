// Status names and the relation of every result to its case's copy.
#include "results.h"

#include <cstdio>

namespace satbench {

const char* to_string(MethodKind kind) {
  switch (kind) {
    case MethodKind::Copy:
      return "copy";
    case MethodKind::Algorithm:
      return "algorithm";
    case MethodKind::Peer:
      return "peer";
  }
  return "?";
}

const char* to_string(Status status) {
  switch (status) {
    case Status::Ok:
      return "ok";
    case Status::Wrong:
      return "WRONG";
    case Status::Skipped:
      return "skipped";
    case Status::NoMemory:
      return "no memory";
    case Status::NoGpu:
      return "no GPU";
    case Status::Unsupported:
      return "n/a";
    case Status::NotBuilt:
      return "not built";
    case Status::OutOfMemory:
      return "OOM";
    case Status::Failed:
      return "error";
    case Status::Aborted:
      return "aborted";
  }
  return "?";
}

std::string cap_text(double cap_ms) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", cap_ms);
  return buffer;
}

bool same_case(const Result& a, const Result& b) {
  return a.suite == b.suite && a.type == b.type && a.extent.width == b.extent.width &&
         a.extent.height == b.extent.height && a.planes == b.planes;
}

void relate_to_copy(std::vector<Result>& results) {
  for (Result& r : results) {
    r.copy_ms = kNaN;
    r.overhead_pct = kNaN;
    r.best = false;
    for (const Result& c : results)
      if (c.kind == MethodKind::Copy && c.status == Status::Ok && same_case(c, r)) r.copy_ms = c.stats.median_ms;
    if (r.status == Status::Ok && r.kind != MethodKind::Copy && r.copy_ms > 0)
      r.overhead_pct = (r.stats.median_ms - r.copy_ms) / r.copy_ms * 100.0;
  }
  // Best W: the smallest median among the ok results of one method in one case.
  for (Result& r : results) {
    if (r.status != Status::Ok || r.kind == MethodKind::Copy) continue;
    bool fastest = true;
    for (const Result& o : results)
      if (&o != &r && o.status == Status::Ok && o.method == r.method && same_case(o, r) &&
          (o.stats.median_ms < r.stats.median_ms || (o.stats.median_ms == r.stats.median_ms && o.tile < r.tile)))
        fastest = false;
    r.best = fastest;
  }
}

}  // namespace satbench
