// What the dispatcher hands an algorithm after validating it: a checked problem, the tile size,
// the carved workspace and the stream. Algorithms never see invalid arguments.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "sat/detail/workspace_history.h"
#include "sat/sat.h"
#include "sat/support/cuda_check.h"

namespace sat::detail {

struct Launch {
  Problem problem;  // the first plane of `batch`
  Batch batch;      // algorithms that take a batch in one launch read it; the others see 1 plane
  int tile = 0;     // W, already resolved from Options (0 for non-tiled algorithms)
  double hybrid_r = 0.25;
  void* workspace = nullptr;
  std::size_t workspace_bytes = 0;
  cudaStream_t stream = nullptr;
  WorkspaceHistory* history = nullptr;  // set when the library owns the workspace (Plan, filters)
};

inline int ceil_div(int a, int b) { return (a + b - 1) / b; }

// Carves aligned sub-buffers out of one workspace; used twice with the same calls, first with a
// null base to size it, then with the real base to hand out pointers.
class WorkspaceCarver {
 public:
  explicit WorkspaceCarver(void* base = nullptr) : base_(static_cast<char*>(base)) {}
  template <class T>
  T* take(std::size_t count) {
    offset_ = (offset_ + kAlign - 1) / kAlign * kAlign;
    T* p = base_ ? reinterpret_cast<T*>(base_ + offset_) : nullptr;
    offset_ += count * sizeof(T);
    return p;
  }
  std::size_t bytes() const { return offset_; }

 private:
  static constexpr std::size_t kAlign = 256;
  char* base_;
  std::size_t offset_ = 0;
};

// Checks the launch that just happened (cudaGetLastError).
void check_launch(const char* kernel);

}  // namespace sat::detail
