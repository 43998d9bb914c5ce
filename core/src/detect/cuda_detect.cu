#include "detect/cuda_detect.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>

#include "detect/flat_cascade.h"
#include "detect/haar_eval.h"
#include "detect/resize_linear.h"
#include "detect/skip_rule.h"
#include "detect/warp_append.cuh"
#include "filters/backend.h"
#include "launch/launch.h"
#include "sat/error.h"
#include "sat/sat.h"
#include "sat/support/buffers.h"
#include "sat/support/cuda_event.h"
#include "support/renamed_error.h"
#include "tuning/detect_policy.h"

namespace sat::detect {
namespace {

constexpr const char* kCall = "sat::Detector (CUDA)";

// Where a level lives in the atlas and how its windows are enumerated.
struct LevelGeometry {
  int width = 0, height = 0;  // the resized frame
  int ox = 0, oy = 0;         // its top-left pixel in the atlas (≥ 1: a free row and column before it)
  int step = 2;
  int cols = 0, rows = 0;  // window positions on the step grid
};

// A window of the lists: its level, its position (x | y << 16) in level pixels and its
// variance normalisation (computed once, by the first stage).
struct Window {
  uint32_t level;
  uint32_t xy;
  float factor;
};

constexpr int kBlock = detail::DetectLaunchPolicy::kCascadeThreads;  // threads per block of the cascade kernels

// Device and page-locked arrays of the detector, failures reported under its name.
template <class T>
DeviceArray<T> device_array(std::size_t n, const char* what) {
  try {
    return DeviceArray<T>(n);
  } catch (const Error& e) {
    throw detail::allocation_failed(e, kCall, what);
  }
}
// Page-locked: with unified addressing (checked by CudaDetect) kernels write it through the host
// pointer itself (the accepted windows and their count).
template <class T>
PinnedArray<T> pinned_array(std::size_t n, const char* what) {
  try {
    return PinnedArray<T>(std::max<std::size_t>(n, 1));
  } catch (const Error& e) {
    throw detail::allocation_failed(e, kCall, what);
  }
}
template <class T>
void upload(const DeviceArray<T>& device, const std::vector<T>& host) {
  if (!host.empty())
    check_cuda(cudaMemcpy(device.data(), host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
}

// ---- kernels ---------------------------------------------------------------------------------

// Every level's resized frame into the atlas (blockIdx.z: the level).
__global__ void resize_levels_kernel(const uint8_t* src, std::size_t pitch, int src_w, int src_h,
                                     const LevelGeometry* levels, uint8_t* atlas, int atlas_pitch) {
  const LevelGeometry L = levels[blockIdx.z];
  const int x = int(blockIdx.x * blockDim.x + threadIdx.x), y = int(blockIdx.y * blockDim.y + threadIdx.y);
  if (x >= L.width || y >= L.height) return;
  const AxisTaps tx = axis_tap(src_w, L.width, x), ty = axis_tap(src_h, L.height, y);
  atlas[std::size_t(L.oy + y) * std::size_t(atlas_pitch) + std::size_t(L.ox + x)] =
      uint8_t(resize_pixel(src, pitch, src_w, src_h, tx, ty));
}

// The window at level position (x, y): its top-left element of the padded-table view (all
// tables have the atlas pitch). Null for a null table (no tilted table).
template <class T>
__device__ __forceinline__ const T* window_at(const T* table, int pitch, const LevelGeometry& L, int x, int y) {
  if (!table) return nullptr;
  return table + std::size_t(L.oy - 1 + y) * std::size_t(pitch) + std::size_t(L.ox - 1 + x);
}

// The variance test and stage 0 at every step-grid position, OpenCV's skip rule over the
// results, and the survivors appended to `out`. One warp per row of a level (blockIdx.y): its
// lanes evaluate 32 consecutive positions at once, a ballot of the first-stage rejections gives
// which of them the sequential scan evaluates (skip_rule.h), and the evaluated windows that
// passed are appended in order.
__global__ void __launch_bounds__(kBlock)
    first_stage_kernel(CascadeView cascade, const SumSq* squares, const uint32_t* sums, const uint32_t* tilted,
                       int pitch, const LevelGeometry* levels, Window* out, unsigned* out_count) {
  const LevelGeometry L = levels[blockIdx.y];
  const int r = int(blockIdx.x * (kBlock / 32) + threadIdx.x / 32);
  if (r >= L.rows) return;  // the whole warp
  const int lane = int(threadIdx.x & 31u);
  const int y = r * L.step;
  bool first_evaluated = true;  // the row's first position always is
  for (int base = 0; base < L.cols; base += 32) {
    const int c = base + lane;
    const bool inside = c < L.cols;
    bool passed = false, rejected = false;
    float factor = 1.f;
    if (inside && variance_factor(cascade, window_at(squares, pitch, L, c * L.step, y), factor)) {
      passed = stage_passes(cascade, 0, window_at(sums, pitch, L, c * L.step, y), factor,
                            window_at(tilted, pitch, L, c * L.step, y));
      rejected = !passed;  // rejected by stage 0 (not by the variance test): the next is skipped
    }
    const uint32_t rejections = __ballot_sync(0xffffffffu, rejected);
    const bool evaluated = skip_rule_evaluated(rejections, first_evaluated, lane);
    first_evaluated = skip_rule_evaluated(rejections, first_evaluated, 32);
    warp_append(inside && evaluated && passed, Window{blockIdx.y, uint32_t(c * L.step) | (uint32_t(y) << 16), factor},
                out, out_count);
  }
}

// Stage `stage` for every window of `in`; those passing go to `out`. A grid-stride loop with
// `lanes` threads per window: one while the windows fill the threads; for the deep stages, with
// few windows and hundreds of trees, up to a warp sums one window's trees (only for stages whose
// sum is the same in any order; stage_sum_is_exact).
__global__ void __launch_bounds__(kBlock)
    stage_kernel(CascadeView cascade, const uint32_t* sums, const uint32_t* tilted, int pitch,
                 const LevelGeometry* levels, const Window* in, const unsigned* in_count, int stage, Window* out,
                 unsigned* out_count) {
  const unsigned n = *in_count;
  const FlatStage st = cascade.stages[stage];
  const unsigned threads = gridDim.x * blockDim.x;
  const int lanes = lanes_per_window(n, threads, st.any_order != 0);  // the same in every thread
  const unsigned lane = threadIdx.x & 31u, part = lane & unsigned(lanes - 1);
  const unsigned per_warp = 32u / unsigned(lanes);
  const unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32u, warps = threads / 32u;
  for (unsigned base = warp * per_warp; base < n; base += warps * per_warp) {  // uniform per warp
    const unsigned i = base + lane / unsigned(lanes);
    const bool inside = i < n;
    Window w{0, 0, 1.f};
    double sum = 0.;
    if (inside) {
      w = in[i];
      const LevelGeometry& L = levels[w.level];
      const int x = int(w.xy & 0xffffu), y = int(w.xy >> 16);
      const uint32_t* win = window_at(sums, pitch, L, x, y);
      const uint32_t* tilted_win = window_at(tilted, pitch, L, x, y);
      for (int t = int(part); t < st.tree_count; t += lanes)  // one lane: the file's order
        sum = d_add(sum, double(tree_leaf(cascade, st.first_tree + t, win, w.factor, tilted_win)));
    }
    for (int o = lanes / 2; o > 0; o /= 2) sum = d_add(sum, __shfl_xor_sync(0xffffffffu, sum, o));
    warp_append(inside && part == 0 && !(sum < st.threshold), w, out, out_count);
  }
}

// The accepted windows and their count into host memory (mapped): one copy back per frame.
__global__ void publish_kernel(const Window* list, const unsigned* count, Window* host_list, unsigned* host_count) {
  const unsigned n = *count;
  if (blockIdx.x == 0 && threadIdx.x == 0) *host_count = n;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) host_list[i] = list[i];
}

}  // namespace

struct CudaDetect::State {
  Extent window;
  int stage_count = 0;
  FlatCascade flat;     // host copy, laid out for the atlas pitch
  int atlas_pitch = 0;  // pixels (u8 atlas) = elements (tables)
  int atlas_rows = 0;
  std::vector<std::pair<int, int>> origins;  // per level index of the maximal plan
  std::size_t max_positions = 0;
  int stage_blocks = 0;  // the stage kernels' grid: as many blocks as are resident at once

  DeviceArray<FlatStage> d_stages;
  DeviceArray<FlatTree> d_trees;
  DeviceArray<FlatNode> d_nodes;
  DeviceArray<float> d_leaves;
  DeviceArray<FlatFeature> d_features;
  DeviceArray<uint8_t> d_gray, d_atlas;
  DeviceArray<SumSq> d_squares;    // {Σx, Σx²}: the variance test
  DeviceArray<uint32_t> d_sums;    // Σx mod 2^32: the features (a quarter of the bytes per read)
  DeviceArray<uint32_t> d_tilted;  // the tilted table, for cascades with tilted features (else empty)
  DeviceArray<LevelGeometry> d_levels;
  DeviceArray<Window> d_list[2];
  DeviceArray<unsigned> d_counts;  // counter k: the windows that passed stage k
  PinnedArray<LevelGeometry> h_levels;
  PinnedArray<Window> h_list;     // mapped: the accepted windows, written by publish_kernel
  PinnedArray<unsigned> h_count;  // mapped: their count
  std::unique_ptr<Plan> squares_plan, sums_plan, tilted_plan;
  std::vector<CudaEvent> events;  // start, after pyramid, after tables, after cascade

  State(const HaarCascade& cascade, int pitch)
      : window(cascade.window), stage_count(int(cascade.stages.size())), flat(cascade, pitch), atlas_pitch(pitch) {}

  CascadeView device_view() const {
    CascadeView v = flat.view();
    v.stages = d_stages.data();
    v.trees = d_trees.data();
    v.nodes = d_nodes.data();
    v.leaves = d_leaves.data();
    v.features = d_features.data();
    return v;
  }
};

namespace {

// Shelf layout of the levels of the largest frame: left to right while they fit, each with a
// free column to its left and a free row above (the table's zero border of cv::integral).
int atlas_pitch_for(Extent max_extent, Extent window, const DetectParams& params) {
  std::vector<ScaleLevel> levels;
  plan_scales(max_extent, window, params, levels);
  return levels.empty() ? 2 : levels[0].size.width + 1;
}

// The tilted table is that of the atlas without its free first row and column (always zero):
// its (rows − 1 + 1) × (pitch − 1 + 1) values then have the atlas pitch, and its element
// (Y, X) is the whole atlas's tilted element (Y + 1, X + 1) — the padded view window_at reads.
Extent tilted_extent(int pitch, int rows) { return {pitch - 1, rows - 1}; }

}  // namespace

CudaDetect::CudaDetect(const HaarCascade& cascade, Extent max_extent, const DetectParams& params) {
  if (max_extent.width > 65535 || max_extent.height > 65535)
    throw Error(ErrorCode::InvalidArgument, kCall, "max extent must be below 65536 in each axis");
  const int pitch = atlas_pitch_for(max_extent, cascade.window, params);
  s_ = std::make_unique<State>(cascade, pitch);
  State& s = *s_;

  std::vector<ScaleLevel> levels;
  plan_scales(max_extent, cascade.window, params, levels);
  int x = 1, y = 1, shelf = 0;
  for (const ScaleLevel& l : levels) {
    if (x + l.size.width > pitch) y += shelf + 1, x = 1, shelf = 0;
    s.origins.emplace_back(x, y);
    x += l.size.width + 1;
    shelf = std::max(shelf, l.size.height);
    // Every position of the working size: a bound for smaller frames too, whose scanned rows
    // (ScaleLevel::rows) may reach a row this frame's stripes leave out.
    s.max_positions += std::size_t((l.positions.width + l.step - 1) / l.step) *
                       std::size_t((l.positions.height + l.step - 1) / l.step);
  }
  s.atlas_rows = y + shelf;

  int device = 0, sms = 0, blocks_per_sm = 0, unified = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
  check_cuda(cudaDeviceGetAttribute(&unified, cudaDevAttrUnifiedAddressing, device), "cudaDeviceGetAttribute");
  if (!unified)  // every 64-bit process has it; the results are written straight into host memory
    throw Error(ErrorCode::Unsupported, kCall, "the device has no unified addressing");
  check_cuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, stage_kernel, kBlock, 0),
             "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  s.stage_blocks = std::max(1, sms) * std::max(1, blocks_per_sm);

  s.d_stages = device_array<FlatStage>(s.flat.stages.size(), "cascade stages");
  s.d_trees = device_array<FlatTree>(s.flat.trees.size(), "cascade trees");
  s.d_nodes = device_array<FlatNode>(s.flat.nodes.size(), "cascade nodes");
  s.d_leaves = device_array<float>(s.flat.leaves.size(), "cascade leaves");
  s.d_features = device_array<FlatFeature>(s.flat.features.size(), "cascade features");
  upload(s.d_stages, s.flat.stages);
  upload(s.d_trees, s.flat.trees);
  upload(s.d_nodes, s.flat.nodes);
  upload(s.d_leaves, s.flat.leaves);
  upload(s.d_features, s.flat.features);

  const std::size_t atlas_pixels = std::size_t(pitch) * std::size_t(std::max(s.atlas_rows, 1));
  s.d_gray = device_array<uint8_t>(std::size_t(max_extent.width) * std::size_t(max_extent.height), "gray frame");
  s.d_atlas = device_array<uint8_t>(atlas_pixels, "scale atlas");
  // Defined content between the levels (the tables read it; no box sum depends on it).
  check_cuda(cudaMemset(s.d_atlas.data(), 0, atlas_pixels), "cudaMemset");
  s.d_squares = device_array<SumSq>(atlas_pixels, "atlas table");
  s.d_sums = device_array<uint32_t>(atlas_pixels, "atlas sum table");
  const bool tilted = uses_tilted_features(cascade);
  if (tilted) s.d_tilted = device_array<uint32_t>(atlas_pixels, "atlas tilted table");
  s.d_levels = device_array<LevelGeometry>(std::max<std::size_t>(levels.size(), 1), "level geometry");
  for (auto& list : s.d_list) list = device_array<Window>(std::max<std::size_t>(s.max_positions, 1), "window list");
  s.d_counts = device_array<unsigned>(std::size_t(std::max(s.stage_count, 1)), "window counters");
  s.h_levels = pinned_array<LevelGeometry>(levels.size(), "level geometry");
  s.h_list = pinned_array<Window>(s.max_positions, "accepted windows");
  s.h_count = pinned_array<unsigned>(1, "accepted count");
  if (s.atlas_rows > 1) {
    s.squares_plan = std::make_unique<Plan>(ElementType::U8ToSumSq, Extent{pitch, s.atlas_rows});
    s.sums_plan = std::make_unique<Plan>(ElementType::U8ToU32, Extent{pitch, s.atlas_rows});
    if (tilted) {
      Options o;
      o.table = Table::Tilted;
      s.tilted_plan = std::make_unique<Plan>(ElementType::U8ToU32, tilted_extent(pitch, s.atlas_rows), o);
    }
  }
  for (int k = 0; k < 4; ++k) s.events.emplace_back();
}

CudaDetect::~CudaDetect() = default;

void CudaDetect::run(ConstImage8 frame, const std::vector<ScaleLevel>& levels, std::vector<Box>& candidates,
                     DetectTimes& times, bool timed, cudaStream_t stream) {
  State& s = *s_;
  if (levels.empty()) return;
  if (levels.size() > s.origins.size())
    throw Error(ErrorCode::InvalidArgument, kCall, "more scales than the detector was sized for");
  if (timed) check_cuda(cudaEventRecord(s.events[0].get(), stream), "cudaEventRecord");

  // Level geometry for this frame (smaller frames reuse the largest frame's atlas cells).
  int max_w = 0, max_h = 0, max_rows = 0, used_rows = 1;
  for (std::size_t k = 0; k < levels.size(); ++k) {
    const ScaleLevel& l = levels[k];
    LevelGeometry g;
    g.width = l.size.width, g.height = l.size.height;
    g.ox = s.origins[k].first, g.oy = s.origins[k].second;
    g.step = l.step;
    g.cols = (l.positions.width + l.step - 1) / l.step;
    g.rows = l.rows;  // the rows OpenCV scans (scale_plan.h), at most ⌈positions.height / step⌉
    s.h_levels.data()[k] = g;
    max_w = std::max(max_w, g.width), max_h = std::max(max_h, g.height);
    max_rows = std::max(max_rows, g.rows);
    used_rows = std::max(used_rows, g.oy + g.height);
  }
  const unsigned nlevels = unsigned(levels.size());
  check_cuda(cudaMemcpyAsync(s.d_levels.data(), s.h_levels.data(), nlevels * sizeof(LevelGeometry),
                             cudaMemcpyHostToDevice, stream),
             "cudaMemcpyAsync");
  check_cuda(cudaMemsetAsync(s.d_counts.data(), 0, s.d_counts.bytes(), stream), "cudaMemsetAsync");

  // 1. The pyramid.
  const uint8_t* gray = frame.data;
  std::size_t gray_pitch = frame.pitch;
  if (frame.channels != 1) {
    filters::cuda_to_gray(frame, s.d_gray.data(), std::size_t(frame.width), stream);
    gray = s.d_gray.data(), gray_pitch = std::size_t(frame.width);
  }
  using Policy = detail::DetectLaunchPolicy;
  const dim3 block(Policy::kResizeBlockX, Policy::kResizeBlockY);
  resize_levels_kernel<<<dim3(unsigned(detail::ceil_div(max_w, Policy::kResizeBlockX)),
                              unsigned(detail::ceil_div(max_h, Policy::kResizeBlockY)), nlevels),
                         block, 0, stream>>>(gray, gray_pitch, frame.width, frame.height, s.d_levels.data(),
                                             s.d_atlas.data(), s.atlas_pitch);
  detail::check_launch("sat::detect::resize_levels_kernel");
  if (timed) check_cuda(cudaEventRecord(s.events[1].get(), stream), "cudaEventRecord");

  // 2. The atlas's two tables (the rows in use): {Σx, Σx²} and Σx mod 2^32.
  const Extent used{s.atlas_pitch, used_rows};
  s.squares_plan->run({ElementType::U8ToSumSq, used, s.d_atlas.data(), std::size_t(s.atlas_pitch), s.d_squares.data(),
                       std::size_t(s.atlas_pitch) * sizeof(SumSq)},
                      stream);
  s.sums_plan->run({ElementType::U8ToU32, used, s.d_atlas.data(), std::size_t(s.atlas_pitch), s.d_sums.data(),
                    std::size_t(s.atlas_pitch) * sizeof(uint32_t)},
                   stream);
  if (s.tilted_plan)
    s.tilted_plan->run(
        {ElementType::U8ToU32, tilted_extent(s.atlas_pitch, used_rows), s.d_atlas.data() + s.atlas_pitch + 1,
         std::size_t(s.atlas_pitch), s.d_tilted.data(), std::size_t(s.atlas_pitch) * sizeof(uint32_t)},
        stream);
  if (timed) check_cuda(cudaEventRecord(s.events[2].get(), stream), "cudaEventRecord");

  // 3. Variance, stage 0 and the skip rule everywhere, survivors into list 0 (counter 0).
  const CascadeView view = s.device_view();
  first_stage_kernel<<<dim3(unsigned(detail::ceil_div(max_rows, kBlock / 32)), nlevels), kBlock, 0, stream>>>(
      view, s.d_squares.data(), s.d_sums.data(), s.d_tilted.data(), s.atlas_pitch, s.d_levels.data(),
      s.d_list[0].data(), s.d_counts.data());
  detail::check_launch("sat::detect::first_stage_kernel");

  // 4. Each further stage over the previous stage's survivors (counter k − 1 counts them), the
  //    lists alternating; no host synchronisation in between.
  int from = 0;
  for (int k = 1; k < s.stage_count; ++k) {
    stage_kernel<<<unsigned(s.stage_blocks), kBlock, 0, stream>>>(
        view, s.d_sums.data(), s.d_tilted.data(), s.atlas_pitch, s.d_levels.data(), s.d_list[from].data(),
        s.d_counts.data() + k - 1, k, s.d_list[1 - from].data(), s.d_counts.data() + k);
    detail::check_launch("sat::detect::stage_kernel");
    from = 1 - from;
  }
  if (timed) check_cuda(cudaEventRecord(s.events[3].get(), stream), "cudaEventRecord");

  // 5. The accepted windows to the host in one go, then into the CPU backend's order.
  publish_kernel<<<Policy::kPublishBlocks, kBlock, 0, stream>>>(
      s.d_list[from].data(), s.d_counts.data() + s.stage_count - 1, s.h_list.data(), s.h_count.data());
  detail::check_launch("sat::detect::publish_kernel");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  const unsigned count = *s.h_count.data();
  Window* begin = s.h_list.data();
  std::sort(begin, begin + count, [](const Window& a, const Window& b) {
    return std::make_tuple(a.level, a.xy >> 16, a.xy & 0xffffu) < std::make_tuple(b.level, b.xy >> 16, b.xy & 0xffffu);
  });
  for (unsigned i = 0; i < count; ++i)
    candidates.push_back(window_box(levels[begin[i].level], int(begin[i].xy & 0xffffu), int(begin[i].xy >> 16)));

  if (timed) {
    float ms[3] = {0, 0, 0};
    for (int k = 0; k < 3; ++k)
      check_cuda(cudaEventElapsedTime(&ms[k], s.events[k].get(), s.events[k + 1].get()), "cudaEventElapsedTime");
    times.pyramid_ms += ms[0], times.tables_ms += ms[1], times.cascade_ms += ms[2];
  }
}

}  // namespace sat::detect
