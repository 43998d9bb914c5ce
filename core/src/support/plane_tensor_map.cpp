#include "support/plane_tensor_map.h"

#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cstdint>

namespace sat::detail {
namespace {

// The driver's encoder, through the runtime (satcore does not link the driver library).
PFN_cuTensorMapEncodeTiled_v12000 tensor_map_encoder() {
  static const PFN_cuTensorMapEncodeTiled_v12000 encoder = [] {
    void* fn = nullptr;
    cudaDriverEntryPointQueryResult found{};
    if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000, cudaEnableDefault, &found) !=
            cudaSuccess ||
        found != cudaDriverEntryPointSuccess) {
      (void)cudaGetLastError();
      fn = nullptr;
    }
    return reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(fn);
  }();
  return encoder;
}

bool data_type_of(std::size_t element_bytes, CUtensorMapDataType& type) {
  switch (element_bytes) {
    case 1:
      type = CU_TENSOR_MAP_DATA_TYPE_UINT8;
      return true;
    case 2:
      type = CU_TENSOR_MAP_DATA_TYPE_UINT16;
      return true;
    case 4:
      type = CU_TENSOR_MAP_DATA_TYPE_UINT32;
      return true;
    case 8:
      type = CU_TENSOR_MAP_DATA_TYPE_UINT64;
      return true;
    default:
      return false;
  }
}

}  // namespace

bool encode_plane_tensor_map(CUtensorMap& map, const PlaneStack& images, int box) {
  constexpr std::size_t kAlign = 16;  // the copy engine's alignment of the base and the strides
  CUtensorMapDataType type{};
  if (!data_type_of(images.element_bytes, type)) return false;
  const std::size_t plane_stride = images.planes > 1 ? images.plane_stride : images.pitch * std::size_t(images.height);
  if (reinterpret_cast<std::uintptr_t>(images.data) % kAlign != 0 || images.pitch % kAlign != 0 ||
      plane_stride % kAlign != 0 || (std::size_t(box) * images.element_bytes) % kAlign != 0 || box > 256 ||
      images.width <= 0 || images.height <= 0 || images.planes <= 0)
    return false;
  const PFN_cuTensorMapEncodeTiled_v12000 encode = tensor_map_encoder();
  if (!encode) return false;
  const cuuint64_t dims[3] = {cuuint64_t(images.width), cuuint64_t(images.height), cuuint64_t(images.planes)};
  const cuuint64_t strides[2] = {cuuint64_t(images.pitch), cuuint64_t(plane_stride)};
  const cuuint32_t box_dims[3] = {cuuint32_t(box), cuuint32_t(box), 1};
  const cuuint32_t element_strides[3] = {1, 1, 1};
  return encode(&map, type, 3, const_cast<void*>(images.data), dims, strides, box_dims, element_strides,
                CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) == CUDA_SUCCESS;
}

}  // namespace sat::detail
