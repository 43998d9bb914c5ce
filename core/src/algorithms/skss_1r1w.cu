// 1R1W-SKSS (Funasaka et al.; Emoto et al., section III.C): one kernel, one block per column of
// tiles, columns handed out in order by an atomic ticket; the block walks its column top to
// bottom and synchronises with the block of the column to its left through one flag per tile.
// Global traffic: one read and one write per element plus O(n²/W).
//
// Per tile T(I,J) of the block's column J:
//   1. load the tile (registers); local row/column scans → local SAT, LRS(I,J)     [barrier]
//   2. warp 0 waits for R[I][J−1] (J > 0), reads GRS(I,J−1), writes
//      GRS(I,J) = GRS(I,J−1) + LRS(I,J) and raises R[I][J] (not for the last column), then
//      stores the inclusive prefix of GRS(I,J−1) over the tile's rows in shared memory  [barrier]
//   3. every thread adds that row offset and GCP(I−1,J) — the bottom row of GSAT(I−1,J), which
//      this block wrote itself and kept in shared memory — and writes its part of the tile once;
//      the warp holding the bottom row keeps it for tile I+1.
//
// Progress under any scheduling: a block only waits on the column handed out just before its
// own, and a column is only handed out to a block that is already running; column 0 never waits.
// Nothing depends on blockIdx.
#include <cuda_runtime.h>

#include "agent/tile_agent.cuh"
#include "algorithms/algorithms.h"
#include "lookback/epoch.cuh"
#include "lookback/layout.h"
#include "lookback/tile_status.cuh"

namespace sat::detail {
namespace {

enum RowStatus : TileFlag { kRowGlobal = 1 };  // GRS(I,J) is in global memory

// Workspace: the look-back header (epoch and ticket, lookback/epoch.cuh), the epoch-tagged flags
// right after it (what a reset clears when it meets another layout), then the sums, which the
// flags guard.
template <class Acc>
struct ColumnState {
  LookBackHeader* header;
  TileFlag* row_flag;      // [tiles] R[I][J]
  Acc* grs;                // [tiles][W] global row sums (through the tile's right edge)
  std::size_t flag_bytes;  // the flags, rounded up to the reset's 16-byte steps

  static ColumnState carve(WorkspaceCarver& ws, int tiles, int W) {
    ColumnState s{};
    s.header = reinterpret_cast<LookBackHeader*>(ws.take<unsigned char>(LookBackLayout::kHeaderBytes));
    s.row_flag = ws.take<TileFlag>(std::size_t(tiles));
    s.flag_bytes = (std::size_t(tiles) * sizeof(TileFlag) + 15) / 16 * 16;
    s.grs = ws.take<Acc>(std::size_t(tiles) * W);
    return s;
  }
  static std::uint64_t key(int tiles, int W) { return state_key(StateKind::ColumnFlags, tiles, W, sizeof(Acc)); }
  static std::size_t bytes(int tiles, int W) {
    WorkspaceCarver ws;
    carve(ws, tiles, W);
    return ws.bytes();
  }
};

template <class Traits, int W>
__global__ void __launch_bounds__(TileAgent<Traits, W>::kThreads, TileAgent<Traits, W>::kMinBlocks)
    skss_kernel(Plane<const typename Traits::In> in, Plane<typename Traits::Acc> out,
                ColumnState<typename Traits::Acc> st, int tiles_y, int tiles_x, bool wide_in, bool wide_out) {
  using Agent = TileAgent<Traits, W>;
  using Acc = typename Traits::Acc;
  constexpr int kCols = Agent::kCols;
  constexpr int kRows = Agent::kRows;
  __shared__ typename Agent::Shared s;  // s.row_offset: inclusive prefix of GRS(I,J−1)
  __shared__ Acc s_gcp[2][W];           // GCP(I,J) in s_gcp[I & 1]: bottom row of GSAT(I,J)
  __shared__ int s_ticket;
  __shared__ unsigned s_epoch;
  // Every block draws columns until one is past the last: tiles_x + gridDim.x draws in all.
  const unsigned last_ticket = unsigned(tiles_x) + gridDim.x - 1u;

  for (;;) {
    // The previous column's barriers order every read of s_ticket before this write.
    if (threadIdx.x == 0) {
      const TicketDraw d = draw_ticket(st.header, last_ticket);
      s_ticket = int(d.ticket);
      s_epoch = d.epoch;
    }
    __syncthreads();
    if (s_ticket >= tiles_x) return;  // uniform over the block
    const unsigned epoch = s_epoch;
    // GCP(−1,J) = 0. The previous column last read s_gcp before the barrier above; tile 0 reads
    // it after its B2.
    for (int k = int(threadIdx.x); k < W; k += Agent::kThreads) s_gcp[1][k] = zero<Acc>();

    for (int I = 0; I < tiles_y; ++I) {
      // Re-read per tile (the barriers below make it a fresh load) so that nothing derived from
      // J stays live across tiles: that would spill at the 64-register cap on sm_75.
      const int J = s_ticket;
      const int t = I * tiles_x + J;
      Agent a;
      a.load(in, I * W, J * W, wide_in);
      a.scan(s);
      __syncthreads();   // B1: scan partials and LRS are in shared memory
      a.finish_scan(s);  // v = local SAT

      if (a.warp == 0) {
        WarpVector<Acc, W> left;  // GRS(I, J−1)
        if (J > 0) {
          const int tl = t - 1;
          warp_wait_status(st.row_flag + tl, kRowGlobal, epoch);
          left.load_global(st.grs + std::size_t(tl) * W, a.lane);
        } else {
          left.fill(zero<Acc>());
        }
        if (J + 1 < tiles_x) {  // the last column's GRS is read by nobody
          WarpVector<Acc, W> lrs;
          lrs.load_shared(s.row_total, a.lane);
          (left + lrs).store_global(st.grs + std::size_t(t) * W, a.lane);
          warp_publish(st.row_flag + t, kRowGlobal, epoch);
        }
        left.inclusive_scan(a.lane);
        left.store_shared(s.row_offset, a.lane);
      }
      __syncthreads();  // B2: s.row_offset is written

      // GSAT(I,J) = local SAT + row offset + GCP(I−1,J).
      {
        const Acc* gcp = s_gcp[(I - 1) & 1];  // zeroed at the column's start for I = 0
        Acc col_part[kCols];
#pragma unroll
        for (int c = 0; c < kCols; ++c) col_part[c] = gcp[a.tile_col(c)];
#pragma unroll
        for (int r = 0; r < kRows; ++r) {
          const Acc ro = s.row_offset[a.tile_row(r)];
#pragma unroll
          for (int c = 0; c < kCols; ++c) a.v[r][c] = a.v[r][c] + (ro + col_part[c]);
        }
      }
      // Keep GCP(I,J) for tile I+1. s_gcp[I & 1] was last read during tile I−1 (before this
      // tile's B1) and is next read after tile I+1's B2, so the barriers order both.
      if (a.warp == Agent::kWarps - 1 && I + 1 < tiles_y) {
#pragma unroll
        for (int c = 0; c < kCols; ++c) s_gcp[I & 1][a.tile_col(c)] = a.v[kRows - 1][c];
      }
      a.store(out, I * W, J * W, wide_out);
    }
  }
}

template <class Traits, int W>
void launch(const Launch& l) {
  using In = typename Traits::In;
  using Acc = typename Traits::Acc;
  using Agent = TileAgent<Traits, W>;
  const Problem& p = l.problem;
  const int tiles_y = ceil_div(p.extent.height, W), tiles_x = ceil_div(p.extent.width, W);
  const int tiles = tiles_y * tiles_x;
  WorkspaceCarver ws(l.workspace);
  const ColumnState<Acc> st = ColumnState<Acc>::carve(ws, tiles, W);
  begin_lookback_call(st.header, ColumnState<Acc>::key(tiles, W), st.flag_bytes, l.history, l.stream);
  const Plane<const In> in{static_cast<const In*>(p.input), p.input_pitch, p.extent.height, p.extent.width};
  const Plane<Acc> out{static_cast<Acc*>(p.output), p.output_pitch, p.extent.height, p.extent.width};
  const bool wide_in = is_aligned_for_chunks<In, Agent::kCols>(p.input, p.input_pitch);
  const bool wide_out = is_aligned_for_chunks<Acc, Agent::kCols>(p.output, p.output_pitch);
  // One block per column. Blocks that start after every column is taken exit at once; a block
  // that finishes its column takes the next one, so any residency works.
  skss_kernel<Traits, W><<<tiles_x, Agent::kThreads, 0, l.stream>>>(in, out, st, tiles_y, tiles_x, wide_in, wide_out);
  check_launch("skss_kernel");
}

}  // namespace

std::size_t skss_1r1w_workspace(ElementType type, Extent extent, int tile) {
  return visit_type(type, [&](auto traits) {
    using Acc = typename decltype(traits)::Acc;
    const int tiles = ceil_div(extent.height, tile) * ceil_div(extent.width, tile);
    return ColumnState<Acc>::bytes(tiles, tile);
  });
}

void skss_1r1w(const Launch& l) {
  visit_tiled(l.problem.type, l.tile, [&](auto traits, auto w) { launch<decltype(traits), decltype(w)::value>(l); });
}

}  // namespace sat::detail
