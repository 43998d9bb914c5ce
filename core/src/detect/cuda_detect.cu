#include "detect/cuda_detect.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>

#include "detail/launch.h"
#include "detect/flat_cascade.h"
#include "detect/haar_eval.h"
#include "detect/resize_linear.h"
#include "filters/backend.h"
#include "sat/error.h"
#include "sat/sat.h"

namespace sat::detect {
namespace {

constexpr const char* kCall = "sat::Detector (CUDA)";

// Where a level lives in the atlas and how its windows are enumerated.
struct LevelGeometry {
  int width = 0, height = 0;  // the resized frame
  int ox = 0, oy = 0;         // its top-left pixel in the atlas (≥ 1: a free row and column before it)
  int step = 2;
  int cols = 0, rows = 0;     // window positions on the step grid
  int code_offset = 0;        // its first-stage codes, column-major: code[c · rows + r]
};

// A window of the lists: its level and its position (x | y << 16) in level pixels.
struct Window {
  uint32_t level;
  uint32_t xy;
};

// First-stage codes.
constexpr uint8_t kPassed = 0;     // variance and stage 0 passed: evaluate the rest
constexpr uint8_t kFirstStage = 1; // stage 0 rejected: OpenCV skips the next position
constexpr uint8_t kFlat = 2;       // setWindow rejected (variance): no skip

template <class T>
struct DeviceArray {
  T* ptr = nullptr;
  std::size_t count = 0;
  void allocate(std::size_t n, const char* what) {
    count = n;
    if (n == 0) return;
    const cudaError_t st = cudaMalloc(&ptr, n * sizeof(T));
    if (st != cudaSuccess) {
      ptr = nullptr;
      cudaGetLastError();
      throw Error(st == cudaErrorMemoryAllocation ? ErrorCode::OutOfMemory : ErrorCode::CudaError, kCall,
                  std::string("cudaMalloc of the ") + what + " (" + std::to_string(n * sizeof(T)) + " bytes): " +
                      cudaGetErrorString(st));
    }
  }
  void upload(const std::vector<T>& host) {
    if (!host.empty())
      detail::check_cuda(cudaMemcpy(ptr, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
  }
  ~DeviceArray() {
    if (ptr) cudaFree(ptr);
  }
};

template <class T>
struct PinnedArray {
  T* ptr = nullptr;
  void allocate(std::size_t n) {
    if (n == 0) n = 1;
    const cudaError_t st = cudaMallocHost(&ptr, n * sizeof(T));
    if (st != cudaSuccess) {
      ptr = nullptr;
      cudaGetLastError();
      throw Error(ErrorCode::OutOfMemory, kCall, std::string("cudaMallocHost: ") + cudaGetErrorString(st));
    }
  }
  ~PinnedArray() {
    if (ptr) cudaFreeHost(ptr);
  }
};

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

// The window at level position (x, y): its top-left element of the padded-table view.
__device__ __forceinline__ const SumSq* window_at(const SumSq* table, int pitch, const LevelGeometry& L, int x, int y) {
  return table + std::size_t(L.oy - 1 + y) * std::size_t(pitch) + std::size_t(L.ox - 1 + x);
}

// The variance test and stage 0 at every step-grid position of every level (blockIdx.z).
__global__ void first_stage_kernel(CascadeView cascade, const SumSq* table, int pitch, const LevelGeometry* levels,
                                   uint8_t* codes) {
  const LevelGeometry L = levels[blockIdx.z];
  const int c = int(blockIdx.x * blockDim.x + threadIdx.x), r = int(blockIdx.y * blockDim.y + threadIdx.y);
  if (c >= L.cols || r >= L.rows) return;
  const SumSq* win = window_at(table, pitch, L, c * L.step, r * L.step);
  float factor;
  uint8_t code = kFlat;
  if (variance_factor(cascade, win, factor)) code = stage_passes(cascade, 0, win, factor) ? kPassed : kFirstStage;
  codes[std::size_t(L.code_offset) + std::size_t(c) * std::size_t(L.rows) + std::size_t(r)] = code;
}

// OpenCV's row walk (CascadeClassifierInvoker): after a first-stage rejection the next position
// is skipped. One thread per row of a level (blockIdx.y); survivors appended to `out`.
__global__ void walk_rows_kernel(const LevelGeometry* levels, const uint8_t* codes, Window* out, unsigned* out_count) {
  const LevelGeometry L = levels[blockIdx.y];
  const int r = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (r >= L.rows) return;
  const uint8_t* column = codes + std::size_t(L.code_offset) + std::size_t(r);  // coalesced across rows
  bool skip = false;
  for (int c = 0; c < L.cols; ++c) {
    if (skip) {
      skip = false;
      continue;
    }
    const uint8_t code = column[std::size_t(c) * std::size_t(L.rows)];
    if (code == kFirstStage) skip = true;
    if (code == kPassed) out[atomicAdd(out_count, 1u)] = {blockIdx.y, uint32_t(c * L.step) | (uint32_t(r * L.step) << 16)};
  }
}

// Stages [first, last) for every window of `in`; those passing all of them go to `out`.
__global__ void stages_kernel(CascadeView cascade, const SumSq* table, int pitch, const LevelGeometry* levels,
                              const Window* in, const unsigned* in_count, int first, int last, Window* out,
                              unsigned* out_count) {
  const unsigned n = *in_count;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const Window w = in[i];
    const LevelGeometry L = levels[w.level];
    const SumSq* win = window_at(table, pitch, L, int(w.xy & 0xffffu), int(w.xy >> 16));
    float factor;
    variance_factor(cascade, win, factor);  // passed in first_stage_kernel; the same factor again
    bool passed = true;
    for (int si = first; si < last && passed; ++si) passed = stage_passes(cascade, si, win, factor);
    if (passed) out[atomicAdd(out_count, 1u)] = w;
  }
}

}  // namespace

struct CudaDetect::State {
  Extent window;
  int stage_count = 0;
  FlatCascade flat;   // host copy, laid out for the atlas pitch
  int atlas_pitch = 0;  // pixels (u8 atlas) = elements (table)
  int atlas_rows = 0;
  std::vector<std::pair<int, int>> origins;  // per level index of the maximal plan
  std::size_t max_positions = 0;
  std::vector<std::pair<int, int>> stage_groups;  // [first, last) stages after stage 0, growing
  int persistent_blocks = 0;

  DeviceArray<FlatStage> d_stages;
  DeviceArray<FlatTree> d_trees;
  DeviceArray<FlatNode> d_nodes;
  DeviceArray<float> d_leaves;
  DeviceArray<FlatFeature> d_features;
  DeviceArray<uint8_t> d_gray, d_atlas, d_codes;
  DeviceArray<SumSq> d_table;
  DeviceArray<LevelGeometry> d_levels;
  DeviceArray<Window> d_list[2];
  DeviceArray<unsigned> d_counts;  // one counter per list pass
  PinnedArray<LevelGeometry> h_levels;
  PinnedArray<Window> h_list;
  PinnedArray<unsigned> h_count;
  std::unique_ptr<Plan> table_plan;
  cudaEvent_t events[4] = {};  // start, after pyramid, after tables, after cascade

  State(const HaarCascade& cascade, int pitch)
      : window(cascade.window), stage_count(int(cascade.stages.size())), flat(cascade, pitch), atlas_pitch(pitch) {}

  ~State() {
    for (cudaEvent_t& e : events)
      if (e) cudaEventDestroy(e);
  }

  CascadeView device_view() const {
    CascadeView v = flat.view();
    v.stages = d_stages.ptr;
    v.trees = d_trees.ptr;
    v.nodes = d_nodes.ptr;
    v.leaves = d_leaves.ptr;
    v.features = d_features.ptr;
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
    s.max_positions += std::size_t((l.positions.width + l.step - 1) / l.step) *
                       std::size_t((l.positions.height + l.step - 1) / l.step);
  }
  s.atlas_rows = y + shelf;
  // Stage groups after stage 0: one stage at a time while most windows die, then growing by half.
  for (int b = 1; b < s.stage_count;) {
    const int e = std::min(s.stage_count, b < 3 ? b + 1 : b + b / 2);
    s.stage_groups.emplace_back(b, e);
    b = e;
  }

  int device = 0, sms = 0;
  detail::check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  detail::check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
  s.persistent_blocks = std::max(1, sms) * 8;

  s.d_stages.allocate(s.flat.stages.size(), "cascade stages");
  s.d_trees.allocate(s.flat.trees.size(), "cascade trees");
  s.d_nodes.allocate(s.flat.nodes.size(), "cascade nodes");
  s.d_leaves.allocate(s.flat.leaves.size(), "cascade leaves");
  s.d_features.allocate(s.flat.features.size(), "cascade features");
  s.d_stages.upload(s.flat.stages);
  s.d_trees.upload(s.flat.trees);
  s.d_nodes.upload(s.flat.nodes);
  s.d_leaves.upload(s.flat.leaves);
  s.d_features.upload(s.flat.features);

  const std::size_t atlas_pixels = std::size_t(pitch) * std::size_t(std::max(s.atlas_rows, 1));
  s.d_gray.allocate(std::size_t(max_extent.width) * std::size_t(max_extent.height), "gray frame");
  s.d_atlas.allocate(atlas_pixels, "scale atlas");
  // Defined content between the levels (the table reads it; no box sum depends on it).
  detail::check_cuda(cudaMemset(s.d_atlas.ptr, 0, atlas_pixels), "cudaMemset");
  s.d_table.allocate(atlas_pixels, "atlas table");
  s.d_codes.allocate(std::max<std::size_t>(s.max_positions, 1), "first-stage codes");
  s.d_levels.allocate(std::max<std::size_t>(levels.size(), 1), "level geometry");
  for (auto& list : s.d_list) list.allocate(std::max<std::size_t>(s.max_positions, 1), "window list");
  s.d_counts.allocate(s.stage_groups.size() + 1, "window counters");
  s.h_levels.allocate(levels.size());
  s.h_list.allocate(s.max_positions);
  s.h_count.allocate(1);
  if (s.atlas_rows > 1) s.table_plan = std::make_unique<Plan>(ElementType::U8ToSumSq, Extent{pitch, s.atlas_rows});
  for (cudaEvent_t& e : s.events) detail::check_cuda(cudaEventCreate(&e), "cudaEventCreate");
}

CudaDetect::~CudaDetect() = default;

void CudaDetect::run(ConstImage8 frame, const std::vector<ScaleLevel>& levels, std::vector<Box>& candidates,
                     DetectTimes& times, bool timed, cudaStream_t stream) {
  State& s = *s_;
  if (levels.empty()) return;
  if (levels.size() > s.origins.size())
    throw Error(ErrorCode::InvalidArgument, kCall, "more scales than the detector was sized for");
  if (timed) detail::check_cuda(cudaEventRecord(s.events[0], stream), "cudaEventRecord");

  // Level geometry for this frame (smaller frames reuse the largest frame's atlas cells).
  int offset = 0, max_w = 0, max_h = 0, max_cols = 0, max_rows = 0, used_rows = 1;
  for (std::size_t k = 0; k < levels.size(); ++k) {
    const ScaleLevel& l = levels[k];
    LevelGeometry g;
    g.width = l.size.width, g.height = l.size.height;
    g.ox = s.origins[k].first, g.oy = s.origins[k].second;
    g.step = l.step;
    g.cols = (l.positions.width + l.step - 1) / l.step;
    g.rows = (l.positions.height + l.step - 1) / l.step;
    g.code_offset = offset;
    offset += g.cols * g.rows;
    s.h_levels.ptr[k] = g;
    max_w = std::max(max_w, g.width), max_h = std::max(max_h, g.height);
    max_cols = std::max(max_cols, g.cols), max_rows = std::max(max_rows, g.rows);
    used_rows = std::max(used_rows, g.oy + g.height);
  }
  const unsigned nlevels = unsigned(levels.size());
  detail::check_cuda(cudaMemcpyAsync(s.d_levels.ptr, s.h_levels.ptr, nlevels * sizeof(LevelGeometry),
                                     cudaMemcpyHostToDevice, stream),
                     "cudaMemcpyAsync");
  detail::check_cuda(cudaMemsetAsync(s.d_counts.ptr, 0, s.d_counts.count * sizeof(unsigned), stream), "cudaMemsetAsync");

  // 1. The pyramid.
  const uint8_t* gray = frame.data;
  std::size_t gray_pitch = frame.pitch;
  if (frame.channels != 1) {
    filters::cuda_to_gray(frame, s.d_gray.ptr, std::size_t(frame.width), stream);
    gray = s.d_gray.ptr, gray_pitch = std::size_t(frame.width);
  }
  const dim3 block(32, 8);
  resize_levels_kernel<<<dim3(unsigned(detail::ceil_div(max_w, 32)), unsigned(detail::ceil_div(max_h, 8)), nlevels), block, 0,
                         stream>>>(gray, gray_pitch, frame.width, frame.height, s.d_levels.ptr, s.d_atlas.ptr, s.atlas_pitch);
  detail::check_launch("sat::detect::resize_levels_kernel");
  if (timed) detail::check_cuda(cudaEventRecord(s.events[1], stream), "cudaEventRecord");

  // 2. One table for the whole atlas (the rows in use).
  const Problem table{ElementType::U8ToSumSq, {s.atlas_pitch, used_rows}, s.d_atlas.ptr, std::size_t(s.atlas_pitch),
                      s.d_table.ptr, std::size_t(s.atlas_pitch) * sizeof(SumSq)};
  s.table_plan->run(table, stream);
  if (timed) detail::check_cuda(cudaEventRecord(s.events[2], stream), "cudaEventRecord");

  // 3. Variance and stage 0 everywhere, then the row walk into list 0.
  const CascadeView view = s.device_view();
  first_stage_kernel<<<dim3(unsigned(detail::ceil_div(max_cols, 32)), unsigned(detail::ceil_div(max_rows, 8)), nlevels),
                       block, 0, stream>>>(view, s.d_table.ptr, s.atlas_pitch, s.d_levels.ptr, s.d_codes.ptr);
  detail::check_launch("sat::detect::first_stage_kernel");
  walk_rows_kernel<<<dim3(unsigned(detail::ceil_div(max_rows, 128)), nlevels), 128, 0, stream>>>(
      s.d_levels.ptr, s.d_codes.ptr, s.d_list[0].ptr, s.d_counts.ptr);
  detail::check_launch("sat::detect::walk_rows_kernel");

  // 4. The other stages in groups, compacting between groups: counter g counts list g's input.
  int from = 0;
  for (std::size_t g = 0; g < s.stage_groups.size(); ++g) {
    stages_kernel<<<unsigned(s.persistent_blocks), 256, 0, stream>>>(
        view, s.d_table.ptr, s.atlas_pitch, s.d_levels.ptr, s.d_list[from].ptr, s.d_counts.ptr + g,
        s.stage_groups[g].first, s.stage_groups[g].second, s.d_list[1 - from].ptr, s.d_counts.ptr + g + 1);
    detail::check_launch("sat::detect::stages_kernel");
    from = 1 - from;
  }
  const std::size_t last_counter = s.stage_groups.size();
  if (timed) detail::check_cuda(cudaEventRecord(s.events[3], stream), "cudaEventRecord");

  // 5. The accepted windows to the host, in the CPU backend's order.
  detail::check_cuda(cudaMemcpyAsync(s.h_count.ptr, s.d_counts.ptr + last_counter, sizeof(unsigned),
                                     cudaMemcpyDeviceToHost, stream),
                     "cudaMemcpyAsync");
  detail::check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  const unsigned count = *s.h_count.ptr;
  if (count > 0) {
    detail::check_cuda(cudaMemcpyAsync(s.h_list.ptr, s.d_list[from].ptr, count * sizeof(Window), cudaMemcpyDeviceToHost,
                                       stream),
                       "cudaMemcpyAsync");
    detail::check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  }
  Window* begin = s.h_list.ptr;
  std::sort(begin, begin + count, [](const Window& a, const Window& b) {
    return std::make_tuple(a.level, a.xy >> 16, a.xy & 0xffffu) < std::make_tuple(b.level, b.xy >> 16, b.xy & 0xffffu);
  });
  for (unsigned i = 0; i < count; ++i)
    candidates.push_back(window_box(levels[begin[i].level], int(begin[i].xy & 0xffffu), int(begin[i].xy >> 16)));

  if (timed) {
    float ms[3] = {0, 0, 0};
    for (int k = 0; k < 3; ++k)
      detail::check_cuda(cudaEventElapsedTime(&ms[k], s.events[k], s.events[k + 1]), "cudaEventElapsedTime");
    times.pyramid_ms += ms[0], times.tables_ms += ms[1], times.cascade_ms += ms[2];
  }
}

}  // namespace sat::detect
