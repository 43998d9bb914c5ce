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
// sums, row k − 1), whose two segments the block reads once into shared memory.
#include "dispatch/launch.h"
#include "tilted/tilted.h"

namespace sat::detail {
namespace {

constexpr int kR = kTiltedBandRows;
constexpr int kC = kTiltedTileColumns;
constexpr int kThreads = kC + 2 * kR;

template <class In>
__global__ void __launch_bounds__(kThreads) band_tiles_kernel(Extent image, const char* __restrict__ input,
                                                              std::size_t input_pitch,
                                                              const char* __restrict__ sums_table,
                                                              std::size_t sums_pitch, char* __restrict__ out,
                                                              std::size_t out_pitch, int bands) {
  using Out = typename TiltedTypes<In>::Out;
  using Band = typename TiltedTypes<In>::Band;
  using Pair = typename TiltedTypes<In>::Pair;
  __shared__ Band triangle[2][kThreads];   // b[s − 1] (double-buffered)
  __shared__ Out above_right[kC + kR];     // A_k over the columns the tile reads
  __shared__ Out above_left[kC + kR];      // B_k likewise
  const int j = threadIdx.x;
  const int X0 = blockIdx.x * kC;
  const int X = X0 - kR + j;
  const bool writes = j >= kR && j < kR + kC && X <= image.width;
  const int sums_width = image.width + image.height;
  for (int k = blockIdx.y; k < bands; k += gridDim.y) {
    const int y0 = k * kR;
    const int steps = min(kR, image.height - y0);
    // This column's pixels (x = X − 1) of the band, 0 outside the image.
    In pixel[kR];
    const int x = X - 1;
    const bool inside = x >= 0 && x < image.width;
#pragma unroll
    for (int r = 0; r < kR; ++r)
      pixel[r] = inside && r < steps ? reinterpret_cast<const In*>(input + input_pitch * std::size_t(y0 + r))[x] : In{};
    // A_k(X + Y − 2) at step s is above_right[j − R + s − 1]; B_k(X − Y − 1 + H) is above_left[j − s].
    if (j < kC + kR) {
      Out a{}, b{};
      if (k > 0) {
        const Pair* sums = reinterpret_cast<const Pair*>(sums_table + sums_pitch * std::size_t(k - 1));
        const int c = X0 + y0 - 1 + j, s = X0 - y0 - kR - 1 + image.height + j;
        if (c >= 0 && c < sums_width) a = sums[c].x;
        if (s >= 0 && s < sums_width) b = sums[s].y;
      }
      above_right[j] = a;
      above_left[j] = b;
    }
    if (k == 0 && writes) reinterpret_cast<Out*>(out)[X] = Out{};  // row 0
    triangle[0][j] = Band{};
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
      if (writes) {
        const int Y = y0 + s;
        Out* row = reinterpret_cast<Out*>(out + out_pitch * std::size_t(Y));
        if constexpr (sizeof(Band) == sizeof(Out))
          row[X] = above_right[j - kR + s - 1] - above_left[j - s] + value;
        else
          row[X] = Out(Band(above_right[j - kR + s - 1]) - Band(above_left[j - s]) + value);
      }
      current ^= 1;
      __syncthreads();
    }
  }
}

}  // namespace

void tilted_band_tiles(ElementType type, Extent image, const void* input, std::size_t input_pitch,
                       const void* sums_table, std::size_t sums_pitch, void* out, std::size_t out_pitch,
                       cudaStream_t stream) {
  const int bands = band_sums_extent(image).height;
  const dim3 grid(ceil_div(image.width + 1, kC), band_grid_rows(bands));
  const auto* in = static_cast<const char*>(input);
  const auto* s = static_cast<const char*>(sums_table);
  auto* o = static_cast<char*>(out);
  if (type == ElementType::U8ToU32)
    band_tiles_kernel<uint8_t><<<grid, kThreads, 0, stream>>>(image, in, input_pitch, s, sums_pitch, o, out_pitch,
                                                             bands);
  else
    band_tiles_kernel<float><<<grid, kThreads, 0, stream>>>(image, in, input_pitch, s, sums_pitch, o, out_pitch,
                                                           bands);
  check_launch("band_tiles_kernel");
}

}  // namespace sat::detail
