// Where 2R2W-optimal's column look-back keeps its state in a workspace: the header (epoch and
// ticket, lookback/epoch.cuh), then two arrays of packed {epoch, value} words (the word format of
// packed_protocol.cuh), per tile of the ticket space:
//   local:  the column sums of the tile alone (its aggregate), C entries
//   global: the column sums from the top of the image through the tile (its inclusive prefix)
// Each entry is one 64-bit word per 32 bits of the sum. Plain C++, tested on the CPU.
#pragma once

#include <cstddef>
#include <cstdint>

#include "lookback/layout.h"

namespace sat::detail {

struct ColumnPrefixLayout {
  static constexpr std::size_t kAlign = LookBackLayout::kAlign;
  static constexpr std::size_t kHeaderBytes = LookBackLayout::kHeaderBytes;
  std::size_t local = 0, global = 0;  // byte offsets from the workspace base
  std::size_t bytes = 0;              // header + arrays, a multiple of 16
  std::int64_t tiles = 0;
  int cols = 0;   // entries per vector: the tile's columns
  int words = 0;  // 64-bit words per entry: sizeof(sum) / 4

  static ColumnPrefixLayout packed(std::int64_t tiles, int cols, int words) {
    ColumnPrefixLayout l;
    l.tiles = tiles;
    l.cols = cols;
    l.words = words;
    const std::size_t vector_bytes = std::size_t(tiles) * std::size_t(cols) * l.entry_bytes();
    l.local = kHeaderBytes;  // a multiple of kAlign
    l.global = (l.local + vector_bytes + kAlign - 1) / kAlign * kAlign;
    l.bytes = (l.global + vector_bytes + 15) / 16 * 16;
    return l;
  }
  std::size_t entry_bytes() const { return 8 * std::size_t(words); }
  // Bytes after the header: what a reset clears when it meets a workspace of another layout.
  std::size_t body_bytes() const { return bytes - kHeaderBytes; }
  std::uint64_t key() const { return state_key(StateKind::ColumnPrefixPacked, tiles, cols, entry_bytes()); }
};

}  // namespace sat::detail
