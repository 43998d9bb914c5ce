// The last step of the tilted table: each value the difference of one value of each sheared
// upright table (tilted.h). One thread a value; a warp reads 32 consecutive values of each table.
#include "dispatch/launch.h"
#include "support/element_traits.h"
#include "tilted/tilted.h"

namespace sat::detail {
namespace {

template <class Acc>
__device__ Acc value_at(const char* table, std::size_t pitch, int row, int column) {
  return column < 0 ? Acc{} : reinterpret_cast<const Acc*>(table + pitch * std::size_t(row))[column];
}

template <class Acc>
__global__ void tilted_from_sheared_kernel(Extent image, const char* right_of, const char* left_of,
                                           std::size_t sheared_pitch, char* out, std::size_t out_pitch) {
  const int X = blockIdx.x * blockDim.x + threadIdx.x;
  if (X > image.width) return;
  for (int Y = blockIdx.y; Y <= image.height; Y += gridDim.y) {
    Acc t{};
    if (Y > 0) {
    // Right of the triangle: x + y ≤ X + Y − 2, column u = X + Y − 2 of the +y shear (−1 at X = 0,
    // Y = 1: nothing). Left of it: x − y ≤ X − Y − 1, column v = X − Y − 1 + H − 1 of the −y shear.
      t = value_at<Acc>(right_of, sheared_pitch, Y - 1, X + Y - 2) -
          value_at<Acc>(left_of, sheared_pitch, Y - 1, X - Y + image.height - 2);
    }
    reinterpret_cast<Acc*>(out + out_pitch * std::size_t(Y))[X] = t;
  }
}

}  // namespace

void tilted_from_sheared(ElementType type, Extent image, const void* right_of, const void* left_of,
                         std::size_t sheared_pitch, void* out, std::size_t out_pitch, cudaStream_t stream) {
  constexpr int kThreads = 256;
  constexpr int kMaxGridY = 65535;  // rows beyond it loop in the kernel
  const dim3 grid(ceil_div(image.width + 1, kThreads), image.height + 1 < kMaxGridY ? image.height + 1 : kMaxGridY);
  const auto* r = static_cast<const char*>(right_of);
  const auto* l = static_cast<const char*>(left_of);
  auto* o = static_cast<char*>(out);
  if (type == ElementType::U8ToU32)
    tilted_from_sheared_kernel<uint32_t><<<grid, kThreads, 0, stream>>>(image, r, l, sheared_pitch, o, out_pitch);
  else
    tilted_from_sheared_kernel<float><<<grid, kThreads, 0, stream>>>(image, r, l, sheared_pitch, o, out_pitch);
  check_launch("tilted_from_sheared_kernel");
}

}  // namespace sat::detail
