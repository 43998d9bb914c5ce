// satcore — summed-area tables (integral images) on the GPU.
//
// Semantics: the inclusive table b[i][j] = Σ a[i'][j'] over i' ≤ i, j' ≤ j, of the same width
// and height as the input. Row pitches are in bytes. Work runs asynchronously on the caller's
// stream; nothing is allocated per call (two-phase workspace: ask workspace_size(), then
// compute()). Concurrent calls on different streams are safe when each has its own workspace.
// Integer results are deterministic; float results are deterministic for a given algorithm,
// tile and size (no atomics on data).
//
//   in  (3×3)      out
//   1 1 1          1 2 3
//   1 1 1    →     2 4 6
//   1 1 1          3 6 9
//
// Example:
//   sat::Problem p{sat::ElementType::U8ToU32, {width, height}, d_in, in_pitch, d_out, out_pitch};
//   sat::Options opt;                                   // 1R1W-SKSS-LB, default tile
//   size_t bytes = sat::workspace_size(p.type, p.extent, opt);
//   ... allocate `bytes` of device memory once ...
//   sat::compute(p, opt, d_workspace, bytes, stream);
//
// Or let the library own the workspace: sat::Plan plan(type, extent, opt); plan.run(p, stream);
// (sized once for a maximum extent), or sat::Workspace ws; ws.compute(p, opt, stream); (grown as
// calls need).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sat/detail/workspace_history.h"
#include "sat/error.h"
#include "sat/support/buffers.h"
#include "sat/types.h"

namespace sat {

// The algorithms of Emoto et al., "An Optimal Parallel Algorithm for Computing the Summed Area
// Table on the GPU" (Table I), in the paper's order.
enum class Algorithm {
  Naive2R2W,     // "2r2w": column prefix sums then row prefix sums, one thread per line
  Optimal2R2W,   // "2r2w-optimal": coalesced, highly parallel row scan then column scan
  Tiled2R1W,     // "2r1w": Nehab et al., local sums → global carries → final tiles (3 kernels)
  Diagonal1R1W,  // "1r1w": one kernel per anti-diagonal of tiles (2·n/W − 1 kernels)
  Hybrid1R1W,    // "(1+r)r1w": 2R1W on the first and last diagonals, 1R1W in between
  Skss1R1W,      // "1r1w-skss": one kernel, a block per tile column, flags between columns
  SkssLb1R1W,    // "1r1w-skss-lb": one kernel, a block per tile in diagonal order, look-back
};

inline constexpr Algorithm kAllAlgorithms[] = {
    Algorithm::Naive2R2W,  Algorithm::Optimal2R2W, Algorithm::Tiled2R1W,  Algorithm::Diagonal1R1W,
    Algorithm::Hybrid1R1W, Algorithm::Skss1R1W,    Algorithm::SkssLb1R1W,
};

const char* to_string(Algorithm algorithm);  // the names above, e.g. "1r1w-skss-lb"
std::optional<Algorithm> parse_algorithm(std::string_view name);
bool is_tiled(Algorithm algorithm);  // true for all but the two 2R2W algorithms

inline constexpr int kTileSizes[] = {32, 64, 128};

struct Extent {
  int width = 0;   // pixels per row
  int height = 0;  // rows
};

// Which table compute() writes.
//
// Upright: the inclusive table above, height × width.
// Tilted: the 45°-rotated table of Lienhart and Maydt, exactly cv::integral's `tilted` output
// (same layout, so OpenCV code can swap it in): (height + 1) × (width + 1) values, row 0 zero,
//   t[Y][X] = Σ a[y][x] over y < Y, |x − (X − 1)| ≤ Y − 1 − y   (pixels outside the image 0),
// the triangle of pixels above pixel (X − 1, Y − 1), that pixel its apex. The output plane then
// has height + 1 rows of width + 1 elements (output_pitch ≥ (width + 1) · output_element_size).
// Offered for U8ToU32 (also the bits of OpenCV's CV_32S table: unsigned wrap-around, exact
// modulo 2³²) and F32ToF32. algorithm and tile do not apply to it: it has one GPU design of its
// own (docs/algorithms.md, "The tilted table").
//
//   in (3×3)     tilted (4×4)
//   1 2 3        0  0  0  0
//   4 5 6        0  1  2  3
//   7 8 9        1  7 11 11      e.g. t[2][2]: apex 5, with 1 2 3 of the row above = 11
//                7 22 29 26
enum class Table {
  Upright,
  Tilted,
};

const char* to_string(Table table);  // "upright", "tilted"
// The extent of the table of an input of `input` extent: the same for Upright, one more row
// and column for Tilted.
Extent table_extent(Extent input, Table table);
// Whether this table is offered for this type (every type has the upright table).
bool supports(Table table, ElementType type);

struct Options {
  Algorithm algorithm = Algorithm::SkssLb1R1W;
  int tile = 0;            // W ∈ {32, 64, 128} for tiled algorithms; 0 = the best default
  double hybrid_r = 0.25;  // (1+r)R1W: fraction of tiles done by 2R1W, 0 < r < 1
  Table table = Table::Upright;
};

// One table to compute. Pointers are device pointers for compute()/Plan, host pointers for the
// CPU paths. Input and output must not overlap. Sides are 1..2^30; each plane's bytes,
// pitch × (height − 1) + a row, at most PTRDIFF_MAX and within the address space.
struct Problem {
  ElementType type = ElementType::U8ToU32;
  Extent extent;
  const void* input = nullptr;
  std::size_t input_pitch = 0;  // bytes between rows; ≥ width · input_element_size
  void* output = nullptr;
  std::size_t output_pitch = 0;  // bytes between rows; ≥ width · output_element_size
};

// Whether this algorithm offers this type at this tile size (tile ignored when not tiled;
// tile 0 means the default). 16-byte outputs (u32x4, SumSq) do not fit W = 128.
bool supports(Algorithm algorithm, ElementType type, int tile);
// The tile compute() uses for `options.tile == 0`.
int default_tile(Algorithm algorithm, ElementType type);

// Device bytes compute() needs for this request (may be 0). Throws sat::Error on invalid input.
std::size_t workspace_size(ElementType type, Extent extent, const Options& options);

// Computes the table of problem.input into problem.output on `stream`. Validates every argument
// first and throws sat::Error (nothing launched) on a bad one; throws sat::Error with the failing
// call after a CUDA error. The workspace is reset by this call (stale flags are harmless).
void compute(const Problem& problem, const Options& options, void* workspace, std::size_t workspace_bytes,
             cudaStream_t stream);

// A batch of planes of one type and extent, e.g. a tensor (N, C, H, W) is N·C planes: plane k
// reads problem.input + k·input_plane_stride and writes problem.output + k·output_plane_stride
// (strides in bytes, multiples of the element alignment). Output planes must not overlap each
// other or any input plane; input planes may (stride 0 repeats one input).
//
//   planes 2, 2×2:  in [[1 1] [1 1]] [[1 2] [3 4]]  →  out [[1 2] [2 4]] [[1 3] [4 10]]
struct Batch {
  int planes = 1;
  std::size_t input_plane_stride = 0;
  std::size_t output_plane_stride = 0;
};

// Plane k of a batch as a single-plane problem (pointers advanced by k strides; not checked).
inline Problem batch_plane(const Problem& first_plane, const Batch& batch, int k) {
  Problem p = first_plane;
  p.input = static_cast<const char*>(first_plane.input) + std::size_t(k) * batch.input_plane_stride;
  p.output = static_cast<char*>(first_plane.output) + std::size_t(k) * batch.output_plane_stride;
  return p;
}

// Device bytes compute_batch() needs for `planes` planes of this extent (may be 0).
std::size_t batch_workspace_size(ElementType type, Extent extent, int planes, const Options& options);
// The tables of every plane of the batch, on `stream`; same validation, errors and determinism
// as compute(). 1R1W-SKSS-LB computes the whole batch in one launch (every plane's tiles share
// one ticket space, so small planes run side by side); the other algorithms run one plane after
// another on the stream, sharing one plane's workspace. Results do not depend on which.
void compute_batch(const Problem& first_plane, const Batch& batch, const Options& options, void* workspace,
                   std::size_t workspace_bytes, cudaStream_t stream);

// compute() and compute_batch() with a workspace the library owns and sizes itself: any type,
// extent, batch and options, nothing to size or allocate beforehand. Repeated calls are cheaper
// than compute() with a workspace of the caller's: the workspace knows what its last call left
// in it, so 1R1W-SKSS-LB skips its per-call reset launch while the layout (type, extent, planes,
// tile) stays the same; a call of another layout pays that launch (and a clearing pass) once.
// It starts empty and grows to what a call needs, never shrinks: growing frees the old buffer
// (cudaFree, which waits for the whole device), allocates the new one on the current device and
// pays the reset launch. Same validation and errors as compute(); a bad request allocates
// nothing. One device: a call on another current device throws InvalidArgument. Calls must be
// ordered (one stream, or the caller orders them): one workspace serves one stream at a time.
class Workspace {
 public:
  Workspace() = default;  // allocates nothing
  // Destruction frees the buffer (cudaFree: waits for the device). Move-only.

  void compute(const Problem& problem, const Options& options, cudaStream_t stream);
  void compute_batch(const Problem& first_plane, const Batch& batch, const Options& options, cudaStream_t stream);
  std::size_t bytes() const { return buffer_.bytes(); }  // device bytes held now (0 until a call needs some)

 private:
  friend class Plan;
  friend class FilterEngine;  // its workspace: the same growth, under the engine's call names
  // compute_batch() under `call`'s name: validates, fits, computes.
  void run(const char* call, const Problem& first_plane, const Batch& batch, const Options& options,
           cudaStream_t stream);
  // Holds at least `bytes` (allocating under `call`'s name), ready for a call on the current device.
  void fit(const char* call, std::size_t bytes);

  DeviceBuffer buffer_;
  int device_ = -1;                   // where buffer_ lives
  detail::WorkspaceHistory history_;  // lets repeated calls skip the look-back's reset launch
};

// Owns a workspace sized for a maximum extent (and batches of up to `max_planes` planes); run()
// and run_batch() work on any extent up to it. Repeated calls are cheaper than compute() with a
// workspace of the caller's: the plan knows what its last call left in the workspace, so
// 1R1W-SKSS-LB skips its per-call reset launch. Calls must be ordered (one stream, or the caller
// orders them): the workspace is shared by every call of the plan. Unlike a Workspace, a plan
// allocates once, up front (on the current device, where it must then run), and never grows.
class Plan {
 public:
  Plan(ElementType type, Extent max_extent, Options options = {}, int max_planes = 1);
  ~Plan() = default;
  Plan(Plan&& other) noexcept = default;
  Plan& operator=(Plan&& other) noexcept = default;
  Plan(const Plan&) = delete;
  Plan& operator=(const Plan&) = delete;

  void run(const Problem& problem, cudaStream_t stream);
  void run_batch(const Problem& first_plane, const Batch& batch, cudaStream_t stream);
  std::size_t workspace_bytes() const { return workspace_.bytes(); }
  const Options& options() const { return options_; }
  ElementType type() const { return type_; }

 private:
  ElementType type_;
  Extent max_extent_;
  Options options_;
  int max_planes_ = 1;
  Workspace workspace_;  // sized for the maximum by the constructor
};

// CPU paths (host pointers). cpu_reference is the obvious single-threaded double loop;
// cpu_parallel splits rows into bands of at least 16 rows over `threads` threads: integer
// tables sum each band's columns first, then compute each band from its carry row; float tables
// compute each band's table, then add its carry. threads = 0 (automatic): all hardware threads,
// but one thread below 2^18 elements, where starting threads costs more than it saves
// (docs/cpu-backend.md); n > 0: n threads. Same wrap-around semantics; integer results are
// identical to cpu_reference's, float results may differ only by rounding.
void cpu_reference(const Problem& problem);
void cpu_parallel(const Problem& problem, int threads = 0);
// Every plane of a batch (host pointers; same rules as compute_batch): many or small planes are
// spread over the threads whole (one serial table each), large ones go one after another through
// cpu_parallel. threads as for cpu_parallel (automatic: one thread for a batch below 2^18
// elements in all).
void cpu_parallel_batch(const Problem& first_plane, const Batch& batch, int threads = 0);
// The tilted table (Table::Tilted) of every plane of a batch (host pointers; same rules as
// compute_batch with options.table = Tilted), single-threaded, by the recurrence of
// docs/algorithms.md. Integer tables equal cv::integral's; float tables are accumulated in double
// and rounded once (within half an ulp of the exact table, up to the double sums' own error).
void cpu_tilted(const Problem& first_plane, const Batch& batch = {});

}  // namespace sat
