// The measurement flow of one case: input and reference, device buffers, the copy baseline, every
// algorithm at every W, then the peers (NPP, CUB's 1-D scan, OpenCV, satcore's CPU paths). Each
// method is checked once, then warmed up and timed.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench_cases.h"
#include "bench_options.h"
#include "common/cuda/host_buffer.h"
#include "peers.h"
#include "progress.h"
#include "results.h"
#include "sat/support/cuda_stream.h"

namespace satbench {

// The GPU hung or its context broke: nothing more can run. what() says why.
class BenchAborted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Runner {
 public:
  // With `gpu`, device `options.device` must be current. Without (no CUDA device), only the CPU
  // peers run: the copy baseline, the algorithms, NPP and CUB are left out (the peers as "no GPU")
  // and nothing touches CUDA. rotate_bytes: see --rotate-mb.
  Runner(const BenchOptions& options, std::size_t rotate_bytes, bool gpu = true);

  // Measurements one case takes (for the progress count).
  int steps(const BenchCase& c) const;
  // Measures case `c`, appending to `results` as it goes (so that they survive an abort).
  // Throws BenchAborted after a GPU hang or a broken context.
  void run_case(const BenchCase& c, std::vector<Result>& results, Progress& progress);

  const NppIntegral& npp() const { return npp_; }
  int cpu_threads() const { return cpu_threads_; }

 private:
  struct CaseState;
  // The cub-scan-1d peer on the case's buffers (appends its result).
  void run_cub(CaseState& s, Result r, std::vector<Result>& results);
  void measure_gpu(CaseState& s, Result& r, const std::function<void(int)>& launch,
                   const std::function<bool(Result&)>& check);
  void measure_cpu(CaseState& s, Result& r, const std::function<void()>& run, const std::function<bool(Result&)>& check,
                   double first_ms_known = -1);
  // Runs body(r) and appends r; an exception becomes r's status and note. Throws BenchAborted
  // (after appending) when the GPU hung or its context broke.
  void guarded(Result r, std::vector<Result>& results, const std::function<void(Result&)>& body);
  // Appends every method of the case as NoMemory with `note` (the case does not fit in host memory).
  void skip_case(const Result& base, const std::string& label, const std::string& note, std::vector<Result>& results,
                 Progress& progress);
  bool skip_if_capped(Result& r) const;
  void cap(const Result& r);
  int reps_for(double run_ms) const;
  int warmups_for(double run_ms) const;

  BenchOptions options_;
  std::size_t rotate_bytes_;
  int cpu_threads_;
  bool gpu_;
  std::optional<sat::CudaStream> stream_;  // only with a GPU
  NppIntegral npp_;
  std::map<std::string, std::string> capped_;  // method key -> the size it was skipped at
};

}  // namespace satbench
