// Publication protocol for sums wider than 4 bytes (8- and 16-byte accumulators): values in plain
// arrays guarded by epoch-tagged status flags (tile_status.cuh): data stores, a fence, then the
// flag with release semantics; readers acquire the flag first, then read the values from L2.
// Same calls as PackedProtocol; its sources step one predecessor at a time (look_back.cuh).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "detail/memory.cuh"
#include "detail/tile_agent.cuh"
#include "lookback/layout.h"
#include "lookback/tile_status.cuh"

namespace sat::detail {

// Row statuses: 1 LRS, 2 GRS, 3 GRS + GLS, 4 GS. Column statuses: 1 LCS, 2 GCS.
enum RowStatus : TileFlag { kRowLocal = 1, kLShape = 3, kGlobalSum = 4 };  // 3 also means GRS is out
enum ColStatus : TileFlag { kColLocal = 1, kColGlobal = 2 };

template <class Acc, int W>
struct FlagProtocol {
  using Vec = WarpVector<Acc, W>;
  TileFlag *row_flag, *col_flag;  // [tiles]
  Acc *lrs, *grs, *lcs, *gcs;     // [tiles][W]
  Acc *gls, *gs;                  // [tiles]
  unsigned epoch;

  static LookBackLayout layout(std::int64_t tiles) { return LookBackLayout::flagged(tiles, W, sizeof(Acc)); }
  static FlagProtocol at(void* base, const LookBackLayout& l) {
    char* b = static_cast<char*>(base);
    const auto values = [&](std::size_t offset) { return reinterpret_cast<Acc*>(b + offset); };
    return {reinterpret_cast<TileFlag*>(b + l.row_flag),
            reinterpret_cast<TileFlag*>(b + l.col_flag),
            values(l.lrs), values(l.grs), values(l.lcs), values(l.gcs), values(l.gls), values(l.gs), 0u};
  }

  __device__ __forceinline__ FlagProtocol of_plane(int plane, int tiles) const {
    FlagProtocol p = *this;
    const std::size_t vectors = std::size_t(plane) * tiles * W, scalars = std::size_t(plane) * tiles;
    p.row_flag += scalars;
    p.col_flag += scalars;
    for (Acc** a : {&p.lrs, &p.grs, &p.lcs, &p.gcs}) *a += vectors;
    p.gls += scalars;
    p.gs += scalars;
    return p;
  }

  __device__ __forceinline__ void publish_row_local(int t, const Vec& v, int lane) const {
    v.store_global(lrs + std::size_t(t) * W, lane);
    warp_publish(row_flag + t, kRowLocal, epoch);
  }
  __device__ __forceinline__ void publish_row_global_and_lshape(int t, const Vec& grs_v, Acc gls_v, int lane) const {
    grs_v.store_global(grs + std::size_t(t) * W, lane);
    if (lane == 0) store_l2(gls + t, gls_v);
    warp_publish(row_flag + t, kLShape, epoch);  // one fence for both
  }
  __device__ __forceinline__ void publish_global_sum(int t, Acc v, int lane) const {
    if (lane == 0) store_l2(gs + t, v);
    warp_publish(row_flag + t, kGlobalSum, epoch);
  }
  __device__ __forceinline__ void publish_col_local(int t, const Vec& v, int lane) const {
    v.store_global(lcs + std::size_t(t) * W, lane);
    warp_publish(col_flag + t, kColLocal, epoch);
  }
  __device__ __forceinline__ void publish_col_global(int t, const Vec& v, int lane) const {
    v.store_global(gcs + std::size_t(t) * W, lane);
    warp_publish(col_flag + t, kColGlobal, epoch);
  }

  // A source: the flag says which of the two values is out (local at `local_status`, global at
  // `global_status`). wait(t) spins until one is, true for global; add() reads it.
  template <class Value>
  struct Source {
    static constexpr bool kWindowed = false;
    const TileFlag* flag;
    TileFlag local_status, global_status;
    const Acc *global, *local;
    int stride;  // W for vectors, 1 for scalars
    unsigned epoch;
    __device__ __forceinline__ bool wait(int t, int /*lane*/) const {
      return warp_wait_status(flag + t, local_status, epoch) >= global_status;
    }
    __device__ __forceinline__ void add(int t, bool from_global, Value& acc, int lane) const {
      add(acc, (from_global ? global : local) + std::size_t(t) * stride, lane);
    }
    __device__ __forceinline__ static void add(Vec& acc, const Acc* src, int lane) { acc.add_global(src, lane); }
    __device__ __forceinline__ static void add(Acc& acc, const Acc* src, int) { acc = acc + load_l2(src); }
  };
  __device__ __forceinline__ Source<Vec> rows() const { return {row_flag, kRowLocal, kLShape, grs, lrs, W, epoch}; }
  __device__ __forceinline__ Source<Vec> cols() const { return {col_flag, kColLocal, kColGlobal, gcs, lcs, W, epoch}; }
  __device__ __forceinline__ Source<Acc> diagonal() const {
    return {row_flag, kLShape, kGlobalSum, gs, gls, 1, epoch};
  }
};

}  // namespace sat::detail
