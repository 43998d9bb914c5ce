// Whether a case fits in host memory, asked before its buffers are allocated. On Linux an
// allocation larger than the free memory does not fail: its pages are promised, and the OOM killer
// ends the process once they are touched, taking every table not yet printed with it. So each
// case's host bytes are estimated first and a case that does not fit is skipped, both sizes named.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench_cases.h"
#include "bench_options.h"

namespace satbench {

// Host bytes the table suites' case `c` holds at once with `peers`: its input, cpu_reference's
// table, the scratch table (downloads, the CPU peers' output) and cv::integral's
// (W+1) x (H+1) output when OpenCV is a peer (runner.cpp allocates these).
std::uint64_t case_host_bytes(const BenchCase& c, const std::vector<Peer>& peers);

// What a case may use: MemAvailable (/proc/meminfo), and no more than `limit_gb` when that is
// above 0 (--memory-limit). Empty when neither is known.
std::optional<std::uint64_t> host_bytes_allowed(double limit_gb);

// Empty when `c` fits in host_bytes_allowed(limit_gb); else "needs 17.2 GB, 7.6 GB available".
std::string host_memory_shortfall(const BenchCase& c, const std::vector<Peer>& peers, double limit_gb);

}  // namespace satbench
