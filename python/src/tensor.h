// Tensor: what the Python module knows of an array — where its bytes are (host or a CUDA
// device), its element type, shape and strides — and who keeps those bytes alive. Built from a
// DLPack capsule (zero-copy view of a torch/CuPy/NumPy/JAX array), from raw fields
// (__cuda_array_interface__), or allocated by the module for a result; exported again through
// DLPack, __cuda_array_interface__ or __array_interface__ without a copy.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct DLManagedTensor;

namespace satpy {

enum class DType { U8, U16, U32, U64, F32 };
std::size_t item_size(DType dtype);
const char* numpy_name(DType dtype);  // "uint8", ...
char typestr_kind(DType dtype);       // 'u' or 'f' (array interface typestr is "<" kind bytes)
// NumPy's name of an array-interface typestr ("<c8" → "complex64", "|b1" → "bool").
std::string typestr_name(const std::string& typestr);

struct Device {
  bool cuda = false;  // else host memory
  int id = 0;         // CUDA ordinal (0 for host)
};

class Tensor {
 public:
  // A view of a DLPack capsule named "dltensor"; renames it "used_dltensor" and calls the
  // producer's deleter when the last copy of this Tensor is gone.
  static Tensor from_dlpack_capsule(void* capsule_object);
  // A view of memory someone else keeps alive (strides in bytes; empty = C-contiguous).
  static Tensor view(std::uintptr_t data, std::vector<int64_t> shape, std::vector<int64_t> byte_strides, DType dtype,
                     Device device);
  // New C-contiguous memory: cudaMallocAsync on `stream` for a device, aligned host memory else.
  static Tensor allocate(std::vector<int64_t> shape, DType dtype, Device device, cudaStream_t stream);

  void* data() const { return data_; }
  DType dtype() const { return dtype_; }
  const Device& device() const { return device_; }
  const std::vector<int64_t>& shape() const { return shape_; }
  const std::vector<int64_t>& byte_strides() const { return strides_; }
  int64_t element_count() const;
  bool owned() const { return owned_; }  // memory of this module (a result)

  // After work producing this tensor was enqueued on `stream`: consumers exporting it on another
  // stream wait for that work (an event), never for the whole device.
  void mark_written(cudaStream_t stream);
  // The stream of the last write as __cuda_array_interface__ v3 numbers it (1 = legacy default,
  // 2 = per-thread default), 0 when nothing is pending (host memory, or never written).
  std::intptr_t writer_stream() const;
  // DLPack export: a new capsule "dltensor" sharing the memory; `consumer_stream` (CUDA: a
  // cudaStream_t value, DLPack's 1 = legacy default, 2 = per-thread default) waits for the last
  // write first, and memory of ours is freed only after the work queued on it.
  void* to_dlpack_capsule(std::intptr_t consumer_stream) const;

 private:
  struct Keeper;  // owns or pins the memory; records the last write
  std::shared_ptr<Keeper> keeper_;
  void* data_ = nullptr;
  DType dtype_ = DType::U8;
  Device device_;
  std::vector<int64_t> shape_;
  std::vector<int64_t> strides_;  // bytes
  bool owned_ = false;
};

}  // namespace satpy
