// Publication protocol for 4-byte sums: every published entry is its own 64-bit {epoch, value}
// word (epoch.cuh). A word is single-copy atomic, so it is valid the moment its epoch is current:
// publishing is a plain store (no fence, nothing to wait for) and the value arrives with the
// status, so a look-back step never reloads what it has seen.
//
// What a tile publishes: LRS, GRS (W-vectors, rows), LCS, GCS (W-vectors, columns), GLS, GS
// (scalars). rows(), cols() and diagonal() are the sources look_back() reads (look_back.cuh).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "detail/tile_agent.cuh"
#include "lookback/epoch.cuh"
#include "lookback/layout.h"

namespace sat::detail {

template <class Acc, int W>
struct PackedProtocol {
  static_assert(sizeof(Acc) == 4, "packed words hold 32-bit values");
  using Word = unsigned long long;
  using Vec = WarpVector<Acc, W>;
  static constexpr int kCols = Vec::kCols;
  Word *lrs, *grs, *lcs, *gcs;  // [tiles][W]
  Word *gls, *gs;               // [tiles]
  unsigned epoch;

  static LookBackLayout layout(std::int64_t tiles) { return LookBackLayout::packed(tiles, W); }
  static PackedProtocol at(void* base, const LookBackLayout& l) {
    char* b = static_cast<char*>(base);
    const auto words = [&](std::size_t offset) { return reinterpret_cast<Word*>(b + offset); };
    return {words(l.lrs), words(l.grs), words(l.lcs), words(l.gcs), words(l.gls), words(l.gs), 0u};
  }

  // The arrays of plane `plane` of a batch (each plane's tiles follow the previous plane's).
  __device__ __forceinline__ PackedProtocol of_plane(int plane, int tiles) const {
    PackedProtocol p = *this;
    const std::size_t vectors = std::size_t(plane) * tiles * W, scalars = std::size_t(plane) * tiles;
    for (Word** a : {&p.lrs, &p.grs, &p.lcs, &p.gcs}) *a += vectors;
    p.gls += scalars;
    p.gs += scalars;
    return p;
  }

  __device__ __forceinline__ static uint32_t bits(Acc v) {
    uint32_t b;
    memcpy(&b, &v, 4);
    return b;
  }
  __device__ __forceinline__ static Acc value(Word w) {
    const uint32_t b = uint32_t(w);
    Acc v;
    memcpy(&v, &b, 4);
    return v;
  }
  __device__ __forceinline__ void put(Word* base, int t, const Vec& v, int lane) const {
#pragma unroll
    for (int c = 0; c < kCols; ++c) store_word(base + std::size_t(t) * W + lane * kCols + c, pack_word(epoch, bits(v.e[c])));
  }
  __device__ __forceinline__ void put(Word* base, int t, Acc v, int lane) const {
    if (lane == 0) store_word(base + t, pack_word(epoch, bits(v)));
  }

  __device__ __forceinline__ void publish_row_local(int t, const Vec& v, int lane) const { put(lrs, t, v, lane); }
  // Entry i of LRS(t): the data warp that owns row i publishes it as soon as its row scan is done.
  __device__ __forceinline__ void publish_row_local_entry(int t, int i, Acc v) const {
    store_word(lrs + std::size_t(t) * W + i, pack_word(epoch, bits(v)));
  }
  __device__ __forceinline__ void publish_row_global_and_lshape(int t, const Vec& grs_v, Acc gls_v, int lane) const {
    put(grs, t, grs_v, lane);
    put(gls, t, gls_v, lane);
  }
  __device__ __forceinline__ void publish_global_sum(int t, Acc v, int lane) const { put(gs, t, v, lane); }
  __device__ __forceinline__ void publish_col_local(int t, const Vec& v, int lane) const { put(lcs, t, v, lane); }
  __device__ __forceinline__ void publish_col_global(int t, const Vec& v, int lane) const { put(gcs, t, v, lane); }

  // A W-vector source (rows or columns): a tile's global vector, else its local one.
  struct VectorSource {
    static constexpr bool kWindowed = true, kVector = true;
    // Vectors loaded per round trip by the fold: 8 words (16 registers) per lane in flight; more
    // spills at the 64-register budget of two 512-thread blocks per SM.
    static constexpr int kBatch = 4 / kCols > 0 ? 4 / kCols : 1;
    const Word *global, *local;
    unsigned epoch;
    struct Loaded {
      Word w[kCols];
    };

    __device__ __forceinline__ bool current(Word w) const { return unsigned(w >> 32) == epoch; }
    // Whether tile t's vector looks published: its last entry is current. A hint only — the
    // other entries of a vector are separate stores; complete() waits for every one of them.
    __device__ __forceinline__ Word global_hint(int t) const { return load_word(global + std::size_t(t) * W + (W - 1)); }
    __device__ __forceinline__ Word local_hint(int t) const { return load_word(local + std::size_t(t) * W + (W - 1)); }
    __device__ __forceinline__ void load(int t, bool from_global, Loaded& x, int lane) const {
      const Word* p = (from_global ? global : local) + std::size_t(t) * W + lane * kCols;
#pragma unroll
      for (int c = 0; c < kCols; ++c) x.w[c] = load_word(p + c);
    }
    __device__ __forceinline__ void complete(int t, bool from_global, Loaded& x, int lane) const {
      for (;;) {
        bool ok = true;
#pragma unroll
        for (int c = 0; c < kCols; ++c) ok &= current(x.w[c]);
        if (__all_sync(0xffffffffu, ok)) return;
        __nanosleep(32);
        load(t, from_global, x, lane);
      }
    }
    __device__ __forceinline__ void add(const Loaded& x, Vec& acc) const {
#pragma unroll
      for (int c = 0; c < kCols; ++c) acc.e[c] = acc.e[c] + value(x.w[c]);
    }
  };

  // A scalar source (the diagonal): GS, else GLS. The hint is the value itself.
  struct ScalarSource {
    static constexpr bool kWindowed = true, kVector = false;
    const Word *global, *local;
    unsigned epoch;
    __device__ __forceinline__ bool current(Word w) const { return unsigned(w >> 32) == epoch; }
    __device__ __forceinline__ static Acc value(Word w) { return PackedProtocol::value(w); }
    __device__ __forceinline__ Word global_hint(int t) const { return load_word(global + t); }
    __device__ __forceinline__ Word local_hint(int t) const { return load_word(local + t); }
  };

  __device__ __forceinline__ VectorSource rows() const { return {grs, lrs, epoch}; }
  __device__ __forceinline__ VectorSource cols() const { return {gcs, lcs, epoch}; }
  __device__ __forceinline__ ScalarSource diagonal() const { return {gs, gls, epoch}; }
};

}  // namespace sat::detail
