// satbench: the paper's Table III on this GPU. Every SAT algorithm of satcore at every W against a
// device-to-device copy of the same bytes, in the same run, with NPP, OpenCV and the CPU paths as
// peers. See `satbench --help`.
//
// Flow: options -> device check -> header -> cases (each: reference, buffers, copy, algorithms,
// peers) -> overheads -> tables, CSV, JSON. Exit status: 0 done, 1 runtime error, 2 bad command
// line, 3 aborted (GPU hang or broken context; what was measured is still reported). Without a GPU
// the CPU peers are still measured and reported, and the exit status is 1 unless nothing but CPU
// peers was asked for (--algorithms none --peers cpu_parallel,...).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "bench_cases.h"
#include "bench_options.h"
#include "common/cuda/cuda_check.h"
#include "device_info.h"
#include "filter_twins.h"
#include "peer_cub.h"
#include "peers.h"
#include "progress.h"
#include "report.h"
#include "results.h"
#include "runner.h"
#include "sat/device.h"
#include "sat/support/device_hang.h"
#include "suite_run.h"

namespace {

constexpr int kExitRuntimeError = 1;
constexpr int kExitUsage = 2;
constexpr int kExitAborted = 3;
// What measures the CPU peers alone, as satbench suggests it without a GPU.
constexpr const char* kCpuOnlyOptions = "--algorithms none --peers cpu_parallel,cpu_reference,opencv";

std::string command_line(int argc, char** argv) {
  std::string line;
  for (int i = 0; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.find_first_of(" \t\"'") != std::string::npos) arg = "'" + arg + "'";
    line += (i ? " " : "") + arg;
  }
  return line;
}

std::string summary(const std::vector<satbench::Result>& results) {
  int ok = 0, wrong = 0, skipped = 0, no_memory = 0, no_gpu = 0, failed = 0;
  for (const auto& r : results) {
    switch (r.status) {
      case satbench::Status::Ok:
        ++ok;
        break;
      case satbench::Status::Wrong:
        ++wrong;
        break;
      case satbench::Status::Skipped:
        ++skipped;
        break;
      case satbench::Status::NoMemory:
        ++no_memory;
        break;
      case satbench::Status::NoGpu:
        ++no_gpu;
        break;
      case satbench::Status::Failed:
      case satbench::Status::OutOfMemory:
      case satbench::Status::Aborted:
        ++failed;
        break;
      default:
        break;
    }
  }
  std::string s = std::to_string(ok) + " measurements";
  if (wrong) s += ", " + std::to_string(wrong) + " WRONG";
  if (skipped) s += ", " + std::to_string(skipped) + " skipped";
  if (no_memory) s += ", " + std::to_string(no_memory) + " not run for want of host memory";
  if (no_gpu) s += ", " + std::to_string(no_gpu) + " no GPU";
  if (failed) s += ", " + std::to_string(failed) + " failed";
  return s;
}

int run(const satbench::BenchOptions& options, const std::string& command) {
  using namespace satbench;
  for (const std::string* path : {&options.csv_path, &options.json_path}) {
    if (path->empty()) continue;
    try {
      ensure_writable(*path);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "satbench: error: %s\n", e.what());
      return kExitUsage;
    }
  }
  RunInfo info;
  info.command_line = command;
  info.options = options;
  info.no_gpu_reason = sat::cuda_unavailable_reason(options.device);
  const bool gpu = info.no_gpu_reason.empty();
  // What cannot be measured without a GPU and was asked for: an exit status of 1 at the end.
  const bool gpu_work_asked = !options.algorithms.empty() || has_gpu_peer(options.peers);
  if (!gpu) {
    // The CPU peers need no GPU: run them, and say plainly what is left out.
    if (!has_cpu_peer(options.peers)) {
      std::fprintf(stderr, "satbench: error: %s: without a GPU only the CPU peers can run (%s)\n",
                   info.no_gpu_reason.c_str(), kCpuOnlyOptions);
      return kExitRuntimeError;
    }
    std::fprintf(stderr, "satbench: %s: %s; measuring the CPU peers only\n", info.no_gpu_reason.c_str(),
                 gpu_work_asked ? "the GPU algorithms, the copy baseline and NPP cannot run" : "no GPU");
    info.device = query_host_info();
  } else {
    SAT_CUDA_CHECK(cudaSetDevice(options.device));
    info.device = query_device_info(options.device);
  }
  info.rotate_bytes = options.rotate_mb > 0 ? std::size_t(options.rotate_mb * (1 << 20)) : 3 * info.device.l2_bytes;
  Runner runner(options, info.rotate_bytes, gpu);
  info.cpu_threads = runner.cpu_threads();
  info.npp = runner.npp().description();
  info.cub = CubScan::description();
  info.opencv = OpenCvIntegral::description(runner.cpu_threads());
  if (options.filter_suite || options.detect_suite || options.tilted_suite) {  // their own cases, table and JSON
    if (options.filter_suite) info.opencv = filter_twins_description(runner.cpu_threads());
    print_header(std::cout, info);
    std::cout.flush();
    return run_application_suite(options, info, gpu);
  }
  print_header(std::cout, info);
  std::cout.flush();

  const std::vector<BenchCase> cases = plan_cases(options);
  int steps = 0;
  for (const BenchCase& c : cases) steps += runner.steps(c);
  Progress progress(steps);
  const bool bold = options.color == ColorMode::Always || (options.color == ColorMode::Auto && isatty(STDOUT_FILENO));
  std::vector<Result> results;
  auto write_files = [&] {
    relate_to_copy(results);
    if (!options.csv_path.empty()) write_csv(options.csv_path, info, results);
    if (!options.json_path.empty()) write_json(options.json_path, info, results);
  };
  // A table is printed as soon as its suite and element type are done; the files after every case.
  auto print_group = [&](const BenchCase& c) {
    std::vector<Result> group;
    for (const Result& r : results)
      if (r.suite == c.suite && r.type == c.type) group.push_back(r);
    if (group.empty()) return;
    progress.clear();
    print_tables(std::cout, info, group, bold);
    std::cout.flush();
  };
  int status = 0;
  for (std::size_t i = 0; i < cases.size() && !info.aborted; ++i) {
    try {
      runner.run_case(cases[i], results, progress);
    } catch (const BenchAborted& e) {
      info.aborted = true;
      info.abort_reason = e.what();
      status = kExitAborted;
    } catch (const std::exception& e) {  // e.g. host memory for a case's input: report what was measured
      info.aborted = true;
      info.abort_reason = e.what();
      status = kExitRuntimeError;
    }
    const bool last = i + 1 == cases.size() || info.aborted;
    info.complete = last && !info.aborted;
    write_files();
    if (last || cases[i + 1].suite != cases[i].suite || cases[i + 1].type != cases[i].type) print_group(cases[i]);
  }
  progress.finish(summary(results));
  if (info.aborted) {
    std::cout << "\nABORTED: " << info.abort_reason << "\n(the tables hold what was measured before)\n";
    std::cout.flush();
    std::fprintf(stderr, "satbench: aborted: %s\n", info.abort_reason.c_str());
  }
  if (!gpu && gpu_work_asked && status == 0) {  // the CPU peers' tables are out; the rest was asked for too
    std::fprintf(stderr,
                 "satbench: error: %s: the GPU methods asked for were not measured (%s measures the CPU peers "
                 "alone)\n",
                 info.no_gpu_reason.c_str(), kCpuOnlyOptions);
    status = kExitRuntimeError;
  }
  if (sat::device_hung()) {  // the hung work would block the CUDA runtime's teardown: leave without it
    std::fflush(nullptr);
    std::_Exit(status);
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)  // --help wins over any other option, good or bad
    if (std::string(argv[i]) == "--help" || std::string(argv[i]) == "-h") {
      std::cout << satbench::usage_text();
      return 0;
    }
  satbench::BenchOptions options;
  try {
    options = satbench::parse_options(argc, argv);
  } catch (const satbench::UsageError& e) {
    std::fprintf(stderr, "satbench: error: %s (see satbench --help)\n", e.what());
    return kExitUsage;
  }
  if (options.help) {
    std::cout << satbench::usage_text();
    return 0;
  }
  try {
    return run(options, command_line(argc, argv));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "satbench: error: %s\n", e.what());
    return kExitRuntimeError;
  }
}
