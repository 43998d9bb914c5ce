// Tuning of the tiled algorithms in one place — every kernel built on TileAgent (2R1W, 1R1W,
// (1+r)R1W, 1R1W-SKSS, 1R1W-SKSS-LB) and 1R1W-SKSS-LB's look-back — keyed by GPU architecture and
// by the width of the sum, as CUB keeps a policy per architecture for each algorithm. The values
// and why they are what they are: docs/tuning-notes.md (measured on an NVIDIA H100, sm_90).
//
// Two kinds of value:
//   - the block's shape (rows per warp, hence threads per block) and the default tile: the host
//     launches with them, so they are the same for every architecture (a device compiled for
//     another one runs the same grid);
//   - what only the device code sees (blocks per SM the launch bounds ask ptxas to fit, i.e. the
//     register budget; parking the tile during the look-back; the look-back's loads in flight):
//     per architecture, picked by the __CUDA_ARCH__ of each device pass.
// Occupancy itself is looked up per device at run time (support/per_device.h), never assumed.
// Plain C++: the host side (default tile) includes it too.
#pragma once

#include <cstddef>

#include "tuning/arch.h"

namespace sat::detail {

// The default tile W for a sum of `acc_bytes` (Options::tile == 0): 128 for 4-byte sums; a 128²
// tile of wider sums holds too many values per thread to stay in registers.
constexpr int default_tile_for(std::size_t acc_bytes) { return acc_bytes >= 8 ? 64 : 128; }

// Whether 1R1W-SKSS-LB runs its one-wave kernel (skss_lb/one_wave_carries.cuh) when every tile of a call
// fits on the GPU at once: for 4-byte sums, where it is 4–16 % faster than the chained look-back
// at 1024²–2048² f32 and 1280×720–1920×1080 u8 (docs/tuning-notes.md, step 25). For 16-byte sums
// it was 50 % slower at 640×480 (one 512-thread block per SM), so they keep the chain; 8-byte sums
// were not measured. Batches of planes keep the chain too: 64 planes of 256² u8 (256 tiles) were
// 5 % slower in one wave, where its batch instantiation spills 60–80 bytes. A host-side choice:
// the same for every architecture.
constexpr bool one_wave_for(std::size_t acc_bytes, bool batch) { return acc_bytes == 4 && !batch; }

// Whether 1R1W-SKSS-LB runs its ring kernel (skss_lb/ring_kernel.cuh) for a call of `tiles` tiles
// (every plane's) of which `ring_blocks` can be resident at once, when the one-wave kernel does
// not take it (docs/tuning-notes.md, steps 33 and 35, NVIDIA H100):
//   - at least two tiles per block: the ring overlaps a tile's look-back with the block's next
//     tile, so a block with one tile gains nothing (u8x4 640×480, 64 planes of 256²: 3–9 % slower);
//   - at every larger size: since the ring fills its stage with tensor copies it is as fast as the
//     pipelined kernel where both are bound by bytes in flight (f32 16384², 32768²: 0.4–0.8 %
//     faster at W = 128) and faster below (8192² at W = 64: 7.7 %). Input whose rows are not
//     16-byte aligned takes the ring's cp.async path there, 0.5–1.6 % slower than the pipelined
//     kernel at 16384²–32768² (step 33);
//   - 8-byte sums keep the pipelined kernel (not measured).
constexpr bool ring_kernel_for(std::size_t acc_bytes) { return acc_bytes == 4 || acc_bytes == 16; }
constexpr bool ring_for(std::size_t acc_bytes, long long tiles, long long ring_blocks) {
  return ring_kernel_for(acc_bytes) && tiles >= 2 * ring_blocks;
}

// Threads per block of the multi-kernel tiled algorithms' carries kernel (algorithms/tiled/): one
// thread per image row or column of its part of the grid.
inline constexpr int kCarriesThreads = 1024;

// The block's shape: each warp owns `rows_per_warp` rows of a W×W tile, each lane W/32 columns.
// 8 rows for sums up to 8 bytes (W = 128: 16 warps, 512 threads, 32 registers of 4-byte values
// per thread); 16-byte sums 4 rows (W = 64: 512 threads, the same 64 KB of tile in registers).
constexpr int rows_per_warp(std::size_t acc_bytes) { return acc_bytes >= 16 ? 4 : 8; }

template <TuningArch A, std::size_t AccBytes, int W>
struct TileKernelPolicy {
  static constexpr int kThreads = 32 * (W / rows_per_warp(AccBytes));  // the block shape (TilePolicy takes it)
  // Blocks per SM for the tile-agent kernels of 2R1W, 1R1W, (1+r)R1W and 1R1W-SKSS: two
  // 512-thread blocks (64 registers) for 4-byte sums; wider sums take the registers they need.
  static constexpr int kMinBlocks = AccBytes <= 4 ? 1024 / kThreads : 1;
  // Blocks per SM for 1R1W-SKSS-LB. 4-byte sums: 2 at W = 128 (64 registers; more tiles in flight
  // hide the look-back), 3 at W = 64, 4 at W = 32. 16-byte sums: 1 (step 23b: 2 blocks spill 116
  // bytes and gain 3 % at 4K, lose 7 % at 640×480).
  static constexpr int kLookBackMinBlocks = AccBytes <= 4 ? (W == 128 ? 2 : (W == 64 ? 3 : 4)) : 1;
  // The look-back warps park their tile in shared memory while they look back: where two blocks
  // share an SM's registers (4-byte sums); wider sums have registers for both.
  static constexpr bool kParkTile = AccBytes == 4;
  // 64-bit words per lane the look-back's fold loads per round trip: 4 for 4-byte sums (more
  // spills at 64 registers: 16 spill 800 bytes); 16 for 16-byte sums, two vectors (u8x4 1280×720
  // 9 % faster than with 8; at W = 64 the batch and per-tile kernels spill 24–40 bytes, the
  // single-plane pipelined one none); 8 for 8-byte sums (not measured).
  static constexpr int kLookBackWordsInFlight = AccBytes == 4 ? 4 : (AccBytes == 16 ? 16 : 8);
  // The same for the ring kernel's look-back warps, which hold no tile data: 16 (four 4-byte
  // vectors, two 16-byte ones a round trip; no spills at the ring's 96 registers).
  static constexpr int kRingLookBackWordsInFlight = 16;
};

// Other architectures: Hopper's values (not measured there).
template <std::size_t AccBytes, int W>
struct TileKernelPolicy<TuningArch::Other, AccBytes, W> : TileKernelPolicy<TuningArch::Hopper, AccBytes, W> {};

// The policy of the architecture being compiled.
template <class Acc, int W>
using TilePolicyOf = TileKernelPolicy<kTuningArch, sizeof(Acc), W>;

}  // namespace sat::detail
