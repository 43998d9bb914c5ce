// 1R1W-SKSS-LB (Emoto et al., section IV): one kernel, one block per W×W tile, tiles handed out
// in diagonal-major order by an atomic ticket, and look-back over row, column and diagonal
// partial sums. Global traffic: one read and one write per element plus O(n²/W).
//
// Per tile T(I,J):
//   1. ticket → (I,J); load the tile (registers); local row/column scans          [barrier]
//   2. warp 0 publishes LRS (status 1), looks left for GRS(I,J−1), publishes GRS (status 2);
//      warp 1 publishes LCS (status 1), looks up for GCS(I−1,J), publishes GCS (status 2);
//      they meet [named barrier]; warp 0 publishes GLS (status 3), looks back along the
//      diagonal for GS(I−1,J−1), publishes GS (status 4)                            [barrier]
//   3. every thread adds the row/column/corner offsets and writes its part of the tile once.
// Row statuses: 1 LRS, 2 GRS, 3 GLS, 4 GS. Column statuses: 1 LCS, 2 GCS.
#include <cuda_runtime.h>

#include "algorithms/algorithms.h"
#include "detail/diagonal_order.cuh"
#include "detail/tile_agent.cuh"
#include "detail/tile_status.cuh"

namespace sat::detail {
namespace {

enum RowStatus : TileFlag { kRowLocal = 1, kRowGlobal = 2, kLShape = 3, kGlobalSum = 4 };
enum ColStatus : TileFlag { kColLocal = 1, kColGlobal = 2 };

// Workspace: the ticket counter and the flags first (one memset resets them), then the sums.
template <class Acc>
struct LookBackState {
  unsigned* ticket;
  TileFlag* row_flag;  // [tiles]
  TileFlag* col_flag;  // [tiles]
  Acc* lrs;            // [tiles][W] local row sums
  Acc* grs;            // [tiles][W] global row sums (through the tile's right edge)
  Acc* lcs;            // [tiles][W] local column sums
  Acc* gcs;            // [tiles][W] global column sums (through the tile's bottom edge)
  Acc* gls;            // [tiles]    L-shaped sums GS(I,J) − GS(I−1,J−1)
  Acc* gs;             // [tiles]    global sums GS(I,J)
  std::size_t flag_bytes;  // ticket + flags, from the start of the workspace

  static LookBackState carve(WorkspaceCarver& ws, int tiles, int W) {
    LookBackState s{};
    s.ticket = ws.take<unsigned>(1);
    s.row_flag = ws.take<TileFlag>(std::size_t(tiles));
    s.col_flag = ws.take<TileFlag>(std::size_t(tiles));
    s.flag_bytes = ws.bytes();
    s.lrs = ws.take<Acc>(std::size_t(tiles) * W);
    s.grs = ws.take<Acc>(std::size_t(tiles) * W);
    s.lcs = ws.take<Acc>(std::size_t(tiles) * W);
    s.gcs = ws.take<Acc>(std::size_t(tiles) * W);
    s.gls = ws.take<Acc>(std::size_t(tiles));
    s.gs = ws.take<Acc>(std::size_t(tiles));
    return s;
  }
  static std::size_t bytes(int tiles, int W) {
    WorkspaceCarver ws;
    carve(ws, tiles, W);
    return ws.bytes();
  }
};

// GRS(I, J−1): walk left from J−1 adding LRS until a tile whose GRS is out.
template <class Acc, int W>
__device__ __forceinline__ WarpVector<Acc, W> look_back_rows(const LookBackState<Acc>& st, int I, int J,
                                                             int tiles_x, int lane) {
  WarpVector<Acc, W> acc;
  acc.fill(zero<Acc>());
  for (int j = J - 1; j >= 0; --j) {
    const int t = I * tiles_x + j;
    if (warp_wait_status(st.row_flag + t, kRowLocal) >= kRowGlobal) {
      acc.add_global(st.grs + std::size_t(t) * W, lane);
      break;
    }
    acc.add_global(st.lrs + std::size_t(t) * W, lane);
  }
  return acc;
}

// GCS(I−1, J): walk up from I−1 adding LCS until a tile whose GCS is out.
template <class Acc, int W>
__device__ __forceinline__ WarpVector<Acc, W> look_back_columns(const LookBackState<Acc>& st, int I, int J,
                                                                int tiles_x, int lane) {
  WarpVector<Acc, W> acc;
  acc.fill(zero<Acc>());
  for (int i = I - 1; i >= 0; --i) {
    const int t = i * tiles_x + J;
    if (warp_wait_status(st.col_flag + t, kColLocal) >= kColGlobal) {
      acc.add_global(st.gcs + std::size_t(t) * W, lane);
      break;
    }
    acc.add_global(st.lcs + std::size_t(t) * W, lane);
  }
  return acc;
}

// GS(I−1, J−1): walk up-left along the diagonal adding GLS until a tile whose GS is out.
template <class Acc>
__device__ __forceinline__ Acc look_back_diagonal(const LookBackState<Acc>& st, int I, int J, int tiles_x) {
  Acc acc = zero<Acc>();
  for (int i = I - 1, j = J - 1; i >= 0 && j >= 0; --i, --j) {
    const int t = i * tiles_x + j;
    if (warp_wait_status(st.row_flag + t, kLShape) >= kGlobalSum) {
      acc = acc + load_l2(st.gs + t);
      break;
    }
    acc = acc + load_l2(st.gls + t);
  }
  return acc;
}

__device__ __forceinline__ void pair_barrier() {  // warps 0 and 1 only
  asm volatile("bar.sync 1, 64;" ::: "memory");
}

template <class Traits, int W>
__global__ void __launch_bounds__(TileAgent<Traits, W>::kThreads, TileAgent<Traits, W>::kMinBlocks)
    skss_lb_kernel(Plane<const typename Traits::In> in, Plane<typename Traits::Acc> out,
                   LookBackState<typename Traits::Acc> st, int tiles_y, int tiles_x, bool wide_in, bool wide_out) {
  using Agent = TileAgent<Traits, W>;
  using Acc = typename Traits::Acc;
  __shared__ typename Agent::Shared s;
  __shared__ int s_ticket;
  __shared__ Acc s_above_total;

  if (threadIdx.x == 0) s_ticket = int(atomicAdd(st.ticket, 1u));
  __syncthreads();
  int I, J;
  tile_of_serial(s_ticket, tiles_y, tiles_x, I, J);
  const int t = I * tiles_x + J;

  Agent a;
  a.load(in, I * W, J * W, wide_in);
  a.scan(s);
  __syncthreads();
  a.finish_scan(s);

  if (a.warp == 0) {  // row direction, then the diagonal
    WarpVector<Acc, W> lrs;
    lrs.load_shared(s.row_total, a.lane);
    lrs.store_global(st.lrs + std::size_t(t) * W, a.lane);
    warp_publish(st.row_flag + t, kRowLocal);
    WarpVector<Acc, W> left = look_back_rows<Acc, W>(st, I, J, tiles_x, a.lane);
    (left + lrs).store_global(st.grs + std::size_t(t) * W, a.lane);
    warp_publish(st.row_flag + t, kRowGlobal);
    const Acc local_sum = lrs.sum();
    const Acc left_total = left.inclusive_scan(a.lane);
    left.store_shared(s.row_offset, a.lane);
    pair_barrier();  // s_above_total is written
    const Acc l_shape = left_total + s_above_total + local_sum;
    if (a.lane == 0) store_l2(st.gls + t, l_shape);
    warp_publish(st.row_flag + t, kLShape);
    const Acc corner = look_back_diagonal(st, I, J, tiles_x);
    if (a.lane == 0) {
      store_l2(st.gs + t, corner + l_shape);
      s.corner = corner;
    }
    warp_publish(st.row_flag + t, kGlobalSum);
  } else if (a.warp == 1) {  // column direction
    WarpVector<Acc, W> lcs;
#pragma unroll
    for (int c = 0; c < WarpVector<Acc, W>::kCols; ++c) lcs.e[c] = Agent::column_total(s, a.tile_col(c));
    lcs.store_global(st.lcs + std::size_t(t) * W, a.lane);
    warp_publish(st.col_flag + t, kColLocal);
    WarpVector<Acc, W> above = look_back_columns<Acc, W>(st, I, J, tiles_x, a.lane);
    (above + lcs).store_global(st.gcs + std::size_t(t) * W, a.lane);
    warp_publish(st.col_flag + t, kColGlobal);
    const Acc above_total = above.inclusive_scan(a.lane);
    above.store_shared(s.col_offset, a.lane);
    if (a.lane == 0) s_above_total = above_total;
    pair_barrier();
  }
  __syncthreads();
  a.add_offsets(s);
  a.store(out, I * W, J * W, wide_out);
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
  const LookBackState<Acc> st = LookBackState<Acc>::carve(ws, tiles, W);
  check_cuda(cudaMemsetAsync(st.ticket, 0, st.flag_bytes, l.stream), "cudaMemsetAsync (1r1w-skss-lb flags)");
  const Plane<const In> in{static_cast<const In*>(p.input), p.input_pitch, p.extent.height, p.extent.width};
  const Plane<Acc> out{static_cast<Acc*>(p.output), p.output_pitch, p.extent.height, p.extent.width};
  const bool wide_in = is_aligned_for_chunks<In, Agent::kCols>(p.input, p.input_pitch);
  const bool wide_out = is_aligned_for_chunks<Acc, Agent::kCols>(p.output, p.output_pitch);
  skss_lb_kernel<Traits, W><<<tiles, Agent::kThreads, 0, l.stream>>>(in, out, st, tiles_y, tiles_x, wide_in, wide_out);
  check_launch("skss_lb_kernel");
}

}  // namespace

std::size_t skss_lb_1r1w_workspace(ElementType type, Extent extent, int tile) {
  return visit_type(type, [&](auto traits) {
    using Acc = typename decltype(traits)::Acc;
    const int tiles = ceil_div(extent.height, tile) * ceil_div(extent.width, tile);
    return LookBackState<Acc>::bytes(tiles, tile);
  });
}

void skss_lb_1r1w(const Launch& l) {
  visit_type(l.problem.type, [&](auto traits) {
    using T = decltype(traits);
    visit_tile(l.tile, [&](auto w) {
      constexpr int W = decltype(w)::value;
      if constexpr (sizeof(typename T::Acc) <= 8 || W <= 64) launch<T, W>(l);
    });
  });
}

}  // namespace sat::detail
