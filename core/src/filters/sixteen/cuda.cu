// The CUDA passes of the 16-bit filters: one thread per pixel over the inclusive table of the
// image (satcore's u64 or SumSq table of a 1-channel image; for colour, the u64 table of one
// channel at a time by two scans here: down the columns, then along the rows, one warp per row):
// 4 taps where its box lies inside the image, border.h's terms elsewhere, and the per-pixel rule
// of sixteen/ops.h and sixteen/window_ops.h, as the CPU passes apply it.
#include <cuda_runtime.h>

#include <cstdint>

#include "filters/sixteen/ops.h"
#include "filters/sixteen/window_ops.h"
#include "launch/launch.h"

namespace sat::filters {
namespace {

constexpr unsigned kFullMask = 0xffffffffu;

__device__ __forceinline__ uint64_t shfl_up(uint64_t v, int d) {
  return __shfl_up_sync(kFullMask, (unsigned long long)v, d);
}
__device__ __forceinline__ uint64_t shfl_last(uint64_t v) { return __shfl_sync(kFullMask, (unsigned long long)v, 31); }

// table[y][x] = Σ_{y' ≤ y} src[y'][x·cn + c]: one thread per column, coalesced along the row.
__global__ void column_scan16(const uint16_t* src, std::size_t src_pitch, int cn, int c, uint64_t* table,
                              std::size_t table_pitch, int width, int height) {
  const int x = int(blockIdx.x) * int(blockDim.x) + int(threadIdx.x);
  if (x >= width) return;
  uint64_t acc = 0;
  for (int y = 0; y < height; ++y) {
    acc += row_ptr(src, src_pitch, y)[std::size_t(x) * cn + c];
    row_ptr(table, table_pitch, y)[x] = acc;
  }
}

// The rows' inclusive prefix sums in place: one warp per row, 32 columns per step (a shuffle scan
// and the carry of the previous step).
__global__ void row_scan16(uint64_t* table, std::size_t table_pitch, int width, int height) {
  const int y = int(blockIdx.x) * int(blockDim.x / 32) + int(threadIdx.x / 32);
  const int lane = int(threadIdx.x % 32);
  if (y >= height) return;  // the whole warp
  uint64_t* row = row_ptr(table, table_pitch, y);
  uint64_t carry = 0;
  for (int x0 = 0; x0 < width; x0 += 32) {
    const int x = x0 + lane;
    uint64_t v = x < width ? row[x] : 0;
#pragma unroll
    for (int d = 1; d < 32; d *= 2) {
      const uint64_t n = shfl_up(v, d);
      if (lane >= d) v = v + n;
    }
    v = v + carry;
    if (x < width) row[x] = v;
    carry = shfl_last(v);
  }
}

template <class Pass>
__global__ void pass16_kernel(Pass pass, int width, int height) {
  const int x = int(blockIdx.x) * int(blockDim.x) + int(threadIdx.x);
  if (x >= width) return;
  for (int y = int(blockIdx.y) * int(blockDim.y) + int(threadIdx.y); y < height; y += int(gridDim.y * blockDim.y))
    pass(x, y);
}

template <class Pass>
void launch_pass16(const Pass& pass, int width, int height, cudaStream_t stream, const char* name) {
  const dim3 block(64, 4);
  const unsigned rows = unsigned((height + int(block.y) - 1) / int(block.y));
  const dim3 grid(unsigned((width + int(block.x) - 1) / int(block.x)), rows < 65535u ? rows : 65535u);
  pass16_kernel<<<grid, block, 0, stream>>>(pass, width, height);
  detail::check_launch(name);
}

BoxShape shape_of(const Box16Job& j) { return {j.width, j.height, j.kw, j.kh, j.ax, j.ay, j.border}; }

// Channel c of a box blur: its table's box sum, rounded at element x·cn + c. V = uint32_t where
// every box holds at most kMaxExactU16Pixels pixels (each rectangle's wrapped sum is then exact,
// box_sum.h), else uint64_t.
template <class V>
struct Box16Pass {
  Box16Job job;
  BoxShape shape;
  TableView<V> table;
  int c = 0;
  __device__ void operator()(int x, int y) const {
    const BoxSpan rows = box_span(y, shape.height, shape.kh, shape.ay);
    const uint64_t s = box_sum_at<Path::Any>(table, shape, rows, x, y);
    const int e = x * job.channels + c;
    row_ptr(job.dst, job.dst_pitch, y)[e] = round_box16(job.rounding, s, e);
  }
};

template <class V>
struct MeanC16Pass {
  MeanC16Job job;
  BoxShape shape;
  TableView<V> table;
  __device__ void operator()(int x, int y) const {
    const BoxSpan rows = box_span(y, shape.height, shape.kh, shape.ay);
    const int mean = round_box16(job.box.rounding, box_sum_at<Path::Any>(table, shape, rows, x, y), x);
    const int pixel = row_ptr(job.box.src, job.box.src_pitch, y)[x];
    row_ptr(job.box.dst, job.box.dst_pitch, y)[x] = mean_c16_pixel(job, pixel, mean);
  }
};

template <class V>
struct Bradley16Pass {
  Bradley16Job job;
  TableView<V> table;
  __device__ void operator()(int x, int y) const {
    const Box16Job& b = job.box;
    const BoxSpan rows = clipped_span(y, b.height, b.kh, b.ay);
    const BoxSpan cols = clipped_span(x, b.width, b.kw, b.ax);
    const uint64_t sum = rect(table, rows.lo, rows.hi, cols.lo, cols.hi);
    const int64_t count = (int64_t(rows.hi) - rows.lo + 1) * (int64_t(cols.hi) - cols.lo + 1);
    const uint16_t pixel = row_ptr(b.src, b.src_pitch, y)[x];
    row_ptr(b.dst, b.dst_pitch, y)[x] = bradley16_pixel(job, pixel, count, sum);
  }
};

struct Sauvola16Pass {
  Sauvola16Job job;
  BoxShape shape;
  TableView<SumSq> table;
  __device__ void operator()(int x, int y) const {
    const BoxSpan rows = box_span(y, shape.height, shape.kh, shape.ay);
    const SumSq s = box_sum_at<Path::Any>(table, shape, rows, x, y);
    const uint16_t pixel = row_ptr(job.box.src, job.box.src_pitch, y)[x];
    row_ptr(job.box.dst, job.box.dst_pitch, y)[x] = sauvola16_pixel(job, s, pixel);
  }
};

// Local statistics, Kuwahara, variable blur: the per-pixel rules of sixteen/window_ops.h.
struct LocalStats16Pass {
  LocalStats16Job job;
  BoxShape shape;
  TableView<SumSq> table;
  __device__ void operator()(int x, int y) const {
    const BoxSpan rows = box_span(y, shape.height, shape.kh, shape.ay);
    const SumSq s = box_sum_at<Path::Any>(table, shape, rows, x, y);
    const uint16_t pixel = job.output == LocalStat::Contrast ? row_ptr(job.box.src, job.box.src_pitch, y)[x] : 0;
    row_ptr(job.box.dst, job.box.dst_pitch, y)[x] = local_stat16(job, s, pixel);
  }
};

struct Kuwahara16Pass {
  Kuwahara16Job job;
  __device__ void operator()(int x, int y) const {
    row_ptr(job.dst, job.dst_pitch, y)[x] = kuwahara16_pixel(job, x, y);
  }
};

struct VariableBlur16Pass {
  VariableBlur16Job job;
  __device__ void operator()(int x, int y) const {
    row_ptr(job.dst, job.dst_pitch, y)[std::size_t(x) * job.channels + job.channel] = variable_blur16_value(job, x, y);
  }
};

template <class V>
TableView<V> packed(const void* table, int width) {
  return {static_cast<const V*>(table), std::size_t(width) * sizeof(V)};
}

}  // namespace

void cuda_channel_table16(const Box16Job& j, int c, uint64_t* table, cudaStream_t stream) {
  constexpr const char* name = "sat::filters::channel_table16";
  const std::size_t pitch = std::size_t(j.width) * sizeof(uint64_t);
  column_scan16<<<(j.width + 127) / 128, 128, 0, stream>>>(j.src, j.src_pitch, j.channels, c, table, pitch, j.width,
                                                           j.height);
  detail::check_launch(name);
  constexpr int kRowsPerBlock = 8;
  row_scan16<<<(j.height + kRowsPerBlock - 1) / kRowsPerBlock, 32 * kRowsPerBlock, 0, stream>>>(table, pitch, j.width,
                                                                                                j.height);
  detail::check_launch(name);
}

void cuda_box16(const Box16Job& job, void* table, cudaStream_t stream) {
  constexpr const char* name = "sat::filters::box16";
  auto* t = static_cast<uint64_t*>(table);
  if (job.channels == 1) {
    if (job.u32_table)
      launch_pass16(Box16Pass<uint32_t>{job, shape_of(job), packed<uint32_t>(t, job.width), 0}, job.width, job.height,
                    stream, name);
    else
      launch_pass16(Box16Pass<uint64_t>{job, shape_of(job), packed<uint64_t>(t, job.width), 0}, job.width, job.height,
                    stream, name);
    return;
  }
  // One channel at a time: channel c's pass writes only channel c of dst, so dst == src (in
  // place) leaves the channels still to come untouched.
  for (int c = 0; c < job.channels; ++c) {
    cuda_channel_table16(job, c, t, stream);
    launch_pass16(Box16Pass<uint64_t>{job, shape_of(job), packed<uint64_t>(t, job.width), c}, job.width, job.height,
                  stream, name);
  }
}

void cuda_mean_c16(const MeanC16Job& job, const void* table, cudaStream_t stream) {
  constexpr const char* name = "sat::filters::mean_c16";
  const BoxShape shape = shape_of(job.box);
  if (job.box.u32_table)
    launch_pass16(MeanC16Pass<uint32_t>{job, shape, packed<uint32_t>(table, job.box.width)}, job.box.width,
                  job.box.height, stream, name);
  else
    launch_pass16(MeanC16Pass<uint64_t>{job, shape, packed<uint64_t>(table, job.box.width)}, job.box.width,
                  job.box.height, stream, name);
}

void cuda_bradley16(const Bradley16Job& job, const void* table, cudaStream_t stream) {
  constexpr const char* name = "sat::filters::bradley16";
  if (job.box.u32_table)
    launch_pass16(Bradley16Pass<uint32_t>{job, packed<uint32_t>(table, job.box.width)}, job.box.width, job.box.height,
                  stream, name);
  else
    launch_pass16(Bradley16Pass<uint64_t>{job, packed<uint64_t>(table, job.box.width)}, job.box.width, job.box.height,
                  stream, name);
}

void cuda_sauvola16(const Sauvola16Job& job, const void* table, cudaStream_t stream) {
  const Sauvola16Pass pass{job, shape_of(job.box), packed<SumSq>(table, job.box.width)};
  launch_pass16(pass, job.box.width, job.box.height, stream, "sat::filters::sauvola16");
}

void cuda_local_stats16(const LocalStats16Job& job, const SumSq* table, cudaStream_t stream) {
  const LocalStats16Pass pass{job, shape_of(job.box), packed<SumSq>(table, job.box.width)};
  launch_pass16(pass, job.box.width, job.box.height, stream, "sat::filters::local_stats16");
}

void cuda_kuwahara16(const Kuwahara16Job& job, cudaStream_t stream) {
  launch_pass16(Kuwahara16Pass{job}, job.width, job.height, stream, "sat::filters::kuwahara16");
}

void cuda_variable_blur16(const VariableBlur16Job& job, cudaStream_t stream) {
  launch_pass16(VariableBlur16Pass{job}, job.width, job.height, stream, "sat::filters::variable_blur16");
}

}  // namespace sat::filters
