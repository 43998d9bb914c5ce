// The 16-bit runs of the filters that take SampleType::U16 (sixteen/run.cpp), and the one every
// other filter's spec meets: check_sample_type refuses those before any run.
#pragma once

#include <cuda_runtime_api.h>

#include "filters/engine_context.h"
#include "sat/error.h"
#include "sat/filters.h"

namespace sat::filters {

// The gray filters read one gray plane: a colour src would need a 16-bit gray conversion, so a
// 16-bit src of other than 1 channel is refused (Unsupported, naming its channels).
void require_gray16(ConstImage16 src);

void run16(EngineContext& engine, const BoxBlurParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream);
void run16(EngineContext& engine, const MeanCParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream);
void run16(EngineContext& engine, const BradleyParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream);
void run16(EngineContext& engine, const SauvolaParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream);
void run16(EngineContext& engine, const LocalStatsParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream);
void run16(EngineContext& engine, const KuwaharaParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream);
void run16(EngineContext& engine, const VariableBlurParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream);
void run16(EngineContext& engine, const GuidedParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream);

template <class Params>
void run16(EngineContext&, const Params&, ConstImage16, Image16, cudaStream_t) {
  throw Error(ErrorCode::Unsupported, "sat::FilterEngine::apply", "this filter takes 8-bit images only");
}

}  // namespace sat::filters
