// An error of a delegate reported under the public entry point that called it: the same code,
// message (its parts) and CUDA status under `call` (e.g. sat_filter_apply over sat::FilterEngine::apply, or
// FilterEngine::box_blur over the run of apply).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sat/error.h"

namespace sat::detail {

inline Error renamed(const Error& e, const std::string& call) {
  return Error(e.code(), call, e.parts(), e.cuda_status());
}

// A failed allocation of `what` (an owner of sat/support) reported under `call`:
//   "sat::FilterEngine: cudaMalloc(8294400 bytes) for the scratch buffer 1: out of memory".
inline Error allocation_failed(const Error& e, const std::string& call, const std::string& what) {
  std::vector<MessagePart> parts{e.call() + " for the " + what + ": "};
  parts.insert(parts.end(), e.parts().begin(), e.parts().end());
  return Error(e.code(), call, std::move(parts), e.cuda_status());
}

}  // namespace sat::detail
