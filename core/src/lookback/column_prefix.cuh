// 2R2W-optimal's column look-back on the look-back component: the header's epoch and ticket
// (epoch.cuh), no clearing between calls, and packed {epoch, value} words (packed_protocol.cuh)
// for two C-vectors per tile — its column sums alone (local) and from the top of the image
// through it (global) —, read back by the windowed look_back() (look_back.cuh) through
// PackedProtocol's vector source with the walker's words in flight per lane (`WordsInFlight`).
//
// A vector's entries are stored in the order of the lanes that hold them: lane l's k-th entry at
// l·(C/32) + k (WarpVector's layout). 2R2W-optimal's lane l holds columns l, l + 32, …; writer and
// reader use the same lane order, so the permutation of columns in memory never shows.
// Layout in the workspace: lookback/column_prefix_layout.h.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "lookback/column_prefix_layout.h"
#include "lookback/epoch.cuh"
#include "lookback/packed_protocol.cuh"

namespace sat::detail {

template <class Acc, int C>
struct ColumnPrefixState {
  static_assert(sizeof(LookBackHeader) <= ColumnPrefixLayout::kHeaderBytes, "header fits its slot");
  using Protocol = PackedProtocol<Acc, C>;  // the word format and the vector source
  using Word = typename Protocol::Word;
  using Vec = typename Protocol::Vec;
  template <int WordsInFlight>
  using Source = typename Protocol::template BasicVectorSource<WordsInFlight>;

  LookBackHeader* header;
  Word* local;   // [tiles][C][words]
  Word* global;  // [tiles][C][words]

  static ColumnPrefixLayout layout(std::int64_t tiles) {
    return ColumnPrefixLayout::packed(tiles, C, Protocol::kWords);
  }
  static ColumnPrefixState at(void* workspace, const ColumnPrefixLayout& l) {
    char* b = static_cast<char*>(workspace);
    return {static_cast<LookBackHeader*>(workspace), reinterpret_cast<Word*>(b + l.local),
            reinterpret_cast<Word*>(b + l.global)};
  }

  // Whole warp: tile t's local / global vector, tagged with `epoch`. Plain stores: each word is
  // valid on its own the moment its epoch is current (no fence).
  __device__ __forceinline__ void publish_local(int t, const Vec& v, int lane, unsigned epoch) const {
    in_epoch(epoch).put(local, t, v, lane);
  }
  __device__ __forceinline__ void publish_global(int t, const Vec& v, int lane, unsigned epoch) const {
    in_epoch(epoch).put(global, t, v, lane);
  }
  // What look_back() walks: a tile's global vector, else its local one, of `epoch` only.
  template <int WordsInFlight>
  __device__ __forceinline__ Source<WordsInFlight> source(unsigned epoch) const {
    return Source<WordsInFlight>{global, local, epoch};
  }

 private:
  // The protocol's stores need only the epoch (its own arrays are not used here).
  __device__ __forceinline__ static Protocol in_epoch(unsigned epoch) {
    Protocol p{};
    p.epoch = epoch;
    return p;
  }
};

}  // namespace sat::detail
