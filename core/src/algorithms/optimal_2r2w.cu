// 2R2W-optimal (Emoto et al., section II; Merrill & Garland for the rows, Tokura et al. for the
// columns): the same two passes as 2R2W, but each one fully coalesced and highly parallel, so
// the whole computation runs near two device-to-device copies (2 reads + 2 writes per element).
//
// Kernel 1, row scan (input → output, converting). A group of G ∈ {1, 2, 4, 8} warps owns one
// row; the block's 8 warps own 8/G rows. Each step, warp g of a group takes the g-th piece of
// 32·E·P elements of the next G·32·E·P: lane l loads P pieces of E adjacent elements, warp-
// striped (piece p at p·32·E + l·E), with E·sizeof(Acc) = 16 bytes, so every load and every
// 16-byte store instruction of the warp covers one contiguous span. Serial sums within a piece,
// P interleaved 5-step shuffle scans across the lanes, and a running carry (plus, for G > 1, the
// earlier warps' totals through shared memory) join everything. G grows for images with few,
// long-enough rows, so that small heights still give enough warps to fill the GPU. The next
// step's input is loaded (still packed) before the current one is scanned, to keep two steps of
// loads in flight per lane.
//
// Kernel 2, column scan (in place on the output), one pass with decoupled look-back. A block of
// 8 warps owns a tile of S = 8·R rows × C = 32·V columns (V·sizeof(Acc) = 16 bytes, i.e. a warp
// row is 512 contiguous bytes). Lane l holds columns l, l+32, …, so every warp access is one
// contiguous, coalesced span whatever the pitch or alignment. Per tile:
//   1. ticket → (segment, column group), segment-major, so the tile above always started first;
//   2. load R rows per warp into registers; serial column sums; per-warp totals → shared;
//   3. warp 0: tile aggregate; publish it (status 1, or 2 at once in the top segment); walk up
//      until a tile with an inclusive prefix (status 2); fold forward to the exclusive prefix;
//      publish the inclusive prefix (status 2);
//   4. everyone adds the prefix and the warps above, and writes the tile once.
// The forward fold (inclusive(k) + aggregate(k+1) + … + aggregate(seg−1), in that order) makes
// every exclusive prefix the same left fold of aggregates whatever the timing, so float results
// are deterministic. R = 8 normally; R = 2 when that gives too few tiles to fill the GPU.
// The look-back state (ticket + flags) is zeroed by kernel 1, which saves a memset launch.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "algorithms/algorithms.h"
#include "support/element_traits.h"
#include "support/memory.cuh"
#include "agent/tile_agent.cuh"
#include "lookback/tile_status.cuh"
#include "warp/warp.cuh"

namespace sat::detail {
namespace {

constexpr int kWarps = 8;
constexpr int kThreads = 32 * kWarps;
// Warps that keep a 132-SM GPU's memory pipes full (≈ 64 resident warps per SM).
constexpr long long kTargetWarps = 8192;
// Fewer column tiles than this at R = 8 → use R = 2 (four times as many, shorter tiles).
constexpr long long kFewTiles = 1024;

__device__ __forceinline__ int div_up(int a, int b) { return (a + b - 1) / b; }

// ---------------------------------------------------------------------------------------------
// Kernel 1: row scan.

template <class Traits>
struct RowPolicy {
  using In = typename Traits::In;
  using Acc = typename Traits::Acc;
  // A lane's piece: E adjacent elements, 16 bytes of accumulators, so that a warp stores 512
  // contiguous bytes per instruction (and loads 32·E·sizeof(In) contiguous bytes).
  static constexpr int kE = sizeof(Acc) >= 16 ? 1 : int(16 / sizeof(Acc));
  static constexpr int kInPieceBytes = kE * int(sizeof(In));
  // Pieces per lane and step (all loaded at once): 4, or fewer to keep a step's input ≤ 32 bytes
  // per lane. U8→u32: 4 × 4 elements; f32: 2 × 4; f32x2, u32x2: 2 × 2; others: 4 × 1 or 4 × 2.
  static constexpr int kP = 32 / kInPieceBytes < 4 ? 32 / kInPieceBytes : 4;
  static constexpr int kChunk = 32 * kE * kP;  // elements per warp and step
  using InPiece = typename Chunk<In, kE>::Piece;
  using OutPiece = typename Chunk<Acc, kE>::Piece;
  static_assert(sizeof(InPiece) == std::size_t(kInPieceBytes) && sizeof(OutPiece) == 16, "one piece per lane");
};

// Piece p of a lane covers elements [col + p·32·E, +E) of the step (col = step start + lane·E):
// warp-striped, so each load or store instruction of the warp is one contiguous span.
template <class Traits>
struct RowStep {
  using P = RowPolicy<Traits>;
  using In = typename Traits::In;
  using Raw = RawOf<typename P::InPiece>;
  static constexpr int kE = P::kE;
  Raw raw[P::kP];  // the input still packed: 16 input bytes cost 4 registers, not 16

  // Elements past `width`, or all when !valid, read as 0. `wide`: pointer and pitch allow
  // whole-piece loads.
  __device__ __forceinline__ void load(const In* row, int col, int width, bool wide, bool valid) {
#pragma unroll
    for (int p = 0; p < P::kP; ++p) {
      const int c0 = col + p * 32 * kE;
      if (valid && wide && c0 + kE <= width) {
        raw[p] = __ldcs(reinterpret_cast<const Raw*>(row + c0));  // read once: streaming
      } else {
        typename P::InPiece piece;
#pragma unroll
        for (int e = 0; e < kE; ++e) piece.e[e] = (valid && c0 + e < width) ? row[c0 + e] : In{};
        raw[p] = to_raw(piece);
      }
    }
  }
  __device__ __forceinline__ In get(int p, int e) const { return from_raw<typename P::InPiece>(raw[p]).e[e]; }
};

template <class Traits>
__global__ void __launch_bounds__(kThreads)
    row_scan_kernel(Plane<const typename Traits::In> in, Plane<typename Traits::Acc> out, int group_warps,
                    bool wide_in, bool wide_out, uint32_t* clear, std::size_t clear_words) {
  using In = typename Traits::In;
  using Acc = typename Traits::Acc;
  using P = RowPolicy<Traits>;
  constexpr int E = P::kE, NP = P::kP;
  __shared__ Acc s_total[2][kWarps];  // double-buffered: one barrier per step suffices

  // The column kernel's ticket and flags start at 0; it runs after this kernel on the stream.
  for (std::size_t i = std::size_t(blockIdx.x) * kThreads + threadIdx.x; i < clear_words;
       i += std::size_t(gridDim.x) * kThreads)
    clear[i] = 0;

  const int warp = int(threadIdx.x) >> 5, lane = int(threadIdx.x) & 31;
  const int G = group_warps;  // a power of two dividing kWarps
  const int rank = warp & (G - 1), first = warp - rank;
  const int y = int(blockIdx.x) * (kWarps / G) + warp / G;
  const bool row_ok = y < out.height;  // warps past the last row still join the barriers
  const In* src = row_ok ? in.row(y) : nullptr;
  Acc* dst = row_ok ? out.row(y) : nullptr;
  const int width = out.width;
  const int stride = G * P::kChunk;  // elements per group and step
  const int steps = div_up(width, stride);
  int col = rank * P::kChunk + lane * E;

  RowStep<Traits> cur;
  cur.load(src, col, width, wide_in, row_ok);
  Acc carry = zero<Acc>();  // sum of the row before this step's elements (same in all G warps)
  for (int s = 0; s < steps; ++s, col += stride) {
    RowStep<Traits> next;  // prefetch: its loads fly while this step is scanned and stored
    next.load(src, col + stride, width, wide_in, row_ok && s + 1 < steps);

    // Serial sums within each piece, then one shuffle scan per piece (interleaved for ILP).
    Acc v[NP][E], incl[NP];
#pragma unroll
    for (int p = 0; p < NP; ++p) {
      v[p][0] = Traits::convert(cur.get(p, 0));
#pragma unroll
      for (int e = 1; e < E; ++e) v[p][e] = v[p][e - 1] + Traits::convert(cur.get(p, e));
      incl[p] = v[p][E - 1];
    }
#pragma unroll
    for (unsigned d = 1; d < 32; d <<= 1) {
#pragma unroll
      for (int p = 0; p < NP; ++p) {
        const Acc other = shfl_up(incl[p], d);
        if (lane >= int(d)) incl[p] = incl[p] + other;
      }
    }
    // piece_offset[p]: the warp's pieces before p; total: the warp's whole step.
    Acc piece_offset[NP];
    piece_offset[0] = zero<Acc>();
#pragma unroll
    for (int p = 1; p < NP; ++p) piece_offset[p] = piece_offset[p - 1] + shfl(incl[p - 1], 31);
    const Acc total = piece_offset[NP - 1] + shfl(incl[NP - 1], 31);

    Acc offset = carry;  // everything of the row left of this warp's part of the step
    if (G == 1) {
      carry = carry + total;
    } else {
      Acc* tot = s_total[s & 1];
      if (lane == 0) tot[warp] = total;
      __syncthreads();
      // Every warp of the group folds the same totals in the same order: identical carries.
      for (int g = 0; g < rank; ++g) offset = offset + tot[first + g];
      carry = offset;
      for (int g = rank; g < G; ++g) carry = carry + tot[first + g];
    }
#pragma unroll
    for (int p = 0; p < NP; ++p) {
      const Acc excl = shfl_up(incl[p], 1u);  // lane 0's value is its own: not used
      const Acc piece_base = offset + piece_offset[p];
      const Acc base = lane > 0 ? piece_base + excl : piece_base;
      typename P::OutPiece piece;
#pragma unroll
      for (int e = 0; e < E; ++e) piece.e[e] = base + v[p][e];
      // Plain stores (not streaming): the column kernel reads these right back, often from L2.
      const int c0 = col + p * 32 * E;
      if (!row_ok) continue;
      if (wide_out && c0 + E <= width) {
        *reinterpret_cast<RawOf<typename P::OutPiece>*>(dst + c0) = to_raw(piece);
      } else {
#pragma unroll
        for (int e = 0; e < E; ++e)
          if (c0 + e < width) dst[c0 + e] = piece.e[e];
      }
    }
    cur = next;
  }
}

// ---------------------------------------------------------------------------------------------
// Kernel 2: column scan with decoupled look-back.

template <class Acc>
struct ColumnPolicy {
  static constexpr int kVec = sizeof(Acc) >= 16 ? 1 : int(16 / sizeof(Acc));  // columns per lane
  static constexpr int kCols = 32 * kVec;                                      // columns per tile
};

enum ColumnStatus : TileFlag { kAggregate = 1, kInclusive = 2 };

// Workspace: the ticket and the flags first (kernel 1 zeroes them as 32-bit words), then the
// per-tile column vectors.
template <class Acc>
struct ColumnState {
  unsigned* ticket;
  TileFlag* flag;          // [tiles]
  Acc* aggregate;          // [tiles][C] column sums of the tile alone
  Acc* inclusive;          // [tiles][C] column sums from the top of the image through the tile
  std::size_t clear_bytes;  // ticket + flags, from the start of the workspace

  static ColumnState carve(WorkspaceCarver& ws, long long tiles) {
    constexpr int C = ColumnPolicy<Acc>::kCols;
    ColumnState s{};
    s.ticket = ws.take<unsigned>(1);
    s.flag = ws.take<TileFlag>(std::size_t(tiles));
    s.clear_bytes = ws.bytes();
    s.aggregate = ws.take<Acc>(std::size_t(tiles) * C);
    s.inclusive = ws.take<Acc>(std::size_t(tiles) * C);
    return s;
  }
  static std::size_t bytes(long long tiles) {
    WorkspaceCarver ws;
    carve(ws, tiles);
    return ws.bytes();
  }
};

template <class Acc, int R>
__global__ void __launch_bounds__(kThreads) column_scan_kernel(Plane<Acc> out, ColumnState<Acc> st, int groups) {
  constexpr int V = ColumnPolicy<Acc>::kVec;
  constexpr int C = ColumnPolicy<Acc>::kCols;
  constexpr int S = kWarps * R;
  __shared__ Acc s_part[kWarps][C];  // per-warp column totals of the warp's R rows
  __shared__ Acc s_prefix[C];        // column sums of everything above the tile
  __shared__ int s_ticket;

  if (threadIdx.x == 0) s_ticket = int(atomicAdd(st.ticket, 1u));
  __syncthreads();
  const int t = s_ticket;
  const int seg = t / groups, grp = t - seg * groups;
  const int warp = int(threadIdx.x) >> 5, lane = int(threadIdx.x) & 31;
  const int x0 = grp * C + lane;      // this lane's columns: x0 + 32·c
  const int y0 = seg * S + warp * R;  // this warp's rows: y0 + r

  // Load (outside the image: 0) and scan down the warp's rows in registers.
  Acc v[R][V];
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const int y = y0 + r;
    const Acc* row = y < out.height ? out.row(y) : nullptr;
#pragma unroll
    for (int c = 0; c < V; ++c) {
      const int x = x0 + 32 * c;
      v[r][c] = (row != nullptr && x < out.width) ? load_streaming(row + x) : zero<Acc>();
    }
  }
#pragma unroll
  for (int r = 1; r < R; ++r) {
#pragma unroll
    for (int c = 0; c < V; ++c) v[r][c] = v[r][c] + v[r - 1][c];
  }
#pragma unroll
  for (int c = 0; c < V; ++c) s_part[warp][lane + 32 * c] = v[R - 1][c];
  __syncthreads();

  if (warp == 0) {
    const std::size_t tile = std::size_t(t);
    Acc agg[V], prefix[V];
#pragma unroll
    for (int c = 0; c < V; ++c) {
      agg[c] = s_part[0][lane + 32 * c];
#pragma unroll
      for (int w = 1; w < kWarps; ++w) agg[c] = agg[c] + s_part[w][lane + 32 * c];
      prefix[c] = zero<Acc>();
    }
    if (seg == 0) {
#pragma unroll
      for (int c = 0; c < V; ++c) store_l2(st.inclusive + tile * C + lane + 32 * c, agg[c]);
      warp_publish(st.flag + t, kInclusive);
    } else {
#pragma unroll
      for (int c = 0; c < V; ++c) store_l2(st.aggregate + tile * C + lane + 32 * c, agg[c]);
      warp_publish(st.flag + t, kAggregate);
      // Walk up to the nearest segment k whose inclusive prefix is out (segment 0 always is),
      // waiting on each segment above until at least its aggregate is out.
      int k = seg - 1;
      while (warp_wait_status(st.flag + (k * groups + grp), kAggregate) < kInclusive) --k;
      // Fold forward from k: the same left fold of aggregates whatever k was (deterministic).
      const std::size_t tk = std::size_t(k) * groups + grp;
#pragma unroll
      for (int c = 0; c < V; ++c) prefix[c] = load_l2(st.inclusive + tk * C + lane + 32 * c);
      for (int j = k + 1; j < seg; ++j) {
        const std::size_t tj = std::size_t(j) * groups + grp;
#pragma unroll
        for (int c = 0; c < V; ++c) prefix[c] = prefix[c] + load_l2(st.aggregate + tj * C + lane + 32 * c);
      }
#pragma unroll
      for (int c = 0; c < V; ++c) store_l2(st.inclusive + tile * C + lane + 32 * c, prefix[c] + agg[c]);
      warp_publish(st.flag + t, kInclusive);
    }
#pragma unroll
    for (int c = 0; c < V; ++c) s_prefix[lane + 32 * c] = prefix[c];
  }
  __syncthreads();

  // offset = prefix above the tile + the totals of the warps above in this tile.
#pragma unroll
  for (int c = 0; c < V; ++c) {
    Acc offset = s_prefix[lane + 32 * c];
    for (int w = 0; w < warp; ++w) offset = offset + s_part[w][lane + 32 * c];
#pragma unroll
    for (int r = 0; r < R; ++r) v[r][c] = offset + v[r][c];
  }
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const int y = y0 + r;
    if (y >= out.height) break;
    Acc* row = out.row(y);
#pragma unroll
    for (int c = 0; c < V; ++c) {
      const int x = x0 + 32 * c;
      if (x < out.width) store_streaming(row + x, v[r][c]);
    }
  }
}

// The column tiling for an extent: R and the tile counts (64-bit until validated by use).
template <class Acc>
struct ColumnShape {
  long long groups, segments_big, segments_small;
  explicit ColumnShape(Extent e)
      : groups((e.width + ColumnPolicy<Acc>::kCols - 1) / ColumnPolicy<Acc>::kCols),
        segments_big((e.height + kWarps * 8 - 1) / (kWarps * 8)),
        segments_small((e.height + kWarps * 2 - 1) / (kWarps * 2)) {}
  bool small() const { return groups * segments_big < kFewTiles; }
  int rows_per_warp() const { return small() ? 2 : 8; }
  long long segments() const { return small() ? segments_small : segments_big; }
  long long tiles() const { return groups * segments(); }
  // Monotone in the extent (a Plan sized for a maximum extent serves every smaller one): when
  // R = 2 is chosen, its tiles are at most 4·kFewTiles, covered by the second term.
  std::size_t workspace() const {
    const long long small_tiles = groups * segments_small;
    const std::size_t a = ColumnState<Acc>::bytes(groups * segments_big);
    const std::size_t b = ColumnState<Acc>::bytes(small_tiles < 4 * kFewTiles ? small_tiles : 4 * kFewTiles);
    return a > b ? a : b;
  }
};

template <class Traits>
void launch(const Launch& l) {
  using In = typename Traits::In;
  using Acc = typename Traits::Acc;
  using P = RowPolicy<Traits>;
  const Problem& p = l.problem;
  const int width = p.extent.width, height = p.extent.height;
  const Plane<const In> in{static_cast<const In*>(p.input), p.input_pitch, height, width};
  const Plane<Acc> out{static_cast<Acc*>(p.output), p.output_pitch, height, width};

  const ColumnShape<Acc> shape(p.extent);
  WorkspaceCarver ws(l.workspace);
  const ColumnState<Acc> st = ColumnState<Acc>::carve(ws, shape.tiles());

  // Kernel 1: G warps per row — more when rows are few and long enough to share.
  const int chunks = ceil_div(width, P::kChunk);
  int G = 1;
  while (G < kWarps && 2 * G <= chunks && static_cast<long long>(height) * G < kTargetWarps) G *= 2;
  const bool wide_in = is_aligned_for_chunks<In, P::kE>(p.input, p.input_pitch);
  const bool wide_out = is_aligned_for_chunks<Acc, P::kE>(p.output, p.output_pitch);
  row_scan_kernel<Traits><<<ceil_div(height, kWarps / G), kThreads, 0, l.stream>>>(
      in, out, G, wide_in, wide_out, reinterpret_cast<uint32_t*>(st.ticket), st.clear_bytes / 4);
  check_launch("2r2w-optimal row_scan_kernel");

  // Kernel 2.
  const int groups = int(shape.groups), tiles = int(shape.tiles());
  if (shape.rows_per_warp() == 2)
    column_scan_kernel<Acc, 2><<<tiles, kThreads, 0, l.stream>>>(out, st, groups);
  else
    column_scan_kernel<Acc, 8><<<tiles, kThreads, 0, l.stream>>>(out, st, groups);
  check_launch("2r2w-optimal column_scan_kernel");
}

}  // namespace

std::size_t optimal_2r2w_workspace(ElementType type, Extent extent) {
  return visit_type(type, [&](auto traits) {
    using Acc = typename decltype(traits)::Acc;
    return ColumnShape<Acc>(extent).workspace();
  });
}

void optimal_2r2w(const Launch& l) {
  visit_type(l.problem.type, [&](auto traits) { launch<decltype(traits)>(l); });
}

}  // namespace sat::detail
