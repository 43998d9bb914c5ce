// 1R1W-SKSS-LB (Emoto et al., section IV): one kernel, one block per W×W tile, tiles handed out
// in diagonal-major order by an atomic ticket, and look-back over row, column and diagonal
// partial sums. Global traffic: one read and one write per element plus O(n²/W).
//
// Per tile T(I,J), in a block of the agent's data warps (plus, for wide accumulators, three
// look-back warps; see LookBackBlock):
//   1. ticket → (I,J); data warps load the tile (prefetched while the previous tile was being
//      finished) and run the local row/column scans                                  [barrier]
//   2. the row warp publishes LRS (status 1), looks left for GRS(I,J−1); the column warp publishes
//      LCS (status 1), looks up for GCS(I−1,J) and hands its total to the row warp, which publishes
//      GRS and GLS together (status 3); a third warp looks back along the diagonal for
//      GS(I−1,J−1) meanwhile, and the data warps start the next tile's prefetch      [barrier]
//   3. data warps add the row/column/corner offsets and write the tile once; the look-back warps
//      publish GS (status 4) and GCS (status 2), which only successors need.
// Row statuses: 1 LRS, 2 GRS, 3 GRS + GLS, 4 GS. Column statuses: 1 LCS, 2 GCS.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "algorithms/algorithms.h"
#include "detail/diagonal_order.cuh"
#include "detail/lookback_epoch.cuh"
#include "detail/tile_agent.cuh"
#include "detail/tile_status.cuh"

namespace sat::detail {
namespace {

enum RowStatus : TileFlag { kRowLocal = 1, kLShape = 3, kGlobalSum = 4 };  // 3 also means GRS is out
enum ColStatus : TileFlag { kColLocal = 1, kColGlobal = 2 };

// ---------------------------------------------------------------------------------------------
// Publication protocols. What a tile publishes: LRS, GRS (W-vectors, rows), LCS, GCS (W-vectors,
// columns), GLS, GS (scalars). Both protocols offer the same calls:
//   publish_row_local / publish_row_global_and_lshape / publish_global_sum,
//   publish_col_local / publish_col_global,
//   rows(), cols(), diagonal(): sources for look_back(), with wait(t) — spins until tile t has
//   published its global or its local value, true for global — and add(t, global, acc).
// ---------------------------------------------------------------------------------------------

// 4-byte accumulators: every entry is its own 64-bit word {epoch, value} (lookback_epoch.cuh).
// Publishing is a plain store — no fence, nothing to wait for; a look-back step is one round trip.
template <class Acc, int W>
struct PackedProtocol {
  static_assert(sizeof(Acc) == 4, "packed words hold 32-bit values");
  using Word = unsigned long long;
  using Vec = WarpVector<Acc, W>;
  static constexpr int kCols = Vec::kCols;
  Word *lrs, *grs, *lcs, *gcs;  // [tiles][W]
  Word *gls, *gs;               // [tiles]
  unsigned epoch;

  // The arrays of plane `plane` of a batch (each plane's tiles follow the previous plane's).
  __device__ __forceinline__ PackedProtocol of_plane(int plane, int tiles) const {
    PackedProtocol p = *this;
    const std::size_t vectors = std::size_t(plane) * tiles * W, scalars = std::size_t(plane) * tiles;
    for (Word** a : {&p.lrs, &p.grs, &p.lcs, &p.gcs}) *a += vectors;
    p.gls += scalars;
    p.gs += scalars;
    return p;
  }

  static PackedProtocol carve(WorkspaceCarver& ws, int tiles) {
    PackedProtocol p{};
    for (Word** a : {&p.lrs, &p.grs, &p.lcs, &p.gcs}) *a = ws.take<Word>(std::size_t(tiles) * W);
    p.gls = ws.take<Word>(std::size_t(tiles));
    p.gs = ws.take<Word>(std::size_t(tiles));
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
  __device__ __forceinline__ void publish_row_global_and_lshape(int t, const Vec& grs_v, Acc gls_v, int lane) const {
    put(grs, t, grs_v, lane);
    put(gls, t, gls_v, lane);
  }
  __device__ __forceinline__ void publish_global_sum(int t, Acc v, int lane) const { put(gs, t, v, lane); }
  __device__ __forceinline__ void publish_col_local(int t, const Vec& v, int lane) const { put(lcs, t, v, lane); }
  __device__ __forceinline__ void publish_col_global(int t, const Vec& v, int lane) const { put(gcs, t, v, lane); }

  // Vector source: each lane checks its own entries of both arrays in one round trip; the warp
  // takes the global vector when all of it is out, else the local one when all of that is out.
  struct VectorSource {
    const Word *global, *local;
    unsigned epoch;
    __device__ __forceinline__ bool all_current(const Word* base, int t, int lane) const {
      bool ok = true;
#pragma unroll
      for (int c = 0; c < kCols; ++c) ok &= unsigned(load_word(base + std::size_t(t) * W + lane * kCols + c) >> 32) == epoch;
      return __all_sync(0xffffffffu, ok);
    }
    // The warp takes the global vector when all of it is out, else the local one when all of that is.
    __device__ __forceinline__ bool wait(int t, int lane) const {
      unsigned delay_ns = 32;
      for (;;) {
        if (all_current(global, t, lane)) return true;
        if (all_current(local, t, lane)) return false;
        __nanosleep(delay_ns);
        if (delay_ns < 256) delay_ns *= 2;
      }
    }
    __device__ __forceinline__ void add(int t, bool from_global, Vec& acc, int lane) const {
      const Word* base = (from_global ? global : local) + std::size_t(t) * W + lane * kCols;
#pragma unroll
      for (int c = 0; c < kCols; ++c) acc.e[c] = acc.e[c] + value(load_word(base + c));
    }
  };
  struct ScalarSource {
    const Word *global, *local;
    unsigned epoch;
    __device__ __forceinline__ bool wait(int t, int /*lane*/) const {  // same word in every lane
      unsigned delay_ns = 32;
      for (;;) {
        if (unsigned(load_word(global + t) >> 32) == epoch) return true;
        if (unsigned(load_word(local + t) >> 32) == epoch) return false;
        __nanosleep(delay_ns);
        if (delay_ns < 256) delay_ns *= 2;
      }
    }
    __device__ __forceinline__ void add(int t, bool from_global, Acc& acc, int /*lane*/) const {
      acc = acc + value(load_word((from_global ? global : local) + t));
    }
  };
  __device__ __forceinline__ VectorSource rows() const { return {grs, lrs, epoch}; }
  __device__ __forceinline__ VectorSource cols() const { return {gcs, lcs, epoch}; }
  __device__ __forceinline__ ScalarSource diagonal() const { return {gs, gls, epoch}; }
};

// Wider accumulators: values in plain arrays guarded by epoch-tagged status flags (tile_status.cuh):
// data stores, fence, then the flag with release semantics; readers acquire the flag first.
template <class Acc, int W>
struct FlagProtocol {
  using Vec = WarpVector<Acc, W>;
  TileFlag *row_flag, *col_flag;  // [tiles]
  Acc *lrs, *grs, *lcs, *gcs;     // [tiles][W]
  Acc *gls, *gs;                  // [tiles]
  unsigned epoch;

  __device__ __forceinline__ FlagProtocol of_plane(int plane, int tiles) const {
    FlagProtocol p = *this;
    const std::size_t vectors = std::size_t(plane) * tiles * W, scalars = std::size_t(plane) * tiles;
    p.row_flag += scalars;
    p.col_flag += scalars;
    for (Acc** a : {&p.lrs, &p.grs, &p.lcs, &p.gcs}) *a += vectors;
    p.gls += scalars;
    p.gs += scalars;
    return p;
  }

  static FlagProtocol carve(WorkspaceCarver& ws, int tiles) {
    FlagProtocol p{};
    p.row_flag = ws.take<TileFlag>(std::size_t(tiles));
    p.col_flag = ws.take<TileFlag>(std::size_t(tiles));
    for (Acc** a : {&p.lrs, &p.grs, &p.lcs, &p.gcs}) *a = ws.take<Acc>(std::size_t(tiles) * W);
    p.gls = ws.take<Acc>(std::size_t(tiles));
    p.gs = ws.take<Acc>(std::size_t(tiles));
    return p;
  }

  __device__ __forceinline__ void publish_row_local(int t, const Vec& v, int lane) const {
    v.store_global(lrs + std::size_t(t) * W, lane);
    warp_publish(row_flag + t, kRowLocal, epoch);
  }
  __device__ __forceinline__ void publish_row_global_and_lshape(int t, const Vec& grs_v, Acc gls_v, int lane) const {
    grs_v.store_global(grs + std::size_t(t) * W, lane);
    if (lane == 0) store_l2(gls + t, gls_v);
    warp_publish(row_flag + t, kLShape, epoch);  // one fence for both
  }
  __device__ __forceinline__ void publish_global_sum(int t, Acc v, int lane) const {
    if (lane == 0) store_l2(gs + t, v);
    warp_publish(row_flag + t, kGlobalSum, epoch);
  }
  __device__ __forceinline__ void publish_col_local(int t, const Vec& v, int lane) const {
    v.store_global(lcs + std::size_t(t) * W, lane);
    warp_publish(col_flag + t, kColLocal, epoch);
  }
  __device__ __forceinline__ void publish_col_global(int t, const Vec& v, int lane) const {
    v.store_global(gcs + std::size_t(t) * W, lane);
    warp_publish(col_flag + t, kColGlobal, epoch);
  }

  // A source: the flag says which of the two values is out (local at `local_status`, global at
  // `global_status`).
  template <class Value>
  struct Source {
    const TileFlag* flag;
    TileFlag local_status, global_status;
    const Acc *global, *local;
    int stride;  // W for vectors, 1 for scalars
    unsigned epoch;
    __device__ __forceinline__ bool wait(int t, int /*lane*/) const {
      return warp_wait_status(flag + t, local_status, epoch) >= global_status;
    }
    __device__ __forceinline__ void add(int t, bool from_global, Value& acc, int lane) const {
      add(acc, (from_global ? global : local) + std::size_t(t) * stride, lane);
    }
    __device__ __forceinline__ static void add(Vec& acc, const Acc* src, int lane) { acc.add_global(src, lane); }
    __device__ __forceinline__ static void add(Acc& acc, const Acc* src, int) { acc = acc + load_l2(src); }
  };
  __device__ __forceinline__ Source<Vec> rows() const { return {row_flag, kRowLocal, kLShape, grs, lrs, W, epoch}; }
  __device__ __forceinline__ Source<Vec> cols() const { return {col_flag, kColLocal, kColGlobal, gcs, lcs, W, epoch}; }
  __device__ __forceinline__ Source<Acc> diagonal() const {
    return {row_flag, kLShape, kGlobalSum, gs, gls, 1, epoch};
  }
};

template <class Acc, int W>
using Protocol = std::conditional_t<sizeof(Acc) == 4, PackedProtocol<Acc, W>, FlagProtocol<Acc, W>>;

// Workspace: the header (epoch, ticket) in the first 256 bytes, then the protocol's arrays (the
// body, cleared by the prologue the first time it is used).
template <class Acc, int W>
struct LookBackState {
  static constexpr std::size_t kHeaderBytes = 256;  // WorkspaceCarver's alignment
  static_assert(sizeof(LookBackHeader) <= kHeaderBytes, "header fits its slot");
  LookBackHeader* header;
  Protocol<Acc, W> sums;

  void* body() const { return reinterpret_cast<char*>(header) + kHeaderBytes; }

  static LookBackState carve(WorkspaceCarver& ws, int tiles) {
    LookBackState s{};
    s.header = ws.take<LookBackHeader>(1);
    s.sums = Protocol<Acc, W>::carve(ws, tiles);
    return s;
  }
  static std::size_t bytes(int tiles) {
    WorkspaceCarver ws;
    carve(ws, tiles);
    return (ws.bytes() + 15) / 16 * 16;
  }
};

// Look-back over `count` predecessors first, first − step, … (left along a row, up a column, or
// up-left along the diagonal): find the nearest one whose global value is out — or reach the
// farthest, whose local value is its global one — then add forward from there. The sum is thus
// always formed in the same left-to-right (top-to-bottom) order, GRS(j′) + LRS(j′+1) + …, which
// is exactly how GRS(j′) itself was formed: float results do not depend on timing.
template <class Source, class Value>
__device__ __forceinline__ void look_back(const Source& source, int first, int step, int count, Value& acc,
                                          int lane) {
  if (count == 0) return;
  int k = 0;
  bool global = false;
  for (; k < count; ++k)
    if ((global = source.wait(first - k * step, lane))) break;
  if (k == count) k = count - 1;  // global == false: the edge tile's local value
  source.add(first - k * step, global, acc, lane);
  for (int m = k - 1; m >= 0; --m) source.add(first - m * step, false, acc, lane);
}

// Block layout. With packed words (4-byte accumulators) publishing needs no fence, so data warps
// 0 and 1 also do the look-back and the block stays at the agent's size (2 blocks per SM fit at 64
// registers). With flags, two extra look-back warps that never touch tile data do it: a
// __threadfence() waits for the calling warp's outstanding memory traffic, and a warp that just
// streamed its part of a 64 KB tile (or has a prefetch in flight) would stall the tile for
// microseconds.
template <class Traits, int W>
struct LookBackBlock {
  using Agent = TileAgent<Traits, W>;
  static constexpr bool kDedicated = sizeof(typename Traits::Acc) != 4;
  static constexpr int kDataWarps = Agent::kWarps;
  static constexpr int kRowWarp = kDedicated ? kDataWarps : 0;       // LRS, GRS, GLS, GS
  static constexpr int kColWarp = kDedicated ? kDataWarps + 1 : 1;   // LCS, GCS
  static constexpr int kDiagWarp = kDedicated ? kDataWarps + 2 : 2;  // GS(I−1,J−1), in parallel
  static constexpr int kThreads = Agent::kThreads + (kDedicated ? 96 : 0);
  static constexpr int kMinBlocks = sizeof(typename Traits::Acc) <= 4 ? (W == 128 ? 2 : (W == 64 ? 3 : 4)) : 1;
  __device__ __forceinline__ static bool looks_back(int warp) {
    return warp == kRowWarp || warp == kColWarp || warp == kDiagWarp;
  }
};

// The column warp hands Σ GCS(I−1,J) to the row warp through shared memory: the value, then
// `ready` = tile + 1 (a different value for every tile the block does; the kernel starts it at 0).
// Only the row warp waits, so no barrier is involved; every access is atomic (a flag handshake
// that compute-sanitizer's racecheck also sees as synchronised).
template <class Acc>
struct AboveTotalHandoff {
  static constexpr int kWords = int(sizeof(Acc) / 4);
  unsigned words[kWords];
  int ready;

  __device__ __forceinline__ void give(int tile, const Acc& v, int lane) {
    if (lane == 0) {
      unsigned w[kWords];
      memcpy(w, &v, sizeof(Acc));
#pragma unroll
      for (int k = 0; k < kWords; ++k) atomicExch(&words[k], w[k]);
      __threadfence_block();
      atomicExch(&ready, tile + 1);
    }
  }
  __device__ __forceinline__ Acc take(int tile) {
    while (atomicAdd(&ready, 0) != tile + 1) {
    }
    __threadfence_block();
    unsigned w[kWords];
#pragma unroll
    for (int k = 0; k < kWords; ++k) w[k] = atomicAdd(&words[k], 0u);
    Acc v;
    memcpy(&v, w, sizeof(Acc));
    return v;
  }
};

// The look-back warps' part of one tile, between the two block barriers: publish the local sums,
// look back, leave the offsets in shared memory. The row and column warps meet to publish GRS and
// GLS together; the diagonal warp finds GS(I−1,J−1) meanwhile (it depends on predecessors only).
// GS and GCS, which only successors need, are deferred to finish_publish (after the second
// barrier, while the data warps store).
template <class Traits, int W>
__device__ __forceinline__ void look_back_tile(typename TileAgent<Traits, W>::Shared& s,
                                               AboveTotalHandoff<typename Traits::Acc>& above_handoff,
                                               const Protocol<typename Traits::Acc, W>& sums, int I, int J,
                                               int tiles_x, int handoff_tag, int warp, int lane,
                                               WarpVector<typename Traits::Acc, W>& pending,
                                               typename Traits::Acc& pending_gs) {
  using Agent = TileAgent<Traits, W>;
  using Acc = typename Traits::Acc;
  using Block = LookBackBlock<Traits, W>;
  const int t = I * tiles_x + J;
  if (warp == Block::kRowWarp) {
    WarpVector<Acc, W> lrs;
    lrs.load_shared(s.row_total, lane);
    sums.publish_row_local(t, lrs, lane);
    WarpVector<Acc, W> left;  // GRS(I, J−1)
    left.fill(zero<Acc>());
    look_back(sums.rows(), t - 1, 1, J, left, lane);
    const WarpVector<Acc, W> grs = left + lrs;
    const Acc local_sum = lrs.sum();
    const Acc left_total = left.inclusive_scan(lane);
    left.store_shared(s.row_offset, lane);
    const Acc l_shape = left_total + above_handoff.take(handoff_tag) + local_sum;
    sums.publish_row_global_and_lshape(t, grs, l_shape, lane);
    pending_gs = l_shape;  // GS = corner + l_shape once the corner is known
  } else if (warp == Block::kDiagWarp) {
    Acc corner = zero<Acc>();  // GS(I−1, J−1)
    look_back(sums.diagonal(), t - tiles_x - 1, tiles_x + 1, I < J ? I : J, corner, lane);
    if (lane == 0) s.corner = corner;
  } else if (warp == Block::kColWarp) {
    WarpVector<Acc, W> lcs;
    Agent::column_totals(s, lane, lcs.e);
    sums.publish_col_local(t, lcs, lane);
    WarpVector<Acc, W> above;  // GCS(I−1, J)
    above.fill(zero<Acc>());
    look_back(sums.cols(), t - tiles_x, tiles_x, I, above, lane);
    pending = above + lcs;
    const Acc above_total = above.inclusive_scan(lane);
    above.store_shared(s.col_offset, lane);
    above_handoff.give(handoff_tag, above_total, lane);
  }
}

// After the second barrier, overlapping the data warps' stores: the values only successors use.
template <class Traits, int W>
__device__ __forceinline__ void finish_publish(const typename TileAgent<Traits, W>::Shared& s,
                                               const Protocol<typename Traits::Acc, W>& sums, int t, int warp,
                                               int lane, const WarpVector<typename Traits::Acc, W>& pending,
                                               const typename Traits::Acc& pending_gs) {
  using Block = LookBackBlock<Traits, W>;
  if (warp == Block::kRowWarp) {
    sums.publish_global_sum(t, s.corner + pending_gs, lane);
  } else if (warp == Block::kColWarp) {
    sums.publish_col_global(t, pending, lane);
  }
}

// The look-back of one tile by its look-back warps. Data warps that look back (packed protocol)
// park their tile values in shared memory meanwhile: the look-back needs registers too, and
// holding both would spill at the 64-register budget of two 512-thread blocks per SM.
template <class Traits, int W>
__device__ __forceinline__ void run_look_back(TileAgent<Traits, W>& a, typename TileAgent<Traits, W>::Shared& s,
                                              typename Traits::Acc (*park)[96], AboveTotalHandoff<typename Traits::Acc>& above_total,
                                              const Protocol<typename Traits::Acc, W>& sums, int I, int J,
                                              int tiles_x, int handoff_tag, WarpVector<typename Traits::Acc, W>& pending,
                                              typename Traits::Acc& pending_gs) {
  using Block = LookBackBlock<Traits, W>;
  if (!Block::looks_back(a.warp)) return;
  if constexpr (!Block::kDedicated) a.park(park);
  look_back_tile<Traits, W>(s, above_total, sums, I, J, tiles_x, handoff_tag, a.warp, a.lane, pending, pending_gs);
  if constexpr (!Block::kDedicated) a.unpark(park);
}

// The block's next ticket (thread 0 takes it; visible to all after the caller's next barrier).
__device__ __forceinline__ void take_ticket(LookBackHeader* header, int& slot) {
  if (threadIdx.x == 0) slot = int(atomicAdd(&header->ticket, 1u));
}

// A batch of planes shares one ticket space: tickets 0 … tiles−1 are plane 0's tiles in diagonal
// order, the next `tiles` plane 1's, and so on. A tile depends only on smaller tickets of its own
// plane, so the no-deadlock argument below holds for the whole batch.
struct BatchGeometry {
  int planes;
  std::size_t in_stride, out_stride;  // bytes between planes
};

struct TileAt {
  int plane, I, J;
  // `single` (a compile-time constant): one plane, so plane 0 and no division.
  __device__ __forceinline__ TileAt(int ticket, int tiles, int tiles_y, int tiles_x, bool single) {
    plane = single ? 0 : ticket / tiles;
    tile_of_serial(ticket - plane * tiles, tiles_y, tiles_x, I, J);
  }
};

template <class T>
__device__ __forceinline__ Plane<T> plane_of(Plane<T> p, int plane, std::size_t stride) {
  using Byte = std::conditional_t<std::is_const_v<T>, const char, char>;
  p.data = reinterpret_cast<T*>(reinterpret_cast<Byte*>(p.data) + stride * std::size_t(plane));
  return p;
}

// Persistent, software-pipelined kernel: each resident block takes tickets in a loop and, while it
// scans, looks back and writes tile k, the next tile's input is already streaming into shared
// memory (cp.async). Tickets are taken in order and a block finishes its tickets in order, so the
// smallest unfinished ticket always belongs to a block working on it, whose dependencies are all
// on smaller tickets: no deadlock on any scheduling. Needs chunk-aligned input (`wide`).
template <class Traits, int W, bool kBatch>
__global__ void __launch_bounds__(LookBackBlock<Traits, W>::kThreads, LookBackBlock<Traits, W>::kMinBlocks)
    skss_lb_pipelined_kernel(Plane<const typename Traits::In> in, Plane<typename Traits::Acc> out,
                             LookBackState<typename Traits::Acc, W> st, int tiles_y, int tiles_x, BatchGeometry batch,
                             bool wide_out) {
  using Agent = TileAgent<Traits, W>;
  using Block = LookBackBlock<Traits, W>;
  using Acc = typename Traits::Acc;
  __shared__ typename Agent::Shared s;
  __shared__ AboveTotalHandoff<Acc> s_above_total;  // Σ GCS(I−1,J), column warp → row warp
  __shared__ int s_ticket;
  __shared__ Acc s_park[Block::kDedicated ? 1 : Agent::kRows * Agent::kCols][96];
  extern __shared__ __align__(16) unsigned char dynamic_smem[];
  auto& stage = *reinterpret_cast<typename Agent::Stage*>(dynamic_smem);
  const int tiles = tiles_y * tiles_x;
  const int all_tiles = kBatch ? tiles * batch.planes : tiles;
  auto sums = st.sums;
  sums.epoch = st.header->epoch;

  Agent a;
  const bool data_warp = a.warp < Block::kDataWarps;
  take_ticket(st.header, s_ticket);
  if (threadIdx.x == 0) s_above_total.ready = 0;
  __syncthreads();
  int ticket = s_ticket;
  __syncthreads();  // everyone has read it before thread 0 takes the next one into the same slot
  TileAt at(ticket < all_tiles ? ticket : 0, tiles, tiles_y, tiles_x, !kBatch);
  if (ticket < all_tiles && data_warp) a.prefetch(stage, plane_of(in, at.plane, batch.in_stride), at.I * W, at.J * W);
  WarpVector<Acc, W> pending;
  Acc pending_gs;
  while (ticket < all_tiles) {
    if (data_warp) {
      a.load_prefetched(stage);
      take_ticket(st.header, s_ticket);
      a.scan(s);
    }
    __syncthreads();  // scans done, next ticket visible, every data thread holds its tile
    const int next = s_ticket;
    const TileAt next_at(next < all_tiles ? next : 0, tiles, tiles_y, tiles_x, !kBatch);
    if (data_warp && next < all_tiles)
      a.prefetch(stage, plane_of(in, next_at.plane, batch.in_stride), next_at.I * W, next_at.J * W);
    const auto plane_sums = sums.of_plane(at.plane, tiles);
    run_look_back<Traits, W>(a, s, s_park, s_above_total, plane_sums, at.I, at.J, tiles_x, ticket, pending,
                             pending_gs);
    if (data_warp) a.finish_scan(s);
    __syncthreads();  // offsets and corner are in shared memory
    if (data_warp) {
      a.add_offsets(s);
      a.store(plane_of(out, at.plane, batch.out_stride), at.I * W, at.J * W, wide_out);
    }
    if (Block::looks_back(a.warp))
      finish_publish<Traits, W>(s, plane_sums, at.I * tiles_x + at.J, a.warp, a.lane, pending, pending_gs);
    ticket = next;
    at = next_at;
  }
}

// Fallback for input whose pointer or pitch is not chunk-aligned (or chunks narrower than
// cp.async's 4 bytes): one block per tile, loads straight into registers.
template <class Traits, int W, bool kBatch>
__global__ void __launch_bounds__(LookBackBlock<Traits, W>::kThreads, LookBackBlock<Traits, W>::kMinBlocks)
    skss_lb_kernel(Plane<const typename Traits::In> in, Plane<typename Traits::Acc> out,
                   LookBackState<typename Traits::Acc, W> st, int tiles_y, int tiles_x, BatchGeometry batch,
                   bool wide_in, bool wide_out) {
  using Agent = TileAgent<Traits, W>;
  using Block = LookBackBlock<Traits, W>;
  using Acc = typename Traits::Acc;
  __shared__ typename Agent::Shared s;
  __shared__ AboveTotalHandoff<Acc> s_above_total;
  __shared__ int s_ticket;
  __shared__ Acc s_park[Block::kDedicated ? 1 : Agent::kRows * Agent::kCols][96];
  auto sums = st.sums;
  sums.epoch = st.header->epoch;

  take_ticket(st.header, s_ticket);
  if (threadIdx.x == 0) s_above_total.ready = 0;
  __syncthreads();
  const int ticket = s_ticket;
  const TileAt at(ticket, tiles_y * tiles_x, tiles_y, tiles_x, !kBatch);
  const int I = at.I, J = at.J;
  const auto plane_sums = sums.of_plane(at.plane, tiles_y * tiles_x);
  Agent a;
  const bool data_warp = a.warp < Block::kDataWarps;
  WarpVector<Acc, W> pending;
  Acc pending_gs;
  if (data_warp) {
    a.load(plane_of(in, at.plane, batch.in_stride), I * W, J * W, wide_in);
    a.scan(s);
  }
  __syncthreads();
  run_look_back<Traits, W>(a, s, s_park, s_above_total, plane_sums, I, J, tiles_x, ticket, pending, pending_gs);
  if (data_warp) a.finish_scan(s);
  __syncthreads();
  if (data_warp) {
    a.add_offsets(s);
    a.store(plane_of(out, at.plane, batch.out_stride), I * W, J * W, wide_out);
  }
  if (Block::looks_back(a.warp))
    finish_publish<Traits, W>(s, plane_sums, I * tiles_x + J, a.warp, a.lane, pending, pending_gs);
}

// Resident blocks per SM of the pipelined kernel (with its dynamic shared memory), cached.
template <class Traits, int W, bool kBatch>
int pipelined_blocks_per_sm() {
  static const int blocks = [] {
    using Agent = TileAgent<Traits, W>;
    constexpr int stage_bytes = int(sizeof(typename Agent::Stage));
    auto kernel = skss_lb_pipelined_kernel<Traits, W, kBatch>;
    check_cuda(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, stage_bytes),
               "cudaFuncSetAttribute (1r1w-skss-lb)");
    int n = 0;
    check_cuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, LookBackBlock<Traits, W>::kThreads,
                                                             stage_bytes),
               "cudaOccupancyMaxActiveBlocksPerMultiprocessor (1r1w-skss-lb)");
    return n;
  }();
  return blocks;
}

// One-plane calls run the kernels instantiated without the batch arithmetic (kBatch = false): the
// plane index is the constant 0, so they are the single-image kernels exactly, and small images —
// latency-bound — pay nothing for batches.
template <class Traits, int W, bool kBatch>
void launch(const Launch& l) {
  using In = typename Traits::In;
  using Acc = typename Traits::Acc;
  using Agent = TileAgent<Traits, W>;
  using Block = LookBackBlock<Traits, W>;
  const Problem& p = l.problem;
  const int tiles_y = ceil_div(p.extent.height, W), tiles_x = ceil_div(p.extent.width, W);
  const int tiles = tiles_y * tiles_x * l.batch.planes;  // every plane's tiles, one ticket space
  const BatchGeometry batch{l.batch.planes, l.batch.input_plane_stride, l.batch.output_plane_stride};
  WorkspaceCarver ws(l.workspace);
  const LookBackState<Acc, W> st = LookBackState<Acc, W>::carve(ws, tiles);
  begin_lookback_call(st.header, st.body(), LookBackState<Acc, W>::bytes(tiles) - LookBackState<Acc, W>::kHeaderBytes,
                      l.stream);
  const Plane<const In> in{static_cast<const In*>(p.input), p.input_pitch, p.extent.height, p.extent.width};
  const Plane<Acc> out{static_cast<Acc*>(p.output), p.output_pitch, p.extent.height, p.extent.width};
  // Wide (chunked) accesses need every plane aligned: the first, and the stride between them.
  const auto second = [&](const void* first, std::size_t stride) {
    return batch.planes > 1 ? static_cast<const char*>(first) + stride : first;
  };
  const bool wide_in = is_aligned_for_chunks<In, Agent::kCols>(p.input, p.input_pitch) &&
                       is_aligned_for_chunks<In, Agent::kCols>(second(p.input, batch.in_stride), p.input_pitch);
  const bool wide_out = is_aligned_for_chunks<Acc, Agent::kCols>(p.output, p.output_pitch) &&
                        is_aligned_for_chunks<Acc, Agent::kCols>(second(p.output, batch.out_stride), p.output_pitch);
  if constexpr (Agent::kCanPrefetch) {
    const int per_sm = wide_in ? pipelined_blocks_per_sm<Traits, W, kBatch>() : 0;
    if (per_sm > 0) {
      int device = 0, sms = 0;
      check_cuda(cudaGetDevice(&device), "cudaGetDevice");
      check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
      const int blocks = std::min(tiles, per_sm * sms);
      skss_lb_pipelined_kernel<Traits, W, kBatch><<<blocks, Block::kThreads, sizeof(typename Agent::Stage), l.stream>>>(
          in, out, st, tiles_y, tiles_x, batch, wide_out);
      check_launch("skss_lb_pipelined_kernel");
      return;
    }
  }
  skss_lb_kernel<Traits, W, kBatch><<<tiles, Block::kThreads, 0, l.stream>>>(in, out, st, tiles_y, tiles_x, batch,
                                                                             wide_in, wide_out);
  check_launch("skss_lb_kernel");
}

}  // namespace

std::size_t skss_lb_1r1w_workspace(ElementType type, Extent extent, int tile, int planes) {
  return visit_type(type, [&](auto traits) {
    using Acc = typename decltype(traits)::Acc;
    const int tiles = ceil_div(extent.height, tile) * ceil_div(extent.width, tile) * planes;
    return visit_tile(tile, [&](auto w) { return LookBackState<Acc, decltype(w)::value>::bytes(tiles); });
  });
}

void skss_lb_1r1w(const Launch& l) {
  visit_tiled(l.problem.type, l.tile, [&](auto traits, auto w) {
    if (l.batch.planes == 1)
      launch<decltype(traits), decltype(w)::value, false>(l);
    else
      launch<decltype(traits), decltype(w)::value, true>(l);
  });
}

}  // namespace sat::detail
