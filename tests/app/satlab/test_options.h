// satlab's command line for tests: parsed as main() parses it.
#pragma once

#include <vector>

#include "app_options.h"

namespace satlab::test {

// `args` without the program's name; throws UsageError as parse_app_options does.
inline AppOptions parse(std::vector<const char*> args) {
  args.insert(args.begin(), "satlab");
  return parse_app_options(static_cast<int>(args.size()), args.data());
}

}  // namespace satlab::test
