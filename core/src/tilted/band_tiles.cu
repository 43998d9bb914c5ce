// Step 3 of the tilted table (tilted.h): a block writes the R rows of one band over C table
// columns. Thread j owns table column X = X0 − R + j of the band (R columns of halo each side)
// and pixel column X − 1, whose R pixels it loads at once into registers. The in-band triangles
// follow OpenCV's recurrence (docs/algorithms.md), one table row a step:
//
//   b[s][X] = b[s−1][X−1] + b[s−1][X+1] − b[s−2][X] + a[y₀+s−1][X−1] + a[y₀+s−2][X−1]
//
// with b[0] = b[−1] = 0 and rows outside the band 0; neighbours' values pass through shared
// memory (double-buffered: one barrier a step). The edge threads read 0 for the neighbour they
// lack, wrong values that spread one column a step: after R steps the C middle columns are still
// exact. Each value then adds A_k − B_k of the row above the band (the upright table of the band
// sums, row k − 1), whose two segments the block reads once into shared memory. Float tiles run
// the same recurrence and A − B on the finite parts and, in u32, on the non-finite counts
// (non_finite.h, TileCounts), and write tilted_value() of the three.
#include "launch/launch.h"
#include "tilted/non_finite.h"
#include "tilted/tilted.h"

namespace sat::detail {
namespace {

constexpr int kR = kTiltedBandRows;
constexpr int kC = kTiltedTileColumns;
constexpr int kThreads = kC + 2 * kR;

// The non-finite counts of a tile (float images; tilted/non_finite.h): the same recurrence and
// the same A − B in u32, for the +inf-or-NaN and the −inf-or-NaN pixels. Empty for 8-bit images.
template <bool kCounts>
struct TileCounts {
  struct Step {};
  __device__ void begin_band() {}
  __device__ void set_pixel(int, uint8_t) {}
  __device__ void load(const BandSums&, int, int, int, int, int) {}
  __device__ void start(int) {}
  __device__ Step step(int, int, int, bool) { return {}; }
};
template <>
struct TileCounts<true> {
  struct Step {
    uint32_t up, down;  // the value's counts: above the band and in it
  };
  uint32_t (*up_triangle)[kThreads], (*down_triangle)[kThreads];                  // b[s − 1] of the counts (shared)
  uint32_t *above_up_right, *above_up_left, *above_down_right, *above_down_left;  // A_k, B_k (shared)
  uint32_t up_pixels = 0, down_pixels = 0;  // bit r: pixel r of this column is counted
  uint32_t up_before = 0, up_previous = 0, down_before = 0, down_previous = 0;

  // Row k − 1 of the counts' upright tables at the columns the block reads (thread j < C + R).
  __device__ void load(const BandSums& tables, int k, int j, int c, int s, int sums_width) {
    uint32_t ur = 0, ul = 0, dr = 0, dl = 0;
    if (k > 0) {
      const std::size_t row = tables.pitch * std::size_t(k - 1);
      const u32x2* up = reinterpret_cast<const u32x2*>(static_cast<const char*>(tables.up) + row);
      const u32x2* down = reinterpret_cast<const u32x2*>(static_cast<const char*>(tables.down) + row);
      if (c >= 0 && c < sums_width) ur = up[c].x, dr = down[c].x;
      if (s >= 0 && s < sums_width) ul = up[s].y, dl = down[s].y;
    }
    above_up_right[j] = ur, above_up_left[j] = ul, above_down_right[j] = dr, above_down_left[j] = dl;
  }
  __device__ void begin_band() { up_pixels = down_pixels = up_before = up_previous = down_before = down_previous = 0; }
  __device__ void set_pixel(int r, float v) {
    up_pixels |= up_count(v) << r;
    down_pixels |= down_count(v) << r;
  }
  __device__ void start(int j) { up_triangle[0][j] = down_triangle[0][j] = 0; }
  // Step s (1 ≤ s ≤ R) of the recurrence in buffer `current`; the counts of the value.
  __device__ Step step(int s, int current, int j, bool writes) {
    const auto pixels = [&](uint32_t bits) {
      return ((bits >> (s - 1)) & 1u) + (s >= 2 ? (bits >> (s - 2)) & 1u : 0u);
    };
    const uint32_t up = (j > 0 ? up_triangle[current][j - 1] : 0u) +
                        (j + 1 < kThreads ? up_triangle[current][j + 1] : 0u) - up_before + pixels(up_pixels);
    const uint32_t down = (j > 0 ? down_triangle[current][j - 1] : 0u) +
                          (j + 1 < kThreads ? down_triangle[current][j + 1] : 0u) - down_before + pixels(down_pixels);
    up_before = up_previous, up_previous = up;
    down_before = down_previous, down_previous = down;
    up_triangle[current ^ 1][j] = up;
    down_triangle[current ^ 1][j] = down;
    if (!writes) return {};
    return {above_up_right[j - kR + s - 1] - above_up_left[j - s] + up,
            above_down_right[j - kR + s - 1] - above_down_left[j - s] + down};
  }
};

template <class In>
__global__ void __launch_bounds__(kThreads)
    band_tiles_kernel(Extent image, const char* __restrict__ input, std::size_t input_pitch, BandSums tables,
                      char* __restrict__ out, std::size_t out_pitch, int bands) {
  using Types = TiltedTypes<In>;
  using Out = typename Types::Out;
  using Band = typename Types::Band;
  using Pair = typename Types::Pair;
  __shared__ Band triangle[2][kThreads];  // b[s − 1] (double-buffered)
  __shared__ Out above_right[kC + kR];    // A_k over the columns the tile reads
  __shared__ Out above_left[kC + kR];     // B_k likewise
  TileCounts<Types::kCounts> counts;
  if constexpr (Types::kCounts) {
    __shared__ uint32_t up_triangle[2][kThreads], down_triangle[2][kThreads];
    __shared__ uint32_t above_counts[4][kC + kR];
    counts.up_triangle = up_triangle, counts.down_triangle = down_triangle;
    counts.above_up_right = above_counts[0], counts.above_up_left = above_counts[1];
    counts.above_down_right = above_counts[2], counts.above_down_left = above_counts[3];
  }
  const int j = threadIdx.x;
  const int X0 = blockIdx.x * kC;
  const int X = X0 - kR + j;
  const bool writes = j >= kR && j < kR + kC && X <= image.width;
  const int sums_width = image.width + image.height;
  for (int k = blockIdx.y; k < bands; k += gridDim.y) {
    const int y0 = k * kR;
    const int steps = min(kR, image.height - y0);
    // This column's pixels (x = X − 1) of the band, 0 outside the image; their finite parts
    // (non_finite.h), the counts' bits beside them.
    In pixel[kR];
    const int x = X - 1;
    const bool inside = x >= 0 && x < image.width;
    counts.begin_band();
#pragma unroll
    for (int r = 0; r < kR; ++r) {
      const In v =
          inside && r < steps ? reinterpret_cast<const In*>(input + input_pitch * std::size_t(y0 + r))[x] : In{};
      counts.set_pixel(r, v);
      pixel[r] = finite_part(v);
    }
    // A_k(X + Y − 2) at step s is above_right[j − R + s − 1]; B_k(X − Y − 1 + H) is above_left[j − s].
    if (j < kC + kR) {
      const int c = X0 + y0 - 1 + j, s = X0 - y0 - kR - 1 + image.height + j;
      Out a{}, b{};
      if (k > 0) {
        const Pair* sums =
            reinterpret_cast<const Pair*>(static_cast<const char*>(tables.sums) + tables.pitch * std::size_t(k - 1));
        if (c >= 0 && c < sums_width) a = sums[c].x;
        if (s >= 0 && s < sums_width) b = sums[s].y;
      }
      above_right[j] = a;
      above_left[j] = b;
      counts.load(tables, k, j, c, s, sums_width);
    }
    if (k == 0 && writes) reinterpret_cast<Out*>(out)[X] = Out{};  // row 0
    triangle[0][j] = Band{};
    counts.start(j);
    __syncthreads();
    Band before_previous{}, previous{};
    int current = 0;
#pragma unroll
    for (int s = 1; s <= kR; ++s) {
      if (s > steps) break;  // the same for the whole block
      const Band left = j > 0 ? triangle[current][j - 1] : Band{};
      const Band right = j + 1 < kThreads ? triangle[current][j + 1] : Band{};
      const Band value = left + right - before_previous + Band(pixel[s - 1]) + (s >= 2 ? Band(pixel[s - 2]) : Band{});
      before_previous = previous;
      previous = value;
      triangle[current ^ 1][j] = value;
      const auto step_counts = counts.step(s, current, j, writes);
      if (writes) {
        const int Y = y0 + s;
        Out* row = reinterpret_cast<Out*>(out + out_pitch * std::size_t(Y));
        if constexpr (Types::kCounts)
          row[X] = tilted_value(Band(above_right[j - kR + s - 1]) - Band(above_left[j - s]) + value, step_counts.up,
                                step_counts.down);
        else
          row[X] = above_right[j - kR + s - 1] - above_left[j - s] + value;  // u32 wrap-around
      }
      current ^= 1;
      __syncthreads();
    }
  }
}

}  // namespace

void tilted_band_tiles(ElementType type, Extent image, const void* input, std::size_t input_pitch,
                       const BandSums& tables, void* out, std::size_t out_pitch, cudaStream_t stream) {
  const int bands = band_sums_extent(image).height;
  const dim3 grid(ceil_div(image.width + 1, kC), band_grid_rows(bands));
  const auto* in = static_cast<const char*>(input);
  auto* o = static_cast<char*>(out);
  if (type == ElementType::U8ToU32)
    band_tiles_kernel<uint8_t><<<grid, kThreads, 0, stream>>>(image, in, input_pitch, tables, o, out_pitch, bands);
  else
    band_tiles_kernel<float><<<grid, kThreads, 0, stream>>>(image, in, input_pitch, tables, o, out_pitch, bands);
  check_launch("band_tiles_kernel");
}

}  // namespace sat::detail
