// An error of a delegate reported under the public entry point that called it: the same code and
// message, "inner_call: message" becoming "call: message" (e.g. sat_filter_apply over
// sat::FilterEngine::apply, or FilterEngine::box_blur over the run of apply).
#pragma once

#include <string>

#include "sat/error.h"

namespace sat::detail {

inline Error renamed(const Error& e, const std::string& call) {
  std::string message = e.what();
  const std::string prefix = e.call() + ": ";
  if (message.rfind(prefix, 0) == 0) message.erase(0, prefix.size());
  return Error(e.code(), call, message);
}

}  // namespace sat::detail
