// A filter pass (filter_ops.h) on the GPU: two kernels over groups of kGroup consecutive pixels
// of a row (pass_geometry.h says which groups each writes).
//   interior_kernel — the groups whose every pixel has its box inside the image, nearly all of
//     them: 4 table taps per pixel and nothing else, so that it keeps few registers and no stack
//     frame, and stores each group as whole words. The border path in the same kernel would
//     raise both for every pixel: inlined, border.h's term arrays (indexed at run time) go to
//     local memory; as a call, the callee's registers and the caller's saves count against the
//     kernel just the same.
//   border_kernel — every other group: the bands of rows above and below the interior, a few
//     groups at both ends of its rows, and all of a pass that has no interior. Byte stores.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "filters/filter_ops.h"
#include "filters/grid.cuh"
#include "filters/pass_geometry.h"
#include "launch/launch.h"
#include "tuning/filter_policy.h"

namespace sat::filters {

// A full group's bytes v (kGroup pixels × kCn) to `first`, its first byte: one 4-byte word per
// 4 bytes, or one 16-byte vector for 4 channels, where the group is aligned (pass_geometry.h).
template <int kCn>
__device__ __forceinline__ void store_group(uint8_t* first, bool aligned, const uint8_t (&v)[kGroup * kCn]) {
  constexpr int kWords = kGroup * kCn / 4;
  if (!aligned) {
#pragma unroll
    for (int i = 0; i < kGroup * kCn; ++i) first[i] = v[i];
    return;
  }
  uint32_t w[kWords];
#pragma unroll
  for (int i = 0; i < kWords; ++i) w[i] = pack_word(v + 4 * i);
  if constexpr (kWords == 4) {
    *reinterpret_cast<uint4*>(first) = make_uint4(w[0], w[1], w[2], w[3]);
  } else {
#pragma unroll
    for (int i = 0; i < kWords; ++i) reinterpret_cast<uint32_t*>(first)[i] = w[i];
  }
}

template <int kCn>
__device__ __forceinline__ PixelGroup row_group(const uint8_t* row, int g) {
  return pixel_group<kCn>(reinterpret_cast<std::uintptr_t>(row), g);
}

template <class Pass>
__global__ void interior_kernel(Pass pass, InteriorGroups in) {
  constexpr int kCn = Pass::kChannels;
  const int g = in.g0 + column();
  if (g >= in.g1) return;
  const Image8 out = pass.out();
  for (int y = in.rect.y.lo + first_row(); y <= in.rect.y.hi; y += row_stride()) {
    uint8_t* row = row_ptr(out.data, out.pitch, y);
    const PixelGroup p = row_group<kCn>(row, g);
    if (!interior_group(in.rect, y, p.x0)) continue;
    const BoxSpan rows = pass.row(y);
    uint8_t v[kGroup * kCn];
#pragma unroll
    for (int i = 0; i < kGroup; ++i) pass.template pixel<Path::Interior>(rows, p.x0 + i, y, v + i * kCn);
    store_group<kCn>(row + p.x0 * kCn, p.aligned, v);
  }
}

template <class Pass>
__global__ void border_kernel(Pass pass, InteriorRect interior, BorderGroups b) {
  constexpr int kCn = Pass::kChannels;
  const Image8 out = pass.out();
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t t = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; t < b.count; t += stride) {
    int y, g;
    b.at(t, y, g);
    uint8_t* row = row_ptr(out.data, out.pitch, y);
    const int x0 = row_group<kCn>(row, g).x0;
    if (x0 >= out.width || interior_group(interior, y, x0)) continue;
    const BoxSpan rows = pass.row(y);
    const int x_end = std::min(x0 + kGroup, out.width);
#pragma unroll 1  // one copy of the border path
    for (int x = std::max(x0, 0); x < x_end; ++x) pass.template pixel<Path::Any>(rows, x, y, row + x * kCn);
  }
}

// Enqueues `pass` on `stream`: the interior kernel, then the border kernel (disjoint groups).
template <class Pass>
void launch_filter_pass(const Pass& pass, cudaStream_t stream, const char* name) {
  const Image8 out = pass.out();
  const InteriorRect interior = pass.interior();
  const InteriorGroups in = interior_groups(interior);
  if (!in.empty()) {
    const dim3 grid = pixel_grid(in.g1 - in.g0, interior.y.hi - interior.y.lo + 1);
    interior_kernel<<<grid, pixel_block(), 0, stream>>>(pass, in);
    detail::check_launch(name);
  }
  const BorderGroups b = border_groups(interior, out.width, out.height);
  if (b.count > 0) {
    using Policy = detail::FilterLaunchPolicy;
    border_kernel<<<Policy::border_blocks(b.count), Policy::kBorderThreads, 0, stream>>>(pass, interior, b);
    detail::check_launch(name);
  }
}

}  // namespace sat::filters
