// 2R2W (Emoto et al., section II, Figure 2): the textbook baseline. Two kernels, one thread per
// line, each line summed sequentially:
//   1. one thread per column: column prefix sums of the converted input into the output. Threads
//      of a warp touch adjacent columns of the same row, so every access is coalesced;
//   2. one thread per row: row prefix sums in place on the output. Threads of a warp touch the
//      same column of 32 different rows (stride = pitch): every access is its own transaction,
//      which is why this algorithm is far slower than a copy.
// Global traffic: two reads and two writes per element; no workspace. Only width (kernel 1) or
// height (kernel 2) threads exist, so small images leave most of the GPU idle — as in the paper,
// this is the reference point, not something to tune.
#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "algorithms/algorithms.h"
#include "support/element_traits.h"
#include "tuning/naive_2r2w_policy.h"

namespace sat::detail {
namespace {

constexpr int kThreads = Naive2R2WPolicy::kThreads;

template <class T>
__device__ __forceinline__ T* row_of(T* base, std::size_t pitch, int y) {
  using Byte = std::conditional_t<std::is_const_v<T>, const char, char>;
  return reinterpret_cast<T*>(reinterpret_cast<Byte*>(base) + pitch * std::size_t(y));
}

// Kernel 1: thread x walks down column x. The running sum stays in a register, so each element
// is read once from the input and written once to the output.
template <class Traits>
__global__ void __launch_bounds__(kThreads)
    column_scan_kernel(const typename Traits::In* in, std::size_t in_pitch, typename Traits::Acc* out,
                       std::size_t out_pitch, int width, int height) {
  using Acc = typename Traits::Acc;
  const int x = int(blockIdx.x) * kThreads + int(threadIdx.x);
  if (x >= width) return;
  Acc sum = zero<Acc>();
  for (int y = 0; y < height; ++y) {
    sum = sum + Traits::convert(row_of(in, in_pitch, y)[x]);
    row_of(out, out_pitch, y)[x] = sum;
  }
}

// Kernel 2: thread y walks along row y of the output, in place.
template <class Acc>
__global__ void __launch_bounds__(kThreads) row_scan_kernel(Acc* out, std::size_t out_pitch, int width, int height) {
  const int y = int(blockIdx.x) * kThreads + int(threadIdx.x);
  if (y >= height) return;
  Acc* row = row_of(out, out_pitch, y);
  Acc sum = zero<Acc>();
  for (int x = 0; x < width; ++x) {
    sum = sum + row[x];
    row[x] = sum;
  }
}

template <class Traits>
void launch(const Launch& l) {
  using In = typename Traits::In;
  using Acc = typename Traits::Acc;
  const Problem& p = l.problem;
  const int width = p.extent.width, height = p.extent.height;
  auto* out = static_cast<Acc*>(p.output);
  column_scan_kernel<Traits><<<ceil_div(width, kThreads), kThreads, 0, l.stream>>>(
      static_cast<const In*>(p.input), p.input_pitch, out, p.output_pitch, width, height);
  check_launch("2r2w column_scan_kernel");
  row_scan_kernel<Acc><<<ceil_div(height, kThreads), kThreads, 0, l.stream>>>(out, p.output_pitch, width, height);
  check_launch("2r2w row_scan_kernel");
}

}  // namespace

std::size_t naive_2r2w_workspace(ElementType, Extent) { return 0; }

void naive_2r2w(const Launch& l) {
  visit_type(l.problem.type, [&](auto traits) { launch<decltype(traits)>(l); });
}

}  // namespace sat::detail
