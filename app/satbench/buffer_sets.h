// The device side of one case: several sets of (input, output) to rotate through while timing, so
// that small sizes are not served from L2 (both the copy baseline and the algorithms rotate alike).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "common/cuda/cuda_check.h"
#include "host_image.h"
#include "sat/sat.h"
#include "sat/support/buffers.h"

namespace satbench {

// One allocation of count() sets; set k is
//   [ input (dense rows, padded to 256 B) | output region (padded to 256 B) ]
// The output region also holds a (W+1) x (H+1) table (NPP's layout). The copy baseline of set k
// reads its first copy_bytes() and writes the next copy_bytes(): (input + output bytes) / 2 each,
// i.e. the bytes of one read of the input plus one write of the output — for float32 n x n exactly
// input -> output.
class BufferSets {
 public:
  // Enough sets that count() x set_bytes() >= rotate_bytes (at least one), each with the image's
  // input. Throws sat::Error (ErrorCode::OutOfMemory) when even one set does not fit.
  BufferSets(const HostImage& image, std::size_t rotate_bytes, cudaStream_t stream);

  int count() const { return count_; }
  std::size_t set_bytes() const { return stride_; }
  std::size_t output_region_bytes() const { return output_region_; }
  std::size_t copy_bytes() const { return copy_bytes_; }

  const unsigned char* input(int k) const { return base(k); }
  unsigned char* output(int k) const { return base(k) + input_region_; }
  const unsigned char* copy_source(int k) const { return base(k); }
  unsigned char* copy_destination(int k) const { return base(k) + copy_bytes_; }
  // sat::compute's problem on set k (dense pitches, as the host image).
  sat::Problem problem(int k) const;
  // Fills set k's output region with 0xFF bytes (NaN for floats), so that a method which writes
  // nothing cannot pass the check on what an earlier one left there.
  void poison_output(int k, cudaStream_t stream) const;

 private:
  unsigned char* base(int k) const { return memory_.data() + stride_ * std::size_t(k); }

  sat::ElementType type_;
  sat::Extent extent_;
  std::size_t input_pitch_, output_pitch_;
  std::size_t input_region_ = 0, output_region_ = 0, stride_ = 0, copy_bytes_ = 0;
  int count_ = 1;
  sat::DeviceBuffer memory_;
};

}  // namespace satbench
