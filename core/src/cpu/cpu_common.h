// Shared helpers of the CPU paths: row addressing and argument checks (host pointers).
#pragma once

#include <cstddef>
#include <type_traits>

#include "dispatch/validate.h"
#include "sat/sat.h"
#include "support/element_traits.h"

namespace sat::detail {

template <class T, class P>
T* row(P* base, std::size_t pitch, int i) {
  using Byte = std::conditional_t<std::is_const_v<T>, const char, char>;
  return reinterpret_cast<T*>(reinterpret_cast<Byte*>(base) + pitch * std::size_t(i));
}

// Same rules as sat::compute (sizes, null pointers, pitches, alignment, overlap).
inline void check_cpu_problem(const char* call, const Problem& problem) {
  check_request(call, problem.type, problem.extent, Options{});
  check_problem(call, problem);
}

}  // namespace sat::detail
