// A value computed once per CUDA device and cached: occupancy, SM counts, function attributes
// (a second GPU of another model must not reuse the first one's figures).
#pragma once

#include <cuda_runtime_api.h>

#include <map>
#include <mutex>

#include "sat/support/cuda_check.h"

namespace sat::detail {

template <class T>
class PerDevice {
 public:
  // The value for the current device; `compute()` runs the first time a device asks.
  template <class Compute>
  T get(Compute&& compute) {
    int device = 0;
    check_cuda(cudaGetDevice(&device), "cudaGetDevice");
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = values_.find(device);
    if (it == values_.end()) it = values_.emplace(device, compute(device)).first;
    return it->second;
  }

 private:
  std::mutex mutex_;
  std::map<int, T> values_;
};

}  // namespace sat::detail
