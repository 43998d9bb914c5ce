// Where the look-back state lives in a workspace: the header (epoch, ticket), then the arrays of
// published partial sums. Plain C++ (no device code), shared by the host side of the kernels and
// the CPU tests, so the layout is checked without a GPU.
//
// Per tile t of the ticket space (every plane's tiles, plane-major):
//   lrs, grs, lcs, gcs: W entries each (local/global row sums, local/global column sums)
//   gls, gs, ls:        one entry each (the L-shaped sum, the global sum above-left, the tile's
//                       own sum — what the one-wave look-back adds up)
// Every entry is one 64-bit {epoch, value} word per 32 bits of the sum (packed_protocol.cuh).
#pragma once

#include <cstddef>
#include <cstdint>

namespace sat::detail {

struct LookBackLayout {
  static constexpr std::size_t kAlign = 256;        // every array starts on its own 256 bytes
  static constexpr std::size_t kHeaderBytes = 256;  // LookBackHeader's slot at offset 0
  std::size_t lrs = 0, grs = 0, lcs = 0, gcs = 0;   // byte offsets from the workspace base
  std::size_t gls = 0, gs = 0, ls = 0;
  std::size_t bytes = 0;  // the whole state, a multiple of 16 (what a reset clears, + header)
  std::int64_t tiles = 0;
  int w = 0;
  int words = 0;  // 64-bit words per entry: one per 32 bits of the sum

  // `tiles`: tiles of the whole ticket space; `w`: tile size; `words`: sizeof(sum) / 4.
  static LookBackLayout packed(std::int64_t tiles, int w, int words) {
    LookBackLayout l;
    l.tiles = tiles;
    l.w = w;
    l.words = words;
    std::size_t at = kHeaderBytes;
    const auto take = [&](std::size_t bytes) {
      const std::size_t offset = (at + kAlign - 1) / kAlign * kAlign;
      at = offset + bytes;
      return offset;
    };
    const std::size_t entries = std::size_t(tiles), entry_bytes = 8 * std::size_t(words);
    for (std::size_t* v : {&l.lrs, &l.grs, &l.lcs, &l.gcs}) *v = take(entries * std::size_t(w) * entry_bytes);
    l.gls = take(entries * entry_bytes);
    l.gs = take(entries * entry_bytes);
    l.ls = take(entries * entry_bytes);
    l.bytes = (at + 15) / 16 * 16;
    return l;
  }
  std::size_t entry_bytes() const { return 8 * std::size_t(words); }
  // Bytes after the header: what a reset clears when it meets a workspace of another layout.
  std::size_t body_bytes() const { return bytes - kHeaderBytes; }
  std::uint64_t key() const;
};

// What state a workspace holds, for the reset's layout check (epoch.cuh): every algorithm that
// keeps state in its workspace from call to call has its own kind.
// ColumnPrefixPacked: 2R2W-optimal's column pass (lookback/column_prefix_layout.h).
enum class StateKind : unsigned { LookBackPacked = 1, ColumnFlags = 3, ColumnPrefixPacked = 4 };

// Equal for equal layouts only, never 0 (tiles < 2^32 — checked by the ticket space —, w ≤ 128,
// entry_bytes ≤ 32).
inline std::uint64_t state_key(StateKind kind, std::int64_t tiles, int w, std::size_t entry_bytes) {
  return std::uint64_t(tiles) << 32 | std::uint64_t(w) << 16 | std::uint64_t(entry_bytes) << 4 | unsigned(kind);
}

inline std::uint64_t LookBackLayout::key() const {
  return state_key(StateKind::LookBackPacked, tiles, w, entry_bytes());
}

}  // namespace sat::detail
