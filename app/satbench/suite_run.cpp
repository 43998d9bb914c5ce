// See suite_run.h.
#include "suite_run.h"

#include <cstdio>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "detect_suite.h"
#include "filter_suite.h"
#include "progress.h"
#include "runner.h"
#include "suite_records.h"
#include "tilted_suite.h"

namespace satbench {

int run_application_suite(const BenchOptions& options, RunInfo& info, bool gpu) {
  // Each case as a label and what measures it.
  struct Case {
    std::string label;
    std::function<void(std::vector<SuiteRecord>&)> run;
  };
  std::vector<Case> cases;
  if (options.filter_suite)
    for (const FilterSuiteCase& c : plan_filter_suite(options))
      cases.push_back({c.label + " " + std::to_string(c.extent.width) + "x" + std::to_string(c.extent.height) + " " +
                           std::to_string(c.channels) + " ch",
                       [&options, c, gpu](std::vector<SuiteRecord>& r) { run_filter_case(options, c, gpu, r); }});
  if (options.detect_suite)
    for (const DetectSuiteCase& c : plan_detect_suite(options))
      cases.push_back(
          {c.label, [&options, c, gpu](std::vector<SuiteRecord>& r) { run_detect_case(options, c, gpu, r); }});
  if (options.tilted_suite)
    for (const TiltedSuiteCase& c : plan_tilted_suite(options))
      cases.push_back(
          {c.label, [&options, c, gpu](std::vector<SuiteRecord>& r) { run_tilted_case(options, c, gpu, r); }});

  std::vector<SuiteRecord> records;
  const auto write = [&] {
    if (!options.json_path.empty()) write_suite_json(options.json_path, info, records);
  };
  Progress progress(int(cases.size()));
  int status = 0;
  for (const Case& c : cases) {
    progress.begin_case(c.label);
    progress.step(c.label);
    try {
      c.run(records);
    } catch (const BenchAborted& e) {
      info.aborted = true;
      info.abort_reason = e.what();
      status = 3;
    } catch (const std::exception& e) {
      info.aborted = true;
      info.abort_reason = e.what();
      status = 1;
    }
    if (info.aborted) break;
    write();
  }
  info.complete = !info.aborted;
  write();
  progress.finish(std::to_string(records.size()) + " measurements");
  print_suite_tables(std::cout, records);
  if (info.aborted) {
    std::cout << "\nABORTED: " << info.abort_reason << "\n(the tables hold what was measured before)\n";
    std::fprintf(stderr, "satbench: aborted: %s\n", info.abort_reason.c_str());
  }
  std::cout.flush();
  bool failed = false;
  for (const SuiteRecord& r : records) failed = failed || r.status == Status::Failed || r.status == Status::OutOfMemory;
  if (status == 0 && failed) {
    std::fprintf(stderr, "satbench: error: some measurements failed (see the notes under the table)\n");
    status = 1;
  }
  if (status == 0 && !gpu && !options.algorithms.empty()) {
    std::fprintf(stderr,
                 "satbench: error: %s: the GPU methods asked for were not measured (--algorithms none measures the "
                 "CPU contenders alone)\n",
                 info.no_gpu_reason.c_str());
    status = 1;
  }
  return status;
}

}  // namespace satbench
