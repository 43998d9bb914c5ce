// Local statistics on both backends. PLACEHOLDER until the filter is implemented.
#include "filters/engine_context.h"
#include "sat/error.h"

namespace sat::filters {

void run(EngineContext&, const LocalStatsParams&, ConstImage8, Image8, cudaStream_t) {
  throw Error(ErrorCode::Unsupported, "sat::FilterEngine::apply", "local is not implemented yet");
}

}  // namespace sat::filters
