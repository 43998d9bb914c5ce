// Step 1 of the tilted table (tilted.h): S(k, c) = Σ_{y in band k} {a[y][c − y], a[y][c + y − H]},
// each band's pixels summed along the anti-diagonal and the diagonal through (c, band's top row)
// — the rows a band adds to A and B; for float images, the finite pixels' sums and the counts of
// the non-finite ones (non_finite.h).
#include "launch/launch.h"
#include "tilted/non_finite.h"
#include "tilted/tilted.h"

namespace sat::detail {
namespace {

constexpr int kThreads = 256;

// One thread per (band, sheared column c), walking the band's rows down both diagonals through c.
// A warp reads consecutive pixels of a row at each step. (Measured on an NVIDIA H100: staging the
// band in shared memory first, or loading every pixel into registers before summing, was slower.)
template <class In>
__global__ void __launch_bounds__(kThreads)
    band_sums_kernel(Extent image, const char* __restrict__ input, std::size_t input_pitch, BandSums out, int bands) {
  using Types = TiltedTypes<In>;
  using Sum = typename Types::Band;
  using Pair = typename Types::Pair;
  using Value = decltype(Pair{}.x);
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= image.width + image.height) return;
  for (int k = blockIdx.y; k < bands; k += gridDim.y) {
    const int y0 = k * kTiltedBandRows, rows = min(kTiltedBandRows, image.height - y0);
    // Row r of the band holds the anti-diagonal's pixel at x = c − y₀ − r (inside the image for
    // r in [c − y₀ − W + 1, c − y₀]) and the diagonal's at x = c + y₀ + r − H (r in
    // [H − c − y₀, H − c − y₀ + W − 1]): byte offsets that step one row and one pixel a row,
    // outside the image where the row range says so, and never read there.
    const int anti_from = max(0, c - y0 - image.width + 1), anti_to = min(rows, c - y0 + 1);
    const int diag_from = max(0, image.height - c - y0), diag_to = min(rows, image.height - c - y0 + image.width);
    const std::ptrdiff_t pitch = std::ptrdiff_t(input_pitch), pixel = std::ptrdiff_t(sizeof(In));
    std::ptrdiff_t anti = pitch * y0 + (c - y0) * pixel, diag = pitch * y0 + (c + y0 - image.height) * pixel;
    Sum anti_sum{}, diag_sum{};
    u32x2 up{0, 0}, down{0, 0};  // non-finite counts (float only): x anti-diagonal, y diagonal
    // One pixel into a diagonal's sum and counts.
    const auto add = [&](std::ptrdiff_t offset, Sum& sum, uint32_t& up_n, uint32_t& down_n) {
      const In v = *reinterpret_cast<const In*>(input + offset);
      sum += Sum(finite_part(v));
      if constexpr (Types::kCounts) up_n += up_count(v), down_n += down_count(v);
    };
#pragma unroll 16
    for (int r = 0; r < kTiltedBandRows; ++r) {
      if (r >= anti_from && r < anti_to) add(anti, anti_sum, up.x, down.x);
      if (r >= diag_from && r < diag_to) add(diag, diag_sum, up.y, down.y);
      anti += pitch - pixel;
      diag += pitch + pixel;
    }
    const std::size_t row = out.pitch * std::size_t(k);
    reinterpret_cast<Pair*>(static_cast<char*>(out.sums) + row)[c] = Pair{Value(anti_sum), Value(diag_sum)};
    if constexpr (Types::kCounts) {
      reinterpret_cast<u32x2*>(static_cast<char*>(out.up) + row)[c] = up;
      reinterpret_cast<u32x2*>(static_cast<char*>(out.down) + row)[c] = down;
    }
  }
}

}  // namespace

void tilted_band_sums(ElementType type, Extent image, const void* input, std::size_t input_pitch, const BandSums& sums,
                      cudaStream_t stream) {
  const int bands = band_sums_extent(image).height;
  const dim3 grid(ceil_div(image.width + image.height, kThreads), band_grid_rows(bands));
  const auto* in = static_cast<const char*>(input);
  if (type == ElementType::U8ToU32)
    band_sums_kernel<uint8_t><<<grid, kThreads, 0, stream>>>(image, in, input_pitch, sums, bands);
  else
    band_sums_kernel<float><<<grid, kThreads, 0, stream>>>(image, in, input_pitch, sums, bands);
  check_launch("band_sums_kernel");
}

}  // namespace sat::detail
