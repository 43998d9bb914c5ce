// Guided filter (He, Sun, Tang) on both backends. PLACEHOLDER until the filter is implemented.
#include "filters/engine_context.h"
#include "sat/error.h"

namespace sat::filters {

void run(EngineContext&, const GuidedParams&, ConstImage8, Image8, cudaStream_t) {
  throw Error(ErrorCode::Unsupported, "sat::FilterEngine::apply", "guided is not implemented yet");
}

}  // namespace sat::filters
