// CUB's cub::DeviceScan::InclusiveSum as a GPU peer (method "cub-scan-1d"): one 1-D inclusive
// prefix sum over all elements of a case in memory order (H x W of every plane; one decoupled
// look-back chain), reading the case's input bytes and writing its output bytes. It computes no
// table: it is the public best single-pass scan, the bound a one-pass SAT kernel is held against.
// CUB comes with the CUDA toolkit (header-only); this header names none of its types, so that
// host code compiled without nvcc can use it.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "sat/sat.h"
#include "sat/support/buffers.h"

namespace satbench {

class CubScan {
 public:
  // e.g. "CUB 3.0.1 cub::DeviceScan::InclusiveSum (1-D)": the CUB_VERSION satbench was compiled with.
  static std::string description();
  // f32 -> f32 (floats summed in float), u8 -> u32 (bytes widened by a transform iterator, sums
  // wrapping modulo 2^32), u8x4 -> u32x4 (each channel widened, a 16-byte u32x4 sum).
  static bool supports(sat::ElementType type);
  // CUB's offsets are 32-bit here, as in its common (fastest) use.
  static constexpr std::size_t kMaxCount = UINT32_MAX;

  // Asks CUB for the temporary storage of `count` elements of `type` and allocates it: once per
  // case, outside the timed runs. Throws sat::Error (ErrorCode::OutOfMemory when it does not fit),
  // sat::Error (Unsupported) for a type or count outside the above.
  CubScan(sat::ElementType type, std::size_t count);
  CubScan(const CubScan&) = delete;
  CubScan& operator=(const CubScan&) = delete;

  std::size_t temp_storage_bytes() const { return temp_bytes_; }

  // Enqueues output[i] = input[0] + ... + input[i] for i < count on `stream` (device pointers to
  // dense arrays of the type's input and output elements; no synchronisation). Throws
  // sat::Error.
  void run(const void* input, void* output, cudaStream_t stream) const;

 private:
  sat::ElementType type_;
  std::uint32_t count_;
  std::size_t temp_bytes_ = 0;
  sat::DeviceBuffer temp_;
};

}  // namespace satbench
