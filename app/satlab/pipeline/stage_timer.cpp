#include "pipeline/stage_timer.h"

namespace satlab {

void CudaStageTimer::begin(Stage stage, cudaStream_t stream) { stages_[static_cast<int>(stage)].start(stream); }

void CudaStageTimer::end(Stage stage, cudaStream_t stream) {
  stages_[static_cast<int>(stage)].stop(stream);
  recorded_[static_cast<int>(stage)] = true;
}

double CudaStageTimer::elapsed_ms(Stage stage) const {
  const int i = static_cast<int>(stage);
  if (!recorded_[i]) return 0;
  return stages_[i].elapsed_ms();
}

}  // namespace satlab
