#include "common/cuda/cuda_check.h"
#include "scenes/shadows/moment_encoding.h"
#include "scenes/shadows/moment_table.h"
#include "scenes/shadows/moment_table_cuda.h"

namespace satlab::shadows {

namespace {

// One thread per texel. Reads through a texture object with point sampling at texel centres:
// the mapped GL array needs no surface flag and no copy into linear memory.
template <MomentPrecision P>
__global__ void encode_moments(cudaTextureObject_t moments, int size, void* out, std::size_t pitch) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= size || y >= size) return;
  const float2 m = tex2D<float2>(moments, x + 0.5f, y + 0.5f);
  char* row = static_cast<char*>(out) + std::size_t(y) * pitch;
  if constexpr (P == MomentPrecision::Fixed32) {
    reinterpret_cast<sat::u32x2*>(row)[x] = encode_fixed(m.x, m.y, kFixedScale);
  } else {
    reinterpret_cast<sat::f32x2*>(row)[x] = encode_float(m.x, m.y, P == MomentPrecision::Float32Centered);
  }
}

bool same_options(const sat::Options& a, const sat::Options& b) {
  return a.algorithm == b.algorithm && a.tile == b.tile && a.hybrid_r == b.hybrid_r;
}

}  // namespace

MomentTableCuda::~MomentTableCuda() { release(); }

void MomentTableCuda::release() noexcept {
  release_texture();
  plan_.reset();
  input_ = sat::PitchedBuffer();
  table_ = sat::PitchedBuffer();
  size_ = 0;
}

void MomentTableCuda::release_texture() noexcept {
  if (texture_) SATAPP_CUDA_CHECK_NOTHROW(cudaDestroyTextureObject(texture_));
  texture_ = 0;
}

void MomentTableCuda::reallocate(int size) {
  release();
  const std::size_t row = std::size_t(size) * kTableTexelBytes;
  input_ = sat::PitchedBuffer(row, std::size_t(size));
  table_ = sat::PitchedBuffer(row, std::size_t(size));
  size_ = size;
}

void MomentTableCuda::build(cudaArray_t moments, int size, MomentPrecision precision, const sat::Options& options,
                            cudaStream_t stream, CudaStageTimer* timer) {
  const sat::ElementType type = table_type(precision);
  if (size != size_) {
    SAT_CUDA_CHECK(cudaStreamSynchronize(stream));  // the old buffers may still be in use
    reallocate(size);
  }
  if (!plan_ || plan_->type() != type || !same_options(plan_->options(), options)) {
    SAT_CUDA_CHECK(cudaStreamSynchronize(stream));  // the old workspace may still be in use
    plan_.reset();
    plan_.emplace(type, sat::Extent{size, size}, options);  // throws for a combination satcore lacks
  }

  // The previous frame's texture object goes only once nothing queued can still sample it.
  SAT_CUDA_CHECK(cudaStreamSynchronize(stream));
  release_texture();
  cudaResourceDesc resource{};
  resource.resType = cudaResourceTypeArray;
  resource.res.array.array = moments;
  cudaTextureDesc sampling{};
  sampling.addressMode[0] = sampling.addressMode[1] = cudaAddressModeClamp;
  sampling.filterMode = cudaFilterModePoint;
  sampling.readMode = cudaReadModeElementType;
  SAT_CUDA_CHECK(cudaCreateTextureObject(&texture_, &resource, &sampling, nullptr));

  if (timer) timer->begin(ShadowStage::Encode, stream);
  const dim3 block(32, 8), grid((size + 31) / 32, (size + 7) / 8);
  switch (precision) {
    case MomentPrecision::Float32:
      encode_moments<MomentPrecision::Float32>
          <<<grid, block, 0, stream>>>(texture_, size, input_.data(), input_.pitch());
      break;
    case MomentPrecision::Float32Centered:
      encode_moments<MomentPrecision::Float32Centered>
          <<<grid, block, 0, stream>>>(texture_, size, input_.data(), input_.pitch());
      break;
    case MomentPrecision::Fixed32:
      encode_moments<MomentPrecision::Fixed32>
          <<<grid, block, 0, stream>>>(texture_, size, input_.data(), input_.pitch());
      break;
  }
  SAT_CUDA_CHECK(cudaGetLastError());
  if (timer) timer->end(ShadowStage::Encode, stream);

  if (timer) timer->begin(ShadowStage::Table, stream);
  plan_->run({type, {size, size}, input_.data(), input_.pitch(), table_.data(), table_.pitch()}, stream);
  if (timer) timer->end(ShadowStage::Table, stream);
}

void MomentTableCuda::copy_to(cudaArray_t table_array, cudaStream_t stream, CudaStageTimer* timer) const {
  if (timer) timer->begin(ShadowStage::ToTexture, stream);
  SAT_CUDA_CHECK(cudaMemcpy2DToArrayAsync(table_array, 0, 0, table_.data(), table_.pitch(),
                                          std::size_t(size_) * kTableTexelBytes, size_, cudaMemcpyDeviceToDevice,
                                          stream));
  if (timer) timer->end(ShadowStage::ToTexture, stream);
}

}  // namespace satlab::shadows
