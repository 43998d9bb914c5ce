#include "lookback/epoch.cuh"

#include "launch/launch.h"
#include "tuning/lookback_policy.h"

namespace sat::detail {

__global__ void lookback_reset(LookBackHeader* header, uint4* body, unsigned long long body_bytes,
                               unsigned long long layout_key, bool cleared) {
  __shared__ bool fresh;
  __shared__ unsigned epoch;
  if (threadIdx.x == 0) {
    epoch = unsigned(header->epoch_ticket >> 32);
    fresh = cleared || header->magic != kLookBackMagic || header->layout_key != layout_key || epoch == 0 ||
            epoch > kMaxEpoch - kEpochMargin;
  }
  __syncthreads();
  // Rare (a workspace the caller has not had the library clear, or a wrapped epoch): one block.
  if (fresh && !cleared)
    for (unsigned long long i = threadIdx.x; i < body_bytes / 16; i += blockDim.x) body[i] = uint4{0, 0, 0, 0};
  __syncthreads();
  if (threadIdx.x == 0) {
    header->epoch_ticket = static_cast<unsigned long long>(fresh ? 1u : epoch + 1u) << 32;
    header->layout_key = layout_key;
    header->magic = kLookBackMagic;
  }
}

void begin_lookback_call(LookBackHeader* header, std::uint64_t key, std::size_t body_bytes, WorkspaceHistory* history,
                         cudaStream_t stream) {
  if (history && history->ready_for(key)) {
    history->count_call();
    return;
  }
  char* body = reinterpret_cast<char*>(header) + LookBackLayout::kHeaderBytes;
  // The layout changed under a workspace the library owns: zero it with every SM, not one block.
  const bool clear_here = history && history->layout_key != key;
  if (clear_here) check_cuda(cudaMemsetAsync(body, 0, body_bytes, stream), "cudaMemsetAsync (look-back state)");
  lookback_reset<<<1, kLookBackResetThreads, 0, stream>>>(header, reinterpret_cast<uint4*>(body), body_bytes, key,
                                                          clear_here);
  check_launch("lookback_reset");
  if (history) history->reset_to(key);
}

}  // namespace sat::detail
