// Look-back: a tile finds the sum of everything before it along a row, a column or the diagonal
// from what its predecessors published (first, first − step, …, count of them).
//
// The sum is always formed forward: from the nearest predecessor whose global value is out (or
// the farthest one, whose local value is its global one), adding the local values of the tiles
// after it in order, GRS(j′) + LRS(j′+1) + … That is exactly how GRS(j′) itself was formed, so
// float results do not depend on which predecessors happened to be finished: every run gives the
// same bits. Integers are exact either way.
//
// The walk is windowed: one round trip probes 32 predecessors at once (lane k the k-th; as CUB's
// decoupled look-back reads a warp's worth of tile states), then the values to add are loaded in
// batches of independent loads — a chain of n locals costs ⌈n/32⌉ + ⌈n/batch⌉ round trips
// instead of the 2n of waiting for one predecessor at a time. The sources are PackedProtocol's
// (packed_protocol.cuh).
// A tile waits only on tiles with smaller tickets (its own plane's predecessors).
#pragma once

#include <cuda_runtime.h>

namespace sat::detail {

// Where a windowed look-back starts: `at`, the position (0 = `first`) of the nearest predecessor
// whose global value is out — or count − 1, the edge tile, whose local value is global — once
// every predecessor nearer than it has its local value out; `from_global` says which value of
// that tile to take; `gw`, `lw`: this lane's probe of the window holding it (the words themselves).
struct LookBackStart {
  int at = 0;
  bool from_global = false;
  unsigned long long gw = 0, lw = 0;
  int probes = 0;  // probe round trips it took (the tile timeline's record)
};

// What a walk did, for the tile timeline (tile_timeline.cuh): where it started (−1: nothing to
// walk), whether from a global value, and its probe round trips. Unused, it compiles to nothing.
struct LookBackWalk {
  int at = -1;
  bool from_global = false;
  int probes = 0;
};

template <class Source>
__device__ __forceinline__ LookBackStart find_look_back_start(const Source& s, int first, int step, int count,
                                                              int lane) {
  LookBackStart r;
  unsigned delay_ns = 32;
  for (int base = 0;;) {
    ++r.probes;
    const int p = base + lane;
    const bool in = p < count;
    bool g = false, l = false;
    r.gw = r.lw = 0;
    if (in) {
      r.gw = s.global_hint(first - p * step);  // both loads in flight together
      r.lw = s.local_hint(first - p * step);
      g = s.current(r.gw);
      l = s.current(r.lw);
    }
    const unsigned globals = __ballot_sync(0xffffffffu, in && g);
    const unsigned missing = __ballot_sync(0xffffffffu, in && !g && !l);
    const int nearest = globals ? __ffs(globals) - 1 : 32;
    const unsigned nearer = nearest == 32 ? 0xffffffffu : (1u << nearest) - 1u;
    if ((missing & nearer) == 0) {
      if (nearest < 32) {
        r.at = base + nearest;
        r.from_global = true;
        return r;
      }
      if (base + 32 >= count) {
        r.at = count - 1;
        r.from_global = false;
        return r;
      }
      base += 32;  // 32 locals out, no global yet: look further
      delay_ns = 32;
      continue;
    }
    __nanosleep(delay_ns);  // a nearer predecessor has published nothing yet
    if (delay_ns < 256) delay_ns *= 2;
  }
}

// Windowed look-back of a W-vector (rows or columns).
template <class Source, class Vec>
__device__ __forceinline__ LookBackWalk look_back_vector(const Source& s, int first, int step, int count, Vec& acc,
                                                         int lane) {
  if (count == 0) return {};
  const LookBackStart st = find_look_back_start(s, first, step, count, lane);
  const int start = st.at;
  const bool from_global = st.from_global;
  constexpr int B = Source::kBatch;
  for (int p0 = start; p0 >= 0; p0 -= B) {
    typename Source::Loaded x[B];
#pragma unroll
    for (int k = 0; k < B; ++k)
      if (p0 - k >= 0) s.load(first - (p0 - k) * step, from_global && k == 0 && p0 == start, x[k], lane);
#pragma unroll
    for (int k = 0; k < B; ++k) {
      if (p0 - k >= 0) {
        const bool g = from_global && k == 0 && p0 == start;
        s.complete(first - (p0 - k) * step, g, x[k], lane);
        s.add(x[k], acc);
      }
    }
  }
  return {start, from_global, st.probes};
}

// Windowed look-back of a scalar (the diagonal): the probe's words are the values (their first
// words, for sums wider than 32 bits), so a window that holds the start is folded with shuffles.
template <class Source, class Acc>
__device__ __forceinline__ LookBackWalk look_back_scalar(const Source& s, int first, int step, int count, Acc& acc,
                                                         int lane) {
  if (count == 0) return {};
  const LookBackStart st = find_look_back_start(s, first, step, count, lane);
  const int start = st.at;
  const int last_window = start / 32 * 32;
  for (int base = last_window; base >= 0; base -= 32) {
    const int p = base + lane;
    const bool g = st.from_global && p == start;
    typename Source::Entry e{};
    if (p <= start) {
      // The probe's word, or (an earlier window) a local whose word was current then, and stays so.
      const unsigned long long w = base == last_window ? (g ? st.gw : st.lw) : s.local_hint(first - p * step);
      e = s.entry(first - p * step, g, w);
    }
    const int top = start - base < 31 ? start - base : 31;
    for (int k = top; k >= 0; --k) {
      typename Source::Entry from_k;
#pragma unroll
      for (int j = 0; j < int(sizeof(e.w) / sizeof(e.w[0])); ++j) from_k.w[j] = __shfl_sync(0xffffffffu, e.w[j], k);
      acc = acc + s.value(from_k);
    }
  }
  return {start, st.from_global, st.probes};
}

// The walk the source supports: over W-vectors or scalars.
template <class Source, class Value>
__device__ __forceinline__ LookBackWalk look_back(const Source& s, int first, int step, int count, Value& acc,
                                                  int lane) {
  if constexpr (Source::kVector) {
    return look_back_vector(s, first, step, count, acc, lane);
  } else {
    return look_back_scalar(s, first, step, count, acc, lane);
  }
}

}  // namespace sat::detail
