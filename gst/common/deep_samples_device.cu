// The device twins of deep_samples.cpp: one thread a sample.
#include "common/deep_samples_device.h"
#include "sat/support/cuda_check.h"

namespace sat_gst {
namespace {

// dst = min(src >> shift, max) << pack_shift: unshift is (shift, 0xffff, 0), pack (0, max, shift);
// with `rescale`, round(src · max / 65535) << pack_shift instead of the clamp.
__global__ void convert_kernel(const uint8_t* src, std::size_t src_pitch, uint8_t* dst, std::size_t dst_pitch,
                               int samples, int rows, int shift, unsigned max, int pack_shift, bool rescale) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= samples || y >= rows) return;
  const unsigned v = reinterpret_cast<const uint16_t*>(src + std::size_t(y) * src_pitch)[x] >> shift;
  const unsigned out = rescale ? (v * max + 32767u) / 65535u : min(v, max);
  reinterpret_cast<uint16_t*>(dst + std::size_t(y) * dst_pitch)[x] = uint16_t(out << pack_shift);
}

__global__ void fill_kernel(uint8_t* dst, std::size_t pitch, int samples, int rows, uint16_t value) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < samples && y < rows) reinterpret_cast<uint16_t*>(dst + std::size_t(y) * pitch)[x] = value;
}

dim3 grid_of(dim3 block, int samples, int rows) {
  return dim3((unsigned(samples) + block.x - 1) / block.x, (unsigned(rows) + block.y - 1) / block.y);
}

void convert(sat::ConstImage16 src, sat::Image16 dst, int shift, unsigned max, int pack_shift, bool rescale,
             cudaStream_t stream) {
  const int samples = src.width * src.channels;
  if (samples <= 0 || src.height <= 0) return;
  const dim3 block(32, 8);
  convert_kernel<<<grid_of(block, samples, src.height), block, 0, stream>>>(
      reinterpret_cast<const uint8_t*>(src.data), src.pitch, reinterpret_cast<uint8_t*>(dst.data), dst.pitch, samples,
      src.height, shift, max, pack_shift, rescale);
  SAT_CUDA_CHECK(cudaGetLastError());
}

}  // namespace

void unshift_samples_device(sat::ConstImage16 src, sat::Image16 dst, int shift, cudaStream_t stream) {
  convert(src, dst, shift, 0xffffu, 0, false, stream);
}

void pack_samples_device(sat::ConstImage16 src, sat::Image16 dst, unsigned max, int shift, cudaStream_t stream) {
  convert(src, dst, 0, max, shift, false, stream);
}

void rescale_samples_device(sat::ConstImage16 src, sat::Image16 dst, unsigned max, int shift, cudaStream_t stream) {
  convert(src, dst, 0, max, shift, true, stream);
}

void fill_samples_device(sat::Image16 dst, uint16_t value, cudaStream_t stream) {
  const int samples = dst.width * dst.channels;
  if (samples <= 0 || dst.height <= 0) return;
  const dim3 block(32, 8);
  fill_kernel<<<grid_of(block, samples, dst.height), block, 0, stream>>>(reinterpret_cast<uint8_t*>(dst.data),
                                                                         dst.pitch, samples, dst.height, value);
  SAT_CUDA_CHECK(cudaGetLastError());
}

}  // namespace sat_gst
