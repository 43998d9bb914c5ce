// The operations of the Python module on Tensors: summed-area tables and the filters of satcore's
// catalog, batched over the leading axes, through satcore's C ABI. CUDA tensors run on `stream`
// (asynchronous, no device synchronisation), host tensors on the CPU backend (synchronous).
#pragma once

#include <cuda_runtime_api.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sat/sat_c.h"
#include "tensor.h"

namespace satpy {

// How integral() reads its input beyond the dtype: `wide` asks for 64-bit sums (uint16 only),
// `channels_last` for (..., H, W, 4) pixels of four interleaved channels (uint8 or uint16).
struct IntegralLayout {
  bool wide = false;
  bool channels_last = false;
};
// The table's dtype for an input dtype (uint8 → uint32, uint16 → uint32 or uint64 wide,
// float32 → float32); throws otherwise.
DType integral_dtype(DType input, bool wide = false);
// The table's shape: src's, one more row and column for the tilted table.
std::vector<int64_t> integral_shape(std::vector<int64_t> shape, bool tilted);
// dst has integral_shape(src) and integral_dtype(src); any number of leading (plane) axes;
// options.table picks the upright or the tilted table.
void integral(const Tensor& src, const Tensor& dst, const sat_options& options, IntegralLayout layout,
              cudaStream_t stream);

// One parameter of a catalog filter, as sat_filter_param takes it: `text` (a choice's name) when
// set, else `image` (an image parameter: uint8 (H, W), or one plane per input plane), else `value`.
struct FilterParam {
  std::string name;
  double value = 0;
  std::optional<std::string> text;
  std::optional<Tensor> image;
};

// A call of a catalog filter (sat_filter_apply) on every plane of a tensor.
struct FilterRequest {
  int filter = -1;             // index in the catalog (sat_filter_find)
  bool channels_last = false;  // src (..., H, W, C) with C ∈ {1, 3, 4} interleaved (BGR/BGRA)
  std::vector<FilterParam> params;
  sat_options options = sat_default_options();
  // Errors speak the Python function that was called: its name and its parameter names (C ABI
  // name → Python name, e.g. kernel_width → ksize[0]).
  std::string function = "filter";
  std::vector<std::pair<std::string, std::string>> renames;
};
// The shape of the filter's result for `src`: a filter with gray output drops the channel axis.
std::vector<int64_t> filter_result_shape(const Tensor& src, const FilterRequest& request);
void filter(const Tensor& src, const Tensor& dst, const FilterRequest& request, cudaStream_t stream);

}  // namespace satpy
