// Tensor: DLPack import and export, result allocation, and the event that orders consumers after
// the last write.
#include "tensor.h"

#include <Python.h>
#include <dlpack/dlpack.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "cuda_call.h"

namespace satpy {
namespace {

constexpr const char* kCapsuleName = "dltensor";
constexpr const char* kUsedCapsuleName = "used_dltensor";

// NumPy's name of a DLPack element type ("complex64", "bool", "bfloat16", ...).
std::string dtype_name(const DLDataType& t) {
  constexpr uint8_t kBool = 6;  // kDLBool (DLPack ≥ 0.8; older headers lack the name)
  std::string name;
  switch (t.code) {
    case kDLInt:
      name = "int" + std::to_string(t.bits);
      break;
    case kDLUInt:
      name = "uint" + std::to_string(t.bits);
      break;
    case kDLFloat:
      name = "float" + std::to_string(t.bits);
      break;
    case kDLBfloat:
      name = "bfloat" + std::to_string(t.bits);
      break;
    case kDLComplex:
      name = "complex" + std::to_string(t.bits);
      break;
    case kDLOpaqueHandle:
      name = "opaque handle";
      break;
    case kBool:
      name = "bool";
      break;
    default:
      name = "DLPack type code " + std::to_string(int(t.code)) + " of " + std::to_string(t.bits) + " bits";
  }
  return t.lanes == 1 ? name : name + " x " + std::to_string(t.lanes) + " lanes";
}

DType dtype_of(const DLDataType& t) {
  if (t.lanes == 1 && t.code == kDLUInt && t.bits == 8) return DType::U8;
  if (t.lanes == 1 && t.code == kDLUInt && t.bits == 16) return DType::U16;
  if (t.lanes == 1 && t.code == kDLUInt && t.bits == 32) return DType::U32;
  if (t.lanes == 1 && t.code == kDLUInt && t.bits == 64) return DType::U64;
  if (t.lanes == 1 && t.code == kDLFloat && t.bits == 32) return DType::F32;
  throw std::invalid_argument("dtype " + dtype_name(t) +
                              " is not supported (uint8, uint16 or float32 images; see satcore's documentation)");
}

DLDataType dl_dtype(DType d) {
  const uint8_t bits = uint8_t(item_size(d) * 8);
  return {uint8_t(d == DType::F32 ? kDLFloat : kDLUInt), bits, 1};
}

Device device_of(const DLDevice& d) {
  switch (d.device_type) {
    case kDLCPU:
    case kDLCUDAHost:
      return {false, 0};  // pinned host memory is host memory to the CPU backend
    case kDLCUDA:
      return {true, d.device_id};
    default:
      throw std::invalid_argument("arrays on DLPack device type " + std::to_string(int(d.device_type)) +
                                  " are not supported (CPU or CUDA)");
  }
}

std::vector<int64_t> contiguous_strides(const std::vector<int64_t>& shape, std::size_t item) {
  std::vector<int64_t> s(shape.size());
  int64_t stride = int64_t(item);
  for (std::size_t i = shape.size(); i-- > 0;) {
    s[i] = stride;
    stride *= shape[i];
  }
  return s;
}

// What an exported capsule owns: the shape and strides arrays DLPack points at, and a share of
// the memory.
template <class Keeper>
struct ExportContext {
  DLManagedTensor managed{};
  std::vector<int64_t> shape, strides;  // strides in elements
  std::shared_ptr<Keeper> keeper;
};

}  // namespace

std::size_t item_size(DType d) {
  switch (d) {
    case DType::U8:
      return 1;
    case DType::U16:
      return 2;
    case DType::U32:
      return 4;
    case DType::U64:
      return 8;
    case DType::F32:
      return 4;
  }
  return 0;
}

const char* numpy_name(DType d) {
  switch (d) {
    case DType::U8:
      return "uint8";
    case DType::U16:
      return "uint16";
    case DType::U32:
      return "uint32";
    case DType::U64:
      return "uint64";
    case DType::F32:
      return "float32";
  }
  return "?";
}

char typestr_kind(DType d) { return d == DType::F32 ? 'f' : 'u'; }

std::string typestr_name(const std::string& typestr) {
  const std::string quoted = "'" + typestr + "'";
  if (typestr.size() < 3) return quoted;
  const char order = typestr[0], kind = typestr[1];
  const std::string digits = typestr.substr(2);
  if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 3) return quoted;
  const int bits = std::stoi(digits) * 8;
  std::string name;
  switch (kind) {
    case 'b':
      name = bits == 8 ? "bool" : quoted;
      break;
    case 'i':
      name = "int" + std::to_string(bits);
      break;
    case 'u':
      name = "uint" + std::to_string(bits);
      break;
    case 'f':
      name = "float" + std::to_string(bits);
      break;
    case 'c':
      name = "complex" + std::to_string(bits);
      break;
    default:
      return quoted;
  }
  return order == '>' ? "big-endian " + name : name;
}

struct Tensor::Keeper {
  DLManagedTensor* imported = nullptr;  // a producer's tensor, given back through its deleter
  void* memory = nullptr;               // or memory of ours
  Device device;
  cudaEvent_t written = nullptr;        // recorded after the last write (CUDA results)
  cudaStream_t writer = nullptr;        // the stream of that write
  std::vector<cudaStream_t> consumers;  // streams it was handed to through DLPack

  ~Keeper() {
    if (imported && imported->deleter) imported->deleter(imported);
    if (!device.cuda) {
      std::free(memory);
      return;
    }
    // Errors are ignored here: a destructor cannot report them.
    const DeviceScope scope(device.id, std::nothrow);
    if (memory) free_after_every_user();
    if (written) cudaEventDestroy(written);
  }

  // Our device memory goes back in stream order, after the write and after the work every
  // DLPack consumer had queued on its stream by now: no host wait. (The writer's stream may be
  // gone by now, so the free is queued on the legacy default stream, which always exists.)
  void free_after_every_user() {
    bool ordered = !written || cudaStreamWaitEvent(cudaStreamLegacy, written, 0) == cudaSuccess;
    for (cudaStream_t s : consumers) {
      cudaEvent_t done = nullptr;
      ordered = ordered && cudaEventCreateWithFlags(&done, cudaEventDisableTiming) == cudaSuccess &&
                cudaEventRecord(done, s) == cudaSuccess &&
                cudaStreamWaitEvent(cudaStreamLegacy, done, 0) == cudaSuccess;
      if (done) cudaEventDestroy(done);
    }
    if (!ordered) {  // a consumer stream was destroyed meanwhile: wait for everything instead
      cudaGetLastError();
      cudaDeviceSynchronize();
    }
    cudaFreeAsync(memory, cudaStreamLegacy);
  }
};

int64_t Tensor::element_count() const {
  int64_t n = 1;
  for (int64_t d : shape_) n *= d;
  return n;
}

Tensor Tensor::from_dlpack_capsule(void* capsule_object) {
  auto* capsule = static_cast<PyObject*>(capsule_object);
  if (!PyCapsule_IsValid(capsule, kCapsuleName))
    throw std::invalid_argument("__dlpack__() did not return an unused DLPack capsule named 'dltensor'");
  auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, kCapsuleName));
  Tensor t;
  t.keeper_ = std::make_shared<Keeper>();
  t.keeper_->imported = managed;  // ours from here on: the capsule no longer deletes it
  PyCapsule_SetName(capsule, kUsedCapsuleName);
  const DLTensor& dl = managed->dl_tensor;
  t.dtype_ = dtype_of(dl.dtype);
  t.device_ = device_of(dl.device);
  t.keeper_->device = t.device_;
  t.keeper_->imported = managed;
  t.data_ = static_cast<char*>(dl.data) + dl.byte_offset;
  t.shape_.assign(dl.shape, dl.shape + dl.ndim);
  if (dl.strides) {
    for (int i = 0; i < dl.ndim; ++i) t.strides_.push_back(dl.strides[i] * int64_t(item_size(t.dtype_)));
  } else {
    t.strides_ = contiguous_strides(t.shape_, item_size(t.dtype_));
  }
  return t;
}

Tensor Tensor::view(std::uintptr_t data, std::vector<int64_t> shape, std::vector<int64_t> byte_strides, DType dtype,
                    Device device) {
  Tensor t;
  t.data_ = reinterpret_cast<void*>(data);
  t.dtype_ = dtype;
  t.device_ = device;
  t.strides_ = byte_strides.empty() ? contiguous_strides(shape, item_size(dtype)) : std::move(byte_strides);
  t.shape_ = std::move(shape);
  if (t.strides_.size() != t.shape_.size()) throw std::invalid_argument("strides and shape differ in length");
  return t;
}

Tensor Tensor::allocate(std::vector<int64_t> shape, DType dtype, Device device, cudaStream_t stream) {
  Tensor t;
  t.dtype_ = dtype;
  t.device_ = device;
  t.owned_ = true;
  t.strides_ = contiguous_strides(shape, item_size(dtype));
  t.shape_ = std::move(shape);
  t.keeper_ = std::make_shared<Keeper>();
  t.keeper_->device = device;
  const std::size_t bytes = std::max<std::size_t>(1, std::size_t(t.element_count()) * item_size(dtype));
  if (device.cuda) {
    const DeviceScope scope(device.id);
    cuda_call(cudaMallocAsync(&t.keeper_->memory, bytes, stream), "cudaMallocAsync (result)");
    t.data_ = t.keeper_->memory;
    t.mark_written(stream);  // even a result never written is freed after its allocation
  } else {
    t.keeper_->memory = std::aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (!t.keeper_->memory) throw std::bad_alloc();
  }
  t.data_ = t.keeper_->memory;
  return t;
}

void Tensor::mark_written(cudaStream_t stream) {
  if (!device_.cuda || !keeper_) return;
  const DeviceScope scope(device_.id);
  if (!keeper_->written)
    cuda_call(cudaEventCreateWithFlags(&keeper_->written, cudaEventDisableTiming), "cudaEventCreate");
  cuda_call(cudaEventRecord(keeper_->written, stream), "cudaEventRecord");
  keeper_->writer = stream;
}

std::intptr_t Tensor::writer_stream() const {
  if (!device_.cuda || !keeper_ || !keeper_->written) return 0;
  // The array interface's numbers: 1 = legacy default stream, 2 = per-thread default stream.
  if (keeper_->writer == nullptr || keeper_->writer == cudaStreamLegacy) return 1;
  if (keeper_->writer == cudaStreamPerThread) return 2;
  return reinterpret_cast<std::intptr_t>(keeper_->writer);
}

void* Tensor::to_dlpack_capsule(std::intptr_t consumer_stream) const {
  if (device_.cuda && keeper_ && keeper_->written && consumer_stream != -1) {
    // DLPack's stream numbers: 1 = legacy default stream, 2 = per-thread default stream.
    const cudaStream_t s = consumer_stream == 1   ? cudaStreamLegacy
                           : consumer_stream == 2 ? cudaStreamPerThread
                                                  : reinterpret_cast<cudaStream_t>(consumer_stream);
    const DeviceScope scope(device_.id);
    cuda_call(cudaStreamWaitEvent(s, keeper_->written, 0), "cudaStreamWaitEvent (DLPack consumer stream)");
  }
  if (device_.cuda && keeper_ && keeper_->memory && consumer_stream != -1) {
    const cudaStream_t s = consumer_stream == 1   ? cudaStreamLegacy
                           : consumer_stream == 2 ? cudaStreamPerThread
                                                  : reinterpret_cast<cudaStream_t>(consumer_stream);
    auto& c = keeper_->consumers;
    if (std::find(c.begin(), c.end(), s) == c.end()) c.push_back(s);
  }
  auto* ctx = new ExportContext<Keeper>;
  ctx->keeper = keeper_;
  ctx->shape = shape_;
  for (int64_t s : strides_) ctx->strides.push_back(s / int64_t(item_size(dtype_)));
  DLTensor& dl = ctx->managed.dl_tensor;
  dl.data = data_;
  dl.device = {device_.cuda ? kDLCUDA : kDLCPU, device_.id};
  dl.ndim = int(shape_.size());
  dl.dtype = dl_dtype(dtype_);
  dl.shape = ctx->shape.data();
  dl.strides = ctx->strides.data();
  dl.byte_offset = 0;
  ctx->managed.manager_ctx = ctx;
  ctx->managed.deleter = [](DLManagedTensor* self) { delete static_cast<ExportContext<Keeper>*>(self->manager_ctx); };
  // A capsule nobody consumed deletes its tensor itself; a consumed one was renamed.
  PyObject* capsule = PyCapsule_New(&ctx->managed, kCapsuleName, [](PyObject* cap) {
    if (PyCapsule_IsValid(cap, kCapsuleName)) {
      auto* m = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(cap, kCapsuleName));
      m->deleter(m);
    }
  });
  if (!capsule) {
    delete ctx;
    throw std::runtime_error("PyCapsule_New failed");
  }
  return capsule;
}

}  // namespace satpy
