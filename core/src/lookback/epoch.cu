#include "lookback/epoch.cuh"

#include "detail/launch.h"

namespace sat::detail {

__global__ void lookback_prologue(LookBackHeader* header, uint4* body, unsigned long long body_bytes) {
  __shared__ unsigned long long from;
  __shared__ bool fresh;
  if (threadIdx.x == 0) {
    fresh = header->magic != kLookBackMagic || header->epoch >= kMaxEpoch;
    from = fresh ? 0ull : header->cleared_bytes;
  }
  __syncthreads();
  // First use (or epoch wrap-around): zero what this call will read. Rare, so one block is enough.
  for (unsigned long long i = from / 16 + threadIdx.x; i < body_bytes / 16; i += blockDim.x) body[i] = uint4{0, 0, 0, 0};
  __syncthreads();
  if (threadIdx.x == 0) {
    header->epoch = fresh ? 1u : header->epoch + 1u;
    header->magic = kLookBackMagic;
    if (body_bytes > from) header->cleared_bytes = body_bytes;
    header->ticket = 0;
  }
}

void begin_lookback_call(LookBackHeader* header, void* body, std::size_t body_bytes, cudaStream_t stream) {
  lookback_prologue<<<1, 1024, 0, stream>>>(header, static_cast<uint4*>(body), body_bytes);
  check_launch("lookback_prologue");
}

}  // namespace sat::detail
