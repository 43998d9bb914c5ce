// The 16-bit runs of the filters that take SampleType::U16 (sixteen/run.cpp), and the one every
// other filter's spec meets: check_sample_type refuses those before any run.
#pragma once

#include <cuda_runtime_api.h>

#include "filters/engine_context.h"
#include "sat/error.h"
#include "sat/filters.h"

namespace sat::filters {

void run16(EngineContext& engine, const BoxBlurParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream);
void run16(EngineContext& engine, const MeanCParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream);
void run16(EngineContext& engine, const BradleyParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream);
void run16(EngineContext& engine, const SauvolaParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream);

template <class Params>
void run16(EngineContext&, const Params&, ConstImage16, Image16, cudaStream_t) {
  throw Error(ErrorCode::Unsupported, "sat::FilterEngine::apply", "this filter takes 8-bit images only");
}

}  // namespace sat::filters
