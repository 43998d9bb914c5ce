// The cub-scan-1d peer: cub::DeviceScan::InclusiveSum per element type, two-phase (size, run).
#include <thrust/iterator/transform_iterator.h>
#include <cub/device/device_scan.cuh>
#include <cub/version.cuh>

#include <cstdint>
#include <string>

#include "common/cuda/cuda_check.h"
#include "peer_cub.h"

namespace satbench {
namespace {

// The widening casts of the integer types, applied as CUB loads (CCCL's transform iterator; CUB 3
// dropped its own TransformInputIterator). The sums are then u32 / u32x4: cuda::std::plus<> on
// them is satcore's operator+ (sat/types.h), wrapping modulo 2^32 as satcore's tables do.
struct WidenU8 {
  __host__ __device__ std::uint32_t operator()(std::uint8_t x) const { return x; }
};
struct WidenU8x4 {
  __host__ __device__ sat::u32x4 operator()(sat::u8x4 v) const { return {v.x, v.y, v.z, v.w}; }
};

// InclusiveSum for `type`: with temp == nullptr CUB only writes temp_bytes (the sizing phase).
cudaError_t inclusive_sum(sat::ElementType type, void* temp, std::size_t& temp_bytes, const void* input, void* output,
                          std::uint32_t count, cudaStream_t stream) {
  using cub::DeviceScan;
  switch (type) {
    case sat::ElementType::F32ToF32:
      return DeviceScan::InclusiveSum(temp, temp_bytes, static_cast<const float*>(input), static_cast<float*>(output),
                                      count, stream);
    case sat::ElementType::U8ToU32:
      return DeviceScan::InclusiveSum(
          temp, temp_bytes, thrust::make_transform_iterator(static_cast<const std::uint8_t*>(input), WidenU8{}),
          static_cast<std::uint32_t*>(output), count, stream);
    case sat::ElementType::U8x4ToU32x4:
      return DeviceScan::InclusiveSum(
          temp, temp_bytes, thrust::make_transform_iterator(static_cast<const sat::u8x4*>(input), WidenU8x4{}),
          static_cast<sat::u32x4*>(output), count, stream);
    default:
      return cudaErrorNotSupported;  // not reached: the constructor accepts supports() only
  }
}

}  // namespace

std::string CubScan::description() {
  return "CUB " + std::to_string(CUB_MAJOR_VERSION) + "." + std::to_string(CUB_MINOR_VERSION) + "." +
         std::to_string(CUB_SUBMINOR_VERSION) + " cub::DeviceScan::InclusiveSum (1-D)";
}

bool CubScan::supports(sat::ElementType type) {
  return type == sat::ElementType::F32ToF32 || type == sat::ElementType::U8ToU32 ||
         type == sat::ElementType::U8x4ToU32x4;
}

CubScan::CubScan(sat::ElementType type, std::size_t count) : type_(type), count_(std::uint32_t(count)) {
  if (!supports(type))
    throw sat::Error(sat::ErrorCode::Unsupported, "cub-scan-1d",
                     std::string("no 1-D scan for ") + sat::to_string(type));
  if (count == 0 || count > kMaxCount)
    throw sat::Error(sat::ErrorCode::Unsupported, "cub-scan-1d",
                     std::to_string(count) + " elements: 32-bit offsets take 1 to 2^32 - 1");
  SAT_CUDA_CHECK(inclusive_sum(type_, nullptr, temp_bytes_, nullptr, nullptr, count_, nullptr));
  // At least one byte: a null pointer would make the timed call another sizing query.
  temp_ = sat::DeviceBuffer(temp_bytes_ ? temp_bytes_ : 1);
}

void CubScan::run(const void* input, void* output, cudaStream_t stream) const {
  std::size_t bytes = temp_.size();
  SAT_CUDA_CHECK(inclusive_sum(type_, temp_.data(), bytes, input, output, count_, stream));
}

}  // namespace satbench
