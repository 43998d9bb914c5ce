// Rotating device buffer sets for one case.
#include "buffer_sets.h"

#include <algorithm>

namespace satbench {
namespace {

std::size_t round_up(std::size_t bytes, std::size_t to) { return (bytes + to - 1) / to * to; }

constexpr int kMaxSets = 4096;

}  // namespace

BufferSets::BufferSets(const HostImage& image, std::size_t rotate_bytes, cudaStream_t stream)
    : type_(image.type), extent_(image.extent), input_pitch_(image.input_pitch), output_pitch_(image.output_pitch) {
  const std::size_t in = image.input_bytes(), out = image.output_bytes();
  const std::size_t padded_table =
      std::size_t(extent_.width + 1) * std::size_t(extent_.height + 1) * sat::output_element_size(type_);
  input_region_ = round_up(in, 256);
  output_region_ = round_up(std::max(out, padded_table), 256);
  stride_ = input_region_ + output_region_;
  copy_bytes_ = (in + out) / 2;
  if (copy_bytes_ >= 256) copy_bytes_ = copy_bytes_ / 256 * 256;  // aligned copies, as large images have anyway

  const std::size_t wanted = std::max<std::size_t>(1, (rotate_bytes + stride_ - 1) / stride_);
  count_ = int(std::min<std::size_t>(wanted, kMaxSets));
  for (;;) {  // fewer sets rather than none when memory is short
    try {
      memory_ = sat::DeviceBuffer(stride_ * std::size_t(count_));
      break;
    } catch (const sat::Error& e) {
      if (e.code() != sat::ErrorCode::OutOfMemory || count_ == 1) throw;
      count_ = std::max(1, count_ / 2);
    }
  }
  SAT_CUDA_CHECK(cudaMemsetAsync(memory_.data(), 0, memory_.size(), stream));
  SAT_CUDA_CHECK(cudaMemcpyAsync(base(0), image.input.data(), in, cudaMemcpyHostToDevice, stream));
  for (int k = 1; k < count_; ++k)
    SAT_CUDA_CHECK(cudaMemcpyAsync(base(k), base(0), in, cudaMemcpyDeviceToDevice, stream));
  SAT_CUDA_CHECK(cudaStreamSynchronize(stream));
}

sat::Problem BufferSets::problem(int k) const {
  return sat::Problem{type_, extent_, input(k), input_pitch_, output(k), output_pitch_};
}

void BufferSets::poison_output(int k, cudaStream_t stream) const {
  SAT_CUDA_CHECK(cudaMemsetAsync(output(k), 0xFF, output_region_, stream));
}

}  // namespace satbench
