// Variable-radius blur on both backends. PLACEHOLDER until the filter is implemented.
#include "filters/engine_context.h"
#include "sat/error.h"

namespace sat::filters {

void run(EngineContext&, const VariableBlurParams&, ConstImage8, Image8, cudaStream_t) {
  throw Error(ErrorCode::Unsupported, "sat::FilterEngine::apply", "variable-blur is not implemented yet");
}

}  // namespace sat::filters
