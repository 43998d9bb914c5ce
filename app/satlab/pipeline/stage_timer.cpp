#include "pipeline/stage_timer.h"

#include "common/cuda/cuda_check.h"

namespace satlab {

void CudaStageTimer::begin(Stage stage, cudaStream_t stream) {
  SATAPP_CUDA_CHECK(cudaEventRecord(begin_[static_cast<int>(stage)].get(), stream));
}

void CudaStageTimer::end(Stage stage, cudaStream_t stream) {
  SATAPP_CUDA_CHECK(cudaEventRecord(end_[static_cast<int>(stage)].get(), stream));
  recorded_[static_cast<int>(stage)] = true;
}

double CudaStageTimer::elapsed_ms(Stage stage) const {
  const int i = static_cast<int>(stage);
  if (!recorded_[i]) return 0;
  float ms = 0;
  SATAPP_CUDA_CHECK(cudaEventElapsedTime(&ms, begin_[i].get(), end_[i].get()));
  return ms;
}

}  // namespace satlab
