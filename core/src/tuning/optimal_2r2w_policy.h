// Launch policy of 2R2W-optimal (algorithms/optimal_2r2w.cu) and the grid arithmetic the host
// does with it: the row kernel's warps per row, the column kernel's tile height (R = 8 or 2
// rows per warp) and the workspace's tile count. Plain C++, tested on the CPU
// (tests/core/cpu/tuning_test.cpp).
//
// Two kinds of value, as in tuning/tile_policy.h:
//   - the block's shape and the bytes a lane moves (Optimal2R2WShape): the kernels are compiled
//     with them and the host sizes grids and the workspace with them, so they are the same for
//     every architecture;
//   - how many warps fill a device (Optimal2R2WPolicy): chosen on the host from the device's
//     architecture and multiplied by the SM count read from the device (tuning/arch.h).
#pragma once

#include <cstddef>

#include "tuning/arch.h"

namespace sat::detail {

struct Optimal2R2WShape {
  // Both kernels: 8 warps per block.
  static constexpr int kWarps = 8;
  static constexpr int kThreads = 32 * kWarps;
  // Bytes of sums a lane stores per piece (row kernel) or holds per tile row (column kernel): one
  // 16-byte access, so that a warp's access is 512 contiguous bytes.
  static constexpr int kLaneBytes = 16;
  // Row kernel: pieces per lane and step, all loaded at once: 4, or fewer so that a step's input
  // stays within 32 bytes per lane (two steps of loads are in flight: the prefetch).
  static constexpr int kRowMaxPieces = 4;
  static constexpr int kRowMaxInBytesPerLane = 32;
  // Column kernel: rows per warp of a tile (a tile is kWarps·R rows): 8, or 2 where R = 8 gives
  // too few tiles to fill the device.
  static constexpr int kRowsPerWarpBig = 8;
  static constexpr int kRowsPerWarpSmall = 2;
  static constexpr int kSmallTilesPerBig = kRowsPerWarpBig / kRowsPerWarpSmall;
  // Column kernel: 64-bit words each lane keeps in flight while its look-back folds the column sums
  // of the tiles above (PackedProtocol's vector source). R = 2 is chosen where the tiles all start
  // at once and a tile may fold its whole chain of 64–128 predecessors: 16 words (four f32 or u32
  // vectors of a tile row per round trip; with 4 words f32 1024²–2048² were 21–28 % slower than the
  // walk before the look-back component). R = 8 tiles run in waves and find a recent global sum:
  // 4 words, since more registers cost occupancy (16 words: 8192²–32768² 6–11 % slower).
  // Measured on an NVIDIA H100 (docs/tuning-notes.md, step 30).
  static constexpr int column_look_back_words_in_flight(int rows_per_warp) {
    return rows_per_warp == kRowsPerWarpSmall ? 16 : 4;
  }

  // Sums per lane access: E = 16 bytes / sizeof(sum), at least 1.
  static constexpr int lane_elements(std::size_t acc_bytes) {
    return acc_bytes >= std::size_t(kLaneBytes) ? 1 : int(std::size_t(kLaneBytes) / acc_bytes);
  }
  // Row kernel: pieces per lane and step for pieces of `in_piece_bytes` input bytes.
  static constexpr int row_pieces(int in_piece_bytes) {
    return kRowMaxInBytesPerLane / in_piece_bytes < kRowMaxPieces ? kRowMaxInBytesPerLane / in_piece_bytes
                                                                  : kRowMaxPieces;
  }
  // Column kernel: columns per tile (32 lanes × E).
  static constexpr int tile_columns(std::size_t acc_bytes) { return 32 * lane_elements(acc_bytes); }
};

// What fills a device, per architecture (host side).
struct Optimal2R2WPolicy {
  // Resident warps per SM that keep its memory pipes full: 64 on Hopper (its maximum, 2048
  // threads; measured on an H100 as 8192 warps for 132 SMs).
  int warps_per_sm;
};

constexpr Optimal2R2WPolicy optimal_2r2w_policy(TuningArch arch) {
  switch (arch) {
    case TuningArch::Hopper:
      return {64};
    case TuningArch::Other:
      break;  // not measured: Hopper's values
  }
  return {64};
}

// The workspace is sized for devices of up to this many SMs, so that its size depends on the
// extent only (the same on every device, and monotone: a Plan sized for a maximum extent serves
// every smaller one). A device with more SMs chooses R as if it had this many.
inline constexpr int kOptimal2R2WMaxSizedSms = 256;

// Warps that fill a device of `sms` SMs (clamped to 1 … kOptimal2R2WMaxSizedSms).
constexpr long long optimal_2r2w_target_warps(const Optimal2R2WPolicy& p, int sms) {
  const int s = sms < 1 ? 1 : (sms > kOptimal2R2WMaxSizedSms ? kOptimal2R2WMaxSizedSms : sms);
  return static_cast<long long>(s) * p.warps_per_sm;
}

// Row kernel: warps per row G ∈ {1, 2, 4, …, kWarps}, doubled while the row has work for twice as
// many warps (`chunks`: the row's steps of one warp) and the image has fewer than
// `target_warps` warps of rows.
constexpr int optimal_2r2w_row_group(int chunks, int height, long long target_warps) {
  int g = 1;
  while (g < Optimal2R2WShape::kWarps && 2 * g <= chunks && static_cast<long long>(height) * g < target_warps) g *= 2;
  return g;
}

// Column kernel: the tiling of a width × height image into tiles of `tile_columns` columns and
// kWarps·R rows (64-bit until validated by use). `few_tiles`: fewer tiles than this at R = 8 →
// R = 2 (four times as many, shorter tiles): the tiles that fill the device, one block each.
struct Optimal2R2WColumnShape {
  long long groups = 0, segments_big = 0, segments_small = 0, few_tiles = 0;

  static constexpr long long few_tiles_for(long long target_warps) { return target_warps / Optimal2R2WShape::kWarps; }
  // The largest few_tiles of any architecture's policy on any device the workspace is sized for.
  static constexpr long long max_few_tiles() {
    const long long hopper =
        few_tiles_for(optimal_2r2w_target_warps(optimal_2r2w_policy(TuningArch::Hopper), kOptimal2R2WMaxSizedSms));
    const long long other =
        few_tiles_for(optimal_2r2w_target_warps(optimal_2r2w_policy(TuningArch::Other), kOptimal2R2WMaxSizedSms));
    return hopper > other ? hopper : other;
  }

  constexpr Optimal2R2WColumnShape(int width, int height, int tile_columns, long long few)
      : groups((static_cast<long long>(width) + tile_columns - 1) / tile_columns),
        segments_big(segments_of(height, Optimal2R2WShape::kRowsPerWarpBig)),
        segments_small(segments_of(height, Optimal2R2WShape::kRowsPerWarpSmall)),
        few_tiles(few) {}

  constexpr bool small() const { return groups * segments_big < few_tiles; }
  constexpr int rows_per_warp() const {
    return small() ? Optimal2R2WShape::kRowsPerWarpSmall : Optimal2R2WShape::kRowsPerWarpBig;
  }
  constexpr long long segments() const { return small() ? segments_small : segments_big; }
  constexpr long long tiles() const { return groups * segments(); }

  // The tiles the workspace holds for this extent on any device: R = 8's tiles, or R = 2's where
  // some device up to kOptimal2R2WMaxSizedSms may choose it (then its tiles, at most
  // kSmallTilesPerBig × few_tiles of the largest device). Monotone in width and height.
  static constexpr long long workspace_tiles(int width, int height, int tile_columns) {
    const Optimal2R2WColumnShape s(width, height, tile_columns, 0);
    const long long cap = Optimal2R2WShape::kSmallTilesPerBig * max_few_tiles();
    const long long small_tiles = s.groups * s.segments_small < cap ? s.groups * s.segments_small : cap;
    const long long big_tiles = s.groups * s.segments_big;
    return big_tiles > small_tiles ? big_tiles : small_tiles;
  }

 private:
  static constexpr long long segments_of(int height, int rows_per_warp) {
    const long long rows = static_cast<long long>(Optimal2R2WShape::kWarps) * rows_per_warp;
    return (height + rows - 1) / rows;
  }
};

}  // namespace sat::detail
