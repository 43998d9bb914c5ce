// What satbench reports: the header, the Table-III-style tables on the terminal, CSV and JSON.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include "bench_options.h"
#include "device_info.h"
#include "results.h"

namespace satbench {

// How long the GPU is kept busy (device-to-device copies) before each case's first timing, so
// that clocks that dropped while the previous case's CPU peers ran are up again (runner.cpp;
// the header's timing line says it).
inline constexpr double kClockRampMs = 25.0;

// Everything the header and the files say about the run besides the results.
struct RunInfo {
  std::string command_line;
  DeviceInfo device;          // without a GPU: the host fields only
  std::string no_gpu_reason;  // why no CUDA device can be used; empty when one is
  std::string npp;            // NppIntegral::description()
  std::string cub;            // CubScan::description(): the CUB version compiled in
  std::string opencv;         // OpenCvIntegral::description()
  int cpu_threads = 0;
  BenchOptions options;
  std::size_t rotate_bytes = 0;  // bytes the buffer sets of a small case add up to at least
  bool complete = false;         // false in the files written while the run goes on
  bool aborted = false;
  std::string abort_reason;
};

// The header: GPU, SMs, memory clock and bus, L2, driver and runtime, host, date, peers, method.
void print_header(std::ostream& out, const RunInfo& info);

// One table per suite and element type present in `results`: rows are methods (algorithms at each W, with an overhead
// and a workspace row), columns are sizes; the copy first, the peers last; the best W marked with
// '*' (and bold when `bold`); then notes on every WRONG, failed or aborted result.
void print_tables(std::ostream& out, const RunInfo& info, const std::vector<Result>& results, bool bold);

// The files (rewritten after every case, so that a crash leaves what was measured). Throw
// std::runtime_error when the file cannot be written.
void write_csv(const std::string& path, const RunInfo& info, const std::vector<Result>& results);
void write_json(const std::string& path, const RunInfo& info, const std::vector<Result>& results);

// Checks at start-up that `path` could be written (touches nothing); throws std::runtime_error.
void ensure_writable(const std::string& path);

}  // namespace satbench
