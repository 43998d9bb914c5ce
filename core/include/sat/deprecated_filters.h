// The per-filter methods FilterEngine had before the catalog: each is FilterEngine::apply with
// its filter's parameter struct, kept so that older code compiles (with a deprecation warning).
// FilterEngine inherits them from here; they and the C ABI's per-filter functions (sat_box_blur,
// sat_threshold_*, sat/sat_c.h) are each one line in core/src/deprecated_entry_points.cpp.
// New code: engine.apply(sat::SauvolaParams{...}, src, dst, stream), or a spec by name.
#pragma once

#include <cuda_runtime_api.h>

#include "sat/filter_params.h"

namespace sat::detail {

class DeprecatedFilterCalls {
 public:
  // Errors name the method ("sat::FilterEngine::box_blur: ..."), as they always did.
  [[deprecated("use FilterEngine::apply(sat::BoxBlurParams{...}, src, dst, stream)")]] void box_blur(
      ConstImage8 src, Image8 dst, const BoxBlurParams& params, cudaStream_t stream = nullptr);
  [[deprecated("use FilterEngine::apply(sat::MeanCParams{...}, src, dst, stream)")]] void threshold_mean_c(
      ConstImage8 src, Image8 dst, const MeanCParams& params, cudaStream_t stream = nullptr);
  [[deprecated("use FilterEngine::apply(sat::SauvolaParams{...}, src, dst, stream)")]] void threshold_sauvola(
      ConstImage8 src, Image8 dst, const SauvolaParams& params, cudaStream_t stream = nullptr);
  [[deprecated("use FilterEngine::apply(sat::BradleyParams{...}, src, dst, stream)")]] void threshold_bradley(
      ConstImage8 src, Image8 dst, const BradleyParams& params, cudaStream_t stream = nullptr);

 protected:
  DeprecatedFilterCalls() = default;
  ~DeprecatedFilterCalls() = default;
};

}  // namespace sat::detail
