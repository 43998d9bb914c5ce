// The operations of the Python module on Tensors: summed-area tables and the filters, batched
// over the leading axes, through satcore's C ABI. CUDA tensors run on `stream` (asynchronous, no
// device synchronisation), host tensors on the CPU backend (synchronous).
#pragma once

#include <cuda_runtime_api.h>

#include "sat/sat_c.h"
#include "tensor.h"

namespace satpy {

// The table's dtype for an input dtype (uint8 → uint32, float32 → float32); throws otherwise.
DType integral_dtype(DType input);
// dst has src's shape and integral_dtype(src); any number of leading (plane) axes.
void integral(const Tensor& src, const Tensor& dst, const sat_options& options, cudaStream_t stream);

enum class FilterKind { Box, MeanC, Sauvola, Bradley };
struct FilterRequest {
  FilterKind kind = FilterKind::Box;
  bool channels_last = false;  // src (..., H, W, C) with C ∈ {1, 3, 4} interleaved (BGR/BGRA)
  int kernel_width = 3, kernel_height = 3, border = SAT_BORDER_REFLECT101;  // box
  int window = 15;                                                          // block / window
  double C = 2.0, k = 0.2, r = 0.0, t = 15.0;
  bool invert = false;
  int max_value = 255;
  sat_options options = sat_default_options();
};
// The shape of the filter's result for `src` (thresholds drop the channel axis).
std::vector<int64_t> filter_result_shape(const Tensor& src, const FilterRequest& request);
void filter(const Tensor& src, const Tensor& dst, const FilterRequest& request, cudaStream_t stream);

}  // namespace satpy
