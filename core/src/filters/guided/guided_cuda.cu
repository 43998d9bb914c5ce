// The guided filter's passes on the GPU: steps 1 and 3 one thread per pixel (step 3 as an
// interior kernel of 4-tap window sums and a border kernel for the rest, as filter_pass.cuh
// splits its passes and for the same reason), step 5 in filter_pass.cuh's kernels.
#include <algorithm>
#include <cstdint>

#include "filters/filter_pass.cuh"
#include "filters/grid.cuh"
#include "filters/guided/guided_backend.h"
#include "filters/guided/guided_passes.h"
#include "launch/launch.h"
#include "tuning/filter_policy.h"

namespace sat::filters::guided {
namespace {

// The pixels outside an interior rectangle, one index each: first the rows above and below it
// (every pixel), then, on its rows, the columns left and right of it.
struct BorderPixels {
  int width = 0;
  int top = 0, bottom = 0;  // the interior's rows: top … bottom − 1 (none: 0, 0)
  int left = 0, right = 0;  // its columns: left … right − 1
  int64_t band = 0;         // indices of the rows above and below
  int side = 0;             // pixels per interior row outside it
  int64_t count = 0;

  BorderPixels(const InteriorRect& r, int w, int h) : width(w) {
    if (!r.empty()) {
      top = r.y.lo;
      bottom = r.y.hi + 1;
      left = r.x.lo;
      right = r.x.hi + 1;
    }
    band = int64_t(h - (bottom - top)) * w;
    side = left + (w - right);
    count = band + int64_t(bottom - top) * side;
  }

  __device__ void at(int64_t t, int& x, int& y) const {
    if (t < band) {
      const int r = int(t / width);
      x = int(t % width);
      y = r < top ? r : r - top + bottom;
      return;
    }
    t -= band;
    const int s = int(t % side);
    y = top + int(t / side);
    x = s < left ? s : right + s - left;
  }
};

template <Variant kVariant>
__global__ void inputs_kernel(Job job) {
  const int x = column();
  if (x >= job.width) return;
  for (int y = first_row(); y < job.height; y += row_stride()) write_inputs<kVariant>(job, x, y);
}

template <Variant kVariant>
__global__ void coefficients_interior_kernel(Job job, InteriorRect r) {
  const int x = r.x.lo + column();
  if (x > r.x.hi) return;
  for (int y = r.y.lo + first_row(); y <= r.y.hi; y += row_stride())
    write_coefficients<kVariant, Path::Interior>(job, job.input_box.row(y), x, y);
}

template <Variant kVariant>
__global__ void coefficients_border_kernel(Job job, BorderPixels b) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t t = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; t < b.count; t += stride) {
    int x, y;
    b.at(t, x, y);
    write_coefficients<kVariant, Path::Any>(job, job.input_box.row(y), x, y);
  }
}

// Step 5 of a 16-bit gray job, one thread per pixel (columns coalesced, rows strided).
__global__ void output16_kernel(Job job) {
  const int x = column();
  if (x >= job.width) return;
  for (int y = first_row(); y < job.height; y += row_stride()) {
    int64_t t[2];
    window_sums<Path::Any, 1, true>(job.tables, job.coefficient_box, job.coefficient_box.row(y), x, y, t);
    const auto* px = reinterpret_cast<const uint16_t*>(row_ptr(job.src, job.src_pitch, y)) + x;
    self_gray_output(t, px, job, reinterpret_cast<uint16_t*>(row_ptr(job.dst, job.dst_pitch, y)) + x);
  }
}

}  // namespace

void cuda_inputs(const Job& job, cudaStream_t stream) {
  with_variant(job.variant, [&](auto variant) {
    constexpr Variant v = decltype(variant)::value;
    if constexpr (v != Variant::SelfGray) {
      inputs_kernel<v><<<pixel_grid(job.width, job.height), pixel_block(), 0, stream>>>(job);
      detail::check_launch("sat::filters::guided inputs");
    }
  });
}

void cuda_coefficients(const Job& job, cudaStream_t stream) {
  with_variant(job.variant, [&](auto variant) {
    constexpr Variant v = decltype(variant)::value;
    const InteriorRect interior = job.input_box.interior();
    if (!interior.empty()) {
      const dim3 grid = pixel_grid(interior.x.hi - interior.x.lo + 1, interior.y.hi - interior.y.lo + 1);
      coefficients_interior_kernel<v><<<grid, pixel_block(), 0, stream>>>(job, interior);
      detail::check_launch("sat::filters::guided coefficients");
    }
    const BorderPixels border(interior, job.width, job.height);
    if (border.count > 0) {
      using Policy = detail::FilterLaunchPolicy;
      coefficients_border_kernel<v>
          <<<Policy::border_blocks(border.count), Policy::kBorderThreads, 0, stream>>>(job, border);
      detail::check_launch("sat::filters::guided coefficients (border)");
    }
  });
}

void cuda_output(const Job& job, cudaStream_t stream) {
  if (job.sixteen) {
    output16_kernel<<<pixel_grid(job.width, job.height), pixel_block(), 0, stream>>>(job);
    detail::check_launch("sat::filters::guided output (16-bit)");
    return;
  }
  with_variant(job.variant, [&](auto variant) {
    constexpr Variant v = decltype(variant)::value;
    with_channels(job.channels, [&](auto channels) {
      constexpr int cn = decltype(channels)::value;
      if constexpr ((v == Variant::SelfGray) == (cn == 1))
        launch_filter_pass(OutputPass<v, cn>(job), stream, "sat::filters::guided output");
    });
  });
}

}  // namespace sat::filters::guided
