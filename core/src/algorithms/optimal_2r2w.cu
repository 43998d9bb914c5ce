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
// Kernel 2, column scan (in place on the output), one pass with decoupled look-back on the
// look-back component (lookback/). A block of 8 warps owns a tile of S = 8·R rows × C = 32·V
// columns (V·sizeof(Acc) = 16 bytes, i.e. a warp row is 512 contiguous bytes). Lane l holds
// columns l, l+32, …, so every warp access is one contiguous, coalesced span whatever the pitch
// or alignment. Per tile:
//   1. ticket and epoch from the workspace header (draw_ticket) → (segment, column group),
//      segment-major, so the tile above always drew its ticket first;
//   2. load R rows per warp into registers; serial column sums; per-warp totals → shared;
//   3. warp 0: the tile's column sums (local); publish them as {epoch, value} words; below the
//      top segment, the windowed look_back() up the tile's column group gives the sums above
//      the tile, then the tile publishes its global sums (above + local; not in the last
//      segment, which nobody reads);
//   4. everyone adds the sums above and the warps above, and writes the tile once.
// The look-back's forward fold (0 + global(k) + local(k+1) + … + local(seg−1), in that order)
// makes every prefix the same left fold of locals whatever the timing, so float results are
// deterministic; integers are exact. A tile waits only on tiles of smaller tickets (the ones
// above it). Words of another call carry another epoch, so nothing is cleared between calls of
// one layout (lookback/epoch.cuh). R = 8 normally; R = 2 when that gives too few tiles to fill
// the GPU (tuning/optimal_2r2w_policy.h, from the device's SM count).
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "algorithms/algorithms.h"
#include "lookback/column_prefix.cuh"
#include "lookback/look_back.cuh"
#include "support/element_traits.h"
#include "support/memory.cuh"
#include "support/plane.cuh"
#include "tuning/arch.h"
#include "tuning/optimal_2r2w_policy.h"
#include "warp/warp.cuh"

namespace sat::detail {
namespace {

using Shape = Optimal2R2WShape;
constexpr int kWarps = Shape::kWarps;
constexpr int kThreads = Shape::kThreads;

__device__ __forceinline__ int div_up(int a, int b) { return (a + b - 1) / b; }

// ---------------------------------------------------------------------------------------------
// Kernel 1: row scan.

template <class Traits>
struct RowPolicy {
  using In = typename Traits::In;
  using Acc = typename Traits::Acc;
  // A lane's piece: E adjacent elements, 16 bytes of accumulators, so that a warp stores 512
  // contiguous bytes per instruction (and loads 32·E·sizeof(In) contiguous bytes).
  static constexpr int kE = Shape::lane_elements(sizeof(Acc));
  static constexpr int kInPieceBytes = kE * int(sizeof(In));
  // Pieces per lane and step (all loaded at once): 4, or fewer to keep a step's input ≤ 32 bytes
  // per lane. U8→u32: 4 × 4 elements; f32: 2 × 4; f32x2, u32x2: 2 × 2; others: 4 × 1 or 4 × 2.
  static constexpr int kP = Shape::row_pieces(kInPieceBytes);
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
    row_scan_kernel(Plane<const typename Traits::In> in, Plane<typename Traits::Acc> out, int group_warps, bool wide_in,
                    bool wide_out) {
  using In = typename Traits::In;
  using Acc = typename Traits::Acc;
  using P = RowPolicy<Traits>;
  constexpr int E = P::kE, NP = P::kP;
  __shared__ Acc s_total[2][kWarps];  // double-buffered: one barrier per step suffices

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
  static constexpr int kVec = Shape::lane_elements(sizeof(Acc));  // columns per lane
  static constexpr int kCols = Shape::tile_columns(sizeof(Acc));  // columns per tile
  static_assert(kCols == 32 * kVec, "one warp row of a tile: 32 lanes × V columns");
  using State = ColumnPrefixState<Acc, kCols>;
};

// `segments`: rows of tiles; `tiles` = segments × groups, one block and one ticket each.
template <class Acc, int R>
__global__ void __launch_bounds__(kThreads)
    column_scan_kernel(Plane<Acc> out, typename ColumnPolicy<Acc>::State st, int groups, int segments) {
  constexpr int V = ColumnPolicy<Acc>::kVec;
  constexpr int C = ColumnPolicy<Acc>::kCols;
  constexpr int S = kWarps * R;
  using Vec = typename ColumnPolicy<Acc>::State::Vec;
  __shared__ Acc s_part[kWarps][C];  // per-warp column totals of the warp's R rows
  __shared__ Acc s_prefix[C];        // column sums of everything above the tile
  __shared__ int s_ticket;
  __shared__ unsigned s_epoch;

  if (threadIdx.x == 0) {
    // Every block draws exactly one ticket: the last one starts the next call's epoch.
    const TicketDraw d = draw_ticket(st.header, unsigned(segments) * unsigned(groups) - 1u);
    s_ticket = int(d.ticket);
    s_epoch = d.epoch;
  }
  __syncthreads();
  const int t = s_ticket;
  const unsigned epoch = s_epoch;
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
    // Entry c of a lane's vectors is its column lane + 32·c (column_prefix.cuh).
    Vec local, above;
#pragma unroll
    for (int c = 0; c < V; ++c) {
      local.e[c] = s_part[0][lane + 32 * c];
#pragma unroll
      for (int w = 1; w < kWarps; ++w) local.e[c] = local.e[c] + s_part[w][lane + 32 * c];
    }
    above.fill(zero<Acc>());
    // The top segment's local sums are its global ones: the look-back's edge.
    st.publish_local(t, local, lane, epoch);
    if (seg > 0) {
      look_back(st.template source<Shape::column_look_back_words_in_flight(R)>(epoch), t - groups, groups, seg, above,
                lane);
      if (seg + 1 < segments) {  // the last segment's global sums are read by nobody
        Vec global;
#pragma unroll
        for (int c = 0; c < V; ++c) global.e[c] = above.e[c] + local.e[c];
        st.publish_global(t, global, lane, epoch);
      }
    }
#pragma unroll
    for (int c = 0; c < V; ++c) s_prefix[lane + 32 * c] = above.e[c];
  }
  __syncthreads();

  // offset = sums above the tile + the totals of the warps above in this tile.
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

template <class Traits>
void launch(const Launch& l) {
  using In = typename Traits::In;
  using Acc = typename Traits::Acc;
  using P = RowPolicy<Traits>;
  using State = typename ColumnPolicy<Acc>::State;
  const Problem& p = l.problem;
  const int width = p.extent.width, height = p.extent.height;
  const Plane<const In> in{static_cast<const In*>(p.input), p.input_pitch, height, width};
  const Plane<Acc> out{static_cast<Acc*>(p.output), p.output_pitch, height, width};

  // The grid for this device: its architecture's policy times its SM count.
  const DeviceTuning device = current_device_tuning();
  const long long target_warps = optimal_2r2w_target_warps(optimal_2r2w_policy(device.arch), device.sms);
  const Optimal2R2WColumnShape shape(width, height, ColumnPolicy<Acc>::kCols,
                                     Optimal2R2WColumnShape::few_tiles_for(target_warps));

  // The column pass's state: ready as it is after a call of the same layout on a workspace the
  // library owns, else one reset launch (ordered before kernel 2 by the stream).
  const ColumnPrefixLayout layout = State::layout(shape.tiles());
  const State st = State::at(l.workspace, layout);
  begin_lookback_call(st.header, layout.key(), layout.body_bytes(), l.history, l.stream);

  // Kernel 1: G warps per row — more when rows are few and long enough to share.
  const int G = optimal_2r2w_row_group(ceil_div(width, P::kChunk), height, target_warps);
  const bool wide_in = is_aligned_for_chunks<In, P::kE>(p.input, p.input_pitch);
  const bool wide_out = is_aligned_for_chunks<Acc, P::kE>(p.output, p.output_pitch);
  row_scan_kernel<Traits><<<ceil_div(height, kWarps / G), kThreads, 0, l.stream>>>(in, out, G, wide_in, wide_out);
  check_launch("2r2w-optimal row_scan_kernel");

  // Kernel 2: one block per tile.
  const int groups = int(shape.groups), segments = int(shape.segments()), tiles = int(shape.tiles());
  if (shape.rows_per_warp() == Shape::kRowsPerWarpSmall)
    column_scan_kernel<Acc, Shape::kRowsPerWarpSmall><<<tiles, kThreads, 0, l.stream>>>(out, st, groups, segments);
  else
    column_scan_kernel<Acc, Shape::kRowsPerWarpBig><<<tiles, kThreads, 0, l.stream>>>(out, st, groups, segments);
  check_launch("2r2w-optimal column_scan_kernel");
}

}  // namespace

std::size_t optimal_2r2w_workspace(ElementType type, Extent extent) {
  return visit_type(type, [&](auto traits) {
    using Acc = typename decltype(traits)::Acc;
    using Policy = ColumnPolicy<Acc>;
    const long long tiles = Optimal2R2WColumnShape::workspace_tiles(extent.width, extent.height, Policy::kCols);
    return Policy::State::layout(tiles).bytes;
  });
}

void optimal_2r2w(const Launch& l) {
  visit_type(l.problem.type, [&](auto traits) { launch<decltype(traits)>(l); });
}

}  // namespace sat::detail
