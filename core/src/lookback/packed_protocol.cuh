// Publication protocol of the look-back: every published entry is made of 64-bit {epoch, value}
// words (epoch.cuh), one per 32 bits of the sum — one word for a 4-byte sum, two for 8 bytes,
// four for 16 (u32x4, SumSq). A word is single-copy atomic, so it is valid the moment its epoch is
// current, and every entry is written once per call, so an entry whose words are all current is
// the final one: publishing is plain stores (no fence, nothing to wait for) and the values arrive
// with the status, so a look-back step never reloads what it has seen and a window of 32
// predecessors is probed in one round trip (look_back.cuh) whatever the sum's width.
//
// What a tile publishes: LRS, GRS (W-vectors, rows), LCS, GCS (W-vectors, columns), GLS, GS
// (scalars). rows(), cols() and diagonal() are the sources look_back() reads. The one-wave
// look-back (skss_lb/one_wave_carries.cuh) publishes LRS, LCS and LS (the tile's sum) and reads them back
// with add_local_row_vector(), add_local_col_vector() and local_sum().
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "lookback/epoch.cuh"
#include "lookback/layout.h"
#include "tuning/tile_policy.h"
#include "warp/warp_vector.cuh"

namespace sat::detail {

template <class Acc, int W>
struct PackedProtocol {
  static_assert(sizeof(Acc) % 4 == 0 && sizeof(Acc) <= 16, "sums of 1, 2 or 4 32-bit words");
  static constexpr int kWords = int(sizeof(Acc) / 4);  // words per entry
  using Word = unsigned long long;
  using Vec = WarpVector<Acc, W>;
  static constexpr int kCols = Vec::kCols;
  Word *lrs, *grs, *lcs, *gcs;  // [tiles][W][kWords]
  Word *gls, *gs, *ls;          // [tiles][kWords]
  unsigned epoch;

  // One entry's words, word k holding bits [32k, 32k + 32) of the sum.
  struct Entry {
    Word w[kWords];
  };

  static LookBackLayout layout(std::int64_t tiles) { return LookBackLayout::packed(tiles, W, kWords); }
  static PackedProtocol at(void* base, const LookBackLayout& l) {
    char* b = static_cast<char*>(base);
    const auto words = [&](std::size_t offset) { return reinterpret_cast<Word*>(b + offset); };
    return {words(l.lrs), words(l.grs), words(l.lcs), words(l.gcs), words(l.gls), words(l.gs), words(l.ls), 0u};
  }

  // The arrays of plane `plane` of a batch (each plane's tiles follow the previous plane's).
  __device__ __forceinline__ PackedProtocol of_plane(int plane, int tiles) const {
    PackedProtocol p = *this;
    const std::size_t scalars = std::size_t(plane) * tiles * kWords, vectors = scalars * W;
    for (Word** a : {&p.lrs, &p.grs, &p.lcs, &p.gcs}) *a += vectors;
    p.gls += scalars;
    p.gs += scalars;
    p.ls += scalars;
    return p;
  }

  __device__ __forceinline__ static bool current(Word w, unsigned epoch) { return unsigned(w >> 32) == epoch; }
  __device__ __forceinline__ static bool current(const Entry& e, unsigned epoch) {
    bool ok = true;
#pragma unroll
    for (int k = 0; k < kWords; ++k) ok &= current(e.w[k], epoch);
    return ok;
  }
  __device__ __forceinline__ static Acc value(const Entry& e) {
    uint32_t b[kWords];
#pragma unroll
    for (int k = 0; k < kWords; ++k) b[k] = uint32_t(e.w[k]);
    Acc v;
    memcpy(&v, b, sizeof(Acc));
    return v;
  }
  __device__ __forceinline__ static Entry load_entry(const Word* p) {
    Entry e;
#pragma unroll
    for (int k = 0; k < kWords; ++k) e.w[k] = load_word(p + k);
    return e;
  }
  // Entry `i` at `base` (in entries): its words stored one by one, each valid on its own.
  __device__ __forceinline__ void store_entry(Word* base, std::size_t i, const Acc& v) const {
    uint32_t b[kWords];
    memcpy(b, &v, sizeof(Acc));
#pragma unroll
    for (int k = 0; k < kWords; ++k) store_word(base + i * kWords + k, pack_word(epoch, b[k]));
  }

  __device__ __forceinline__ void put(Word* base, int t, const Vec& v, int lane) const {
#pragma unroll
    for (int c = 0; c < kCols; ++c) store_entry(base, std::size_t(t) * W + lane * kCols + c, v.e[c]);
  }
  __device__ __forceinline__ void put(Word* base, int t, Acc v, int lane) const {
    if (lane == 0) store_entry(base, std::size_t(t), v);
  }

  __device__ __forceinline__ void publish_row_local(int t, const Vec& v, int lane) const { put(lrs, t, v, lane); }
  // Entry i of LRS(t): the data warp that owns row i publishes it as soon as its row scan is done.
  __device__ __forceinline__ void publish_row_local_entry(int t, int i, Acc v) const {
    store_entry(lrs, std::size_t(t) * W + i, v);
  }
  __device__ __forceinline__ void publish_row_global(int t, const Vec& v, int lane) const { put(grs, t, v, lane); }
  __device__ __forceinline__ void publish_lshape(int t, Acc v, int lane) const { put(gls, t, v, lane); }
  __device__ __forceinline__ void publish_global_sum(int t, Acc v, int lane) const { put(gs, t, v, lane); }
  __device__ __forceinline__ void publish_col_local(int t, const Vec& v, int lane) const { put(lcs, t, v, lane); }
  // Entry j of LCS(t), published by whichever thread has column j's total.
  __device__ __forceinline__ void publish_col_local_entry(int t, int j, Acc v) const {
    store_entry(lcs, std::size_t(t) * W + j, v);
  }
  __device__ __forceinline__ void publish_col_global(int t, const Vec& v, int lane) const { put(gcs, t, v, lane); }

  __device__ __forceinline__ void publish_local_sum(int t, Acc v, int lane) const { put(ls, t, v, lane); }

  // Adds tile t's LRS / LCS (this lane's kCols entries) to `acc`, once every word is current: the
  // look-back sources' own load and wait (the whole warp calls it for the same tile).
  __device__ __forceinline__ void add_local_row_vector(int t, Vec& acc, int lane) const {
    add_when_current(rows(), t, acc, lane);
  }
  __device__ __forceinline__ void add_local_col_vector(int t, Vec& acc, int lane) const {
    add_when_current(cols(), t, acc, lane);
  }
  // Tile t's LS, waited for until every word is current.
  __device__ __forceinline__ Acc local_sum(int t) const {
    for (;;) {
      const Entry e = load_entry(ls + std::size_t(t) * kWords);
      if (current(e, epoch)) return value(e);
      __nanosleep(32);
    }
  }

  // A W-vector source (rows or columns): a tile's global vector, else its local one. The fold loads
  // as many vectors per round trip as keep `WordsInFlight` 64-bit words in flight per lane, at
  // least one: a tuning value of the kernel that walks it (its registers to spare).
  template <int WordsInFlight>
  struct BasicVectorSource {
    static constexpr bool kVector = true;
    static constexpr int kBatch = WordsInFlight / (kCols * kWords) > 0 ? WordsInFlight / (kCols * kWords) : 1;
    const Word *global, *local;
    unsigned epoch;
    struct Loaded {
      Entry e[kCols];
    };

    __device__ __forceinline__ bool current(Word w) const { return PackedProtocol::current(w, epoch); }
    // Whether tile t's vector looks published: the last word of its last entry is current. A hint
    // only — the other words are separate stores; complete() waits for every one of them.
    __device__ __forceinline__ Word global_hint(int t) const { return load_word(last_word(global, t)); }
    __device__ __forceinline__ Word local_hint(int t) const { return load_word(last_word(local, t)); }
    __device__ __forceinline__ static const Word* last_word(const Word* base, int t) {
      return base + (std::size_t(t) * W + W) * kWords - 1;
    }
    __device__ __forceinline__ void load(int t, bool from_global, Loaded& x, int lane) const {
      const Word* p = (from_global ? global : local) + (std::size_t(t) * W + lane * kCols) * kWords;
#pragma unroll
      for (int c = 0; c < kCols; ++c) x.e[c] = load_entry(p + c * kWords);
    }
    __device__ __forceinline__ void complete(int t, bool from_global, Loaded& x, int lane) const {
      for (;;) {
        bool ok = true;
#pragma unroll
        for (int c = 0; c < kCols; ++c) ok &= PackedProtocol::current(x.e[c], epoch);
        if (__all_sync(0xffffffffu, ok)) return;
        __nanosleep(32);
        load(t, from_global, x, lane);
      }
    }
    __device__ __forceinline__ void add(const Loaded& x, Vec& acc) const {
#pragma unroll
      for (int c = 0; c < kCols; ++c) acc.e[c] = acc.e[c] + value(x.e[c]);
    }
  };

  // 1R1W-SKSS-LB's rows and columns: the words in flight of the tile kernels (tuning/tile_policy.h).
  using VectorSource = BasicVectorSource<TilePolicyOf<Acc, W>::kLookBackWordsInFlight>;

  // A scalar source (the diagonal): GS, else GLS. The hint is the entry's first word — for 4-byte
  // sums the whole value, so the probe needs no second load.
  struct ScalarSource {
    static constexpr bool kVector = false;
    using Entry = PackedProtocol::Entry;
    const Word *global, *local;
    unsigned epoch;
    __device__ __forceinline__ bool current(Word w) const { return PackedProtocol::current(w, epoch); }
    __device__ __forceinline__ Word global_hint(int t) const { return load_word(global + std::size_t(t) * kWords); }
    __device__ __forceinline__ Word local_hint(int t) const { return load_word(local + std::size_t(t) * kWords); }
    // Tile t's whole entry, whose first word `first` (current) was probed: the other words are
    // loaded and waited for.
    __device__ __forceinline__ Entry entry(int t, bool from_global, Word first) const {
      Entry e;
      e.w[0] = first;
      if constexpr (kWords > 1) {
        const Word* p = (from_global ? global : local) + std::size_t(t) * kWords;
        for (;;) {
          bool ok = true;
#pragma unroll
          for (int k = 1; k < kWords; ++k) ok &= current(e.w[k] = load_word(p + k));
          if (ok) break;
          __nanosleep(32);
        }
      }
      return e;
    }
    __device__ __forceinline__ static Acc value(const Entry& e) { return PackedProtocol::value(e); }
  };

  template <class Source>
  __device__ __forceinline__ static void add_when_current(const Source& s, int t, Vec& acc, int lane) {
    typename Source::Loaded x;
    s.load(t, false, x, lane);
    s.complete(t, false, x, lane);
    s.add(x, acc);
  }

  // Rows and columns walked with the tile kernels' words in flight, or with `WordsInFlight` (a
  // kernel whose look-back warps have registers of their own).
  template <int WordsInFlight = TilePolicyOf<Acc, W>::kLookBackWordsInFlight>
  __device__ __forceinline__ BasicVectorSource<WordsInFlight> rows() const {
    return {grs, lrs, epoch};
  }
  template <int WordsInFlight = TilePolicyOf<Acc, W>::kLookBackWordsInFlight>
  __device__ __forceinline__ BasicVectorSource<WordsInFlight> cols() const {
    return {gcs, lcs, epoch};
  }
  __device__ __forceinline__ ScalarSource diagonal() const { return {gs, gls, epoch}; }
};

}  // namespace sat::detail
