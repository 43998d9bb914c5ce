// 1R1W-SKSS-LB on the host: the workspace, the launch geometry and the choice of kernel. The
// kernels are thin shells in kernels.cuh around one agent (agent/skss_lb_agent.cuh), with the
// carries from the chained look-back (chained_carries.cuh) or from every tile at once
// (one_wave_carries.cuh), and the ring kernel (ring_kernel.cuh) that splits a block into data
// and look-back warps; the look-back itself is in lookback/.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "algorithms/algorithms.h"
#include "algorithms/skss_lb/kernels.cuh"
#include "algorithms/skss_lb/ring_kernel.cuh"
#include "algorithms/skss_lb/tile_grid.h"
#include "support/per_device.h"
#include "support/plane_tensor_map.h"

namespace sat::detail {
namespace {

#ifdef SAT_TILE_TIMELINE
TileTimeline g_timeline;  // set_tile_timeline(); read by every launch below
#endif
TileTimeline current_timeline() {
#ifdef SAT_TILE_TIMELINE
  return g_timeline;
#else
  return {};
#endif
}

// (blocks per SM, SMs) of a kernel on a device: whether and how many of its blocks stay resident.
// Each kernel caches it per device below (the occupancy and the SM count are the device's).
struct Residency {
  int blocks_per_sm = 0, sms = 0;
};
template <class Kernel>
Residency residency_of(Kernel kernel, int threads, int dynamic_smem, int device, const char* what) {
  Residency r;
  check_cuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&r.blocks_per_sm, kernel, threads, dynamic_smem), what);
  check_cuda(cudaDeviceGetAttribute(&r.sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
  return r;
}

// The pipelined kernel, with its dynamic shared memory (the prefetch stage).
template <class Traits, int W, bool kBatch>
Residency pipelined_residency() {
  static PerDevice<Residency> cache;
  return cache.get([](int device) {
    constexpr int stage_bytes = int(sizeof(typename TileAgent<Traits, W>::Stage));
    auto kernel = skss_lb_pipelined_kernel<Traits, W, kBatch>;
    check_cuda(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, stage_bytes),
               "cudaFuncSetAttribute (1r1w-skss-lb)");
    return residency_of(kernel, LookBackBlock<Traits, W>::kThreads, stage_bytes, device,
                        "cudaOccupancyMaxActiveBlocksPerMultiprocessor (1r1w-skss-lb)");
  });
}

// The ring kernel, with its dynamic shared memory (the prefetch stage and the parked tiles).
template <class Traits, int W, bool kBatch>
Residency ring_residency() {
  static PerDevice<Residency> cache;
  return cache.get([](int device) {
    using Block = RingBlock<Traits, W>;
    constexpr int dynamic_bytes = int(Block::kDynamicBytes);
    // A device that gives a block less shared memory than the ring needs (before Hopper: 99 KB on
    // sm_86/89, 163 KB on sm_80) runs the pipelined kernel instead.
    int optin = 0;
    check_cuda(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device),
               "cudaDeviceGetAttribute");
    if (std::size_t(dynamic_bytes) + sizeof(typename Block::Shared) > std::size_t(optin)) return Residency{};
    auto kernel = skss_lb_ring_kernel<Traits, W, kBatch>;
    check_cuda(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, dynamic_bytes),
               "cudaFuncSetAttribute (1r1w-skss-lb, ring)");
    return residency_of(kernel, Block::kThreads, dynamic_bytes, device,
                        "cudaOccupancyMaxActiveBlocksPerMultiprocessor (1r1w-skss-lb, ring)");
  });
}

// The one-wave kernel: whether a call's tiles all fit at once.
template <class Traits, int W, bool kBatch>
Residency one_wave_residency() {
  static PerDevice<Residency> cache;
  return cache.get([](int device) {
    return residency_of(skss_lb_tile_per_block_kernel<Traits, W, kBatch, OneWaveCarries<Traits, W>>,
                        LookBackBlock<Traits, W>::kThreads, 0, device,
                        "cudaOccupancyMaxActiveBlocksPerMultiprocessor (1r1w-skss-lb, one wave)");
  });
}

// Which kernel a call runs, and with how many blocks: the one-wave kernel where every tile fits
// at once and it pays; the ring kernel where tuning asks for it (ring_for); the pipelined kernel
// for chunk-aligned input; one block per tile otherwise.
struct KernelChoice {
  SkssLbKernel kernel = SkssLbKernel::TilePerBlock;
  int blocks = 0;
};
template <class Traits, int W, bool kBatch>
KernelChoice choose_kernel(const LbTileGrid& grid, bool wide_in) {
  using Acc = typename Traits::Acc;
  const std::int64_t tiles = grid.ticket_space();
  if constexpr (one_wave_for(sizeof(Acc), kBatch)) {
    const Residency wave = one_wave_residency<Traits, W, kBatch>();
    if (tiles <= std::int64_t(wave.blocks_per_sm) * wave.sms) return {SkssLbKernel::OneWave, int(tiles)};
  }
  if constexpr (ring_kernel_for(sizeof(Acc)) && RingBlock<Traits, W>::kFits) {
    const Residency r = wide_in ? ring_residency<Traits, W, kBatch>() : Residency{};
    if (r.blocks_per_sm > 0 && ring_for(sizeof(Acc), tiles, std::int64_t(r.blocks_per_sm) * r.sms))
      return {SkssLbKernel::Ring, grid.persistent_blocks(r.blocks_per_sm, r.sms)};
  }
  if constexpr (TileAgent<Traits, W>::kCanPrefetch) {
    const Residency r = wide_in ? pipelined_residency<Traits, W, kBatch>() : Residency{};
    if (r.blocks_per_sm > 0) return {SkssLbKernel::Pipelined, grid.persistent_blocks(r.blocks_per_sm, r.sms)};
  }
  return {SkssLbKernel::TilePerBlock, int(tiles)};
}

// One-plane calls run the kernels instantiated without the batch arithmetic (kBatch = false): the
// plane index is the constant 0, so they are the single-image kernels exactly, and small images —
// latency-bound — pay nothing for batches.
template <class Traits, int W, bool kBatch>
void launch(const Launch& l) {
  using In = typename Traits::In;
  using Acc = typename Traits::Acc;
  using Agent = TileAgent<Traits, W>;
  using Block = LookBackBlock<Traits, W>;
  const Problem& p = l.problem;
  const LbTileGrid grid = LbTileGrid::of(p.extent.height, p.extent.width, W, l.batch.planes);
  const int tiles_y = grid.tiles_y, tiles_x = grid.tiles_x;
  const int tiles = int(grid.ticket_space());  // every plane's tiles (checked against 32 bits)
  const BatchGeometry batch{l.batch.planes, l.batch.input_plane_stride, l.batch.output_plane_stride};
  const LookBackState<Acc, W> st = LookBackState<Acc, W>::at(l.workspace, tiles);
  const LookBackLayout layout = LookBackState<Acc, W>::layout(tiles);
  begin_lookback_call(st.header, layout.key(), layout.body_bytes(), l.history, l.stream);
  const Plane<const In> in{static_cast<const In*>(p.input), p.input_pitch, p.extent.height, p.extent.width};
  const Plane<Acc> out{static_cast<Acc*>(p.output), p.output_pitch, p.extent.height, p.extent.width};
  // Wide (chunked) accesses need every plane aligned: the first, and the stride between them.
  const auto second = [&](const void* first, std::size_t stride) {
    return batch.planes > 1 ? static_cast<const char*>(first) + stride : first;
  };
  const bool wide_in = is_aligned_for_chunks<In, Agent::kCols>(p.input, p.input_pitch) &&
                       is_aligned_for_chunks<In, Agent::kCols>(second(p.input, batch.in_stride), p.input_pitch);
  const bool wide_out = is_aligned_for_chunks<Acc, Agent::kCols>(p.output, p.output_pitch) &&
                        is_aligned_for_chunks<Acc, Agent::kCols>(second(p.output, batch.out_stride), p.output_pitch);
  const KernelChoice k = choose_kernel<Traits, W, kBatch>(grid, wide_in);
  const TileTimeline timeline = current_timeline();
  switch (k.kernel) {
    case SkssLbKernel::OneWave:
      if constexpr (one_wave_for(sizeof(Acc), kBatch)) {
        skss_lb_tile_per_block_kernel<Traits, W, kBatch, OneWaveCarries<Traits, W>>
            <<<k.blocks, Block::kThreads, 0, l.stream>>>(in, out, st, tiles_y, tiles_x, batch, wide_in, wide_out,
                                                         timeline);
        check_launch("skss_lb_tile_per_block_kernel (one wave)");
      }
      return;
    case SkssLbKernel::Ring:
      if constexpr (ring_kernel_for(sizeof(Acc)) && RingBlock<Traits, W>::kFits) {
        // The copy engine's view of the input (false where it has none: the kernel's cp.async).
        CUtensorMap in_map{};
        const PlaneStack input{p.input,       sizeof(In),   p.extent.width, p.extent.height,
                               p.input_pitch, batch.planes, batch.in_stride};
        const bool has_in_map = encode_plane_tensor_map(in_map, input, W);
        skss_lb_ring_kernel<Traits, W, kBatch>
            <<<k.blocks, RingBlock<Traits, W>::kThreads, RingBlock<Traits, W>::kDynamicBytes, l.stream>>>(
                in, out, st, tiles_y, tiles_x, batch, wide_out, in_map, has_in_map, timeline);
        check_launch("skss_lb_ring_kernel");
      }
      return;
    case SkssLbKernel::Pipelined:
      if constexpr (Agent::kCanPrefetch) {
        skss_lb_pipelined_kernel<Traits, W, kBatch>
            <<<k.blocks, Block::kThreads, sizeof(typename Agent::Stage), l.stream>>>(in, out, st, tiles_y, tiles_x,
                                                                                     batch, wide_out, timeline);
        check_launch("skss_lb_pipelined_kernel");
      }
      return;
    case SkssLbKernel::TilePerBlock:
      break;
  }
  skss_lb_tile_per_block_kernel<Traits, W, kBatch, ChainedCarries<Traits, W>>
      <<<k.blocks, Block::kThreads, 0, l.stream>>>(in, out, st, tiles_y, tiles_x, batch, wide_in, wide_out, timeline);
  check_launch("skss_lb_tile_per_block_kernel");
}

}  // namespace

std::size_t skss_lb_1r1w_workspace(ElementType type, Extent extent, int tile, int planes) {
  return visit_type(type, [&](auto traits) {
    using Acc = typename decltype(traits)::Acc;
    const LbTileGrid grid = LbTileGrid::of(extent.height, extent.width, tile, planes);
    return visit_tile(
        tile, [&](auto w) { return LookBackState<Acc, decltype(w)::value>::layout(grid.ticket_space()).bytes; });
  });
}

SkssLbKernel skss_lb_1r1w_kernel(ElementType type, Extent extent, int tile, int planes, bool wide_in) {
  SkssLbKernel kernel = SkssLbKernel::TilePerBlock;
  visit_tiled(type, tile, [&](auto traits, auto w) {
    using Traits = decltype(traits);
    constexpr int W = decltype(w)::value;
    const LbTileGrid grid = LbTileGrid::of(extent.height, extent.width, W, planes);
    kernel = planes == 1 ? choose_kernel<Traits, W, false>(grid, wide_in).kernel
                         : choose_kernel<Traits, W, true>(grid, wide_in).kernel;
  });
  return kernel;
}

void set_tile_timeline(TileStamps* device_stamps, std::size_t capacity) {
#ifdef SAT_TILE_TIMELINE
  g_timeline = TileTimeline{device_stamps, capacity};
#else
  (void)device_stamps;
  (void)capacity;
  throw Error(ErrorCode::Unsupported, "set_tile_timeline", "satcore was built without SATLAB_TILE_TIMELINE");
#endif
}

void skss_lb_1r1w(const Launch& l) {
  visit_tiled(l.problem.type, l.tile, [&](auto traits, auto w) {
    if (l.batch.planes == 1)
      launch<decltype(traits), decltype(w)::value, false>(l);
    else
      launch<decltype(traits), decltype(w)::value, true>(l);
  });
}

}  // namespace sat::detail
