// satbench's option parser on a test's arguments, as the program's main() hands them over
// (argv[0] "satbench" put in front).
#pragma once

#include <string>
#include <vector>

#include "bench_options.h"

namespace satbench {

inline BenchOptions parse_args(std::vector<std::string> args) {
  args.insert(args.begin(), "satbench");
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  return parse_options(int(argv.size()), argv.data());
}

}  // namespace satbench
