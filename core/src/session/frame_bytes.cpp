#include "session/frame_bytes.h"

#include "sat/support/cuda_check.h"

namespace sat::session {

ConstImageView DeviceFrame::upload(ConstImageView host, cudaStream_t stream) {
  const std::size_t bytes = span_bytes(host);
  if (linear_.size() < bytes) {
    linear_ = DeviceBuffer();  // the old buffer first
    linear_ = DeviceBuffer(bytes);
  }
  if (bytes > 0) SAT_CUDA_CHECK(cudaMemcpyAsync(linear_.data(), host.data, bytes, cudaMemcpyHostToDevice, stream));
  return {linear_.data(), host.pitch, host.width, host.height, host.channels, host.sample};
}

ImageView DeviceFrame::image(int width, int height, int channels, SampleType sample) {
  const std::size_t row = row_bytes({nullptr, 0, width, height, channels, sample}), rows = std::size_t(height);
  if (pitched_.empty() || pitched_.row_bytes() < row || pitched_.rows() < rows) {
    pitched_ = PitchedBuffer();
    pitched_ = PitchedBuffer(row, rows);
  }
  return {pitched_.data(), pitched_.pitch(), width, height, channels, sample};
}

void DeviceFrame::release() {
  linear_ = DeviceBuffer();
  pitched_ = PitchedBuffer();
}

void download(ConstImageView device, ImageView host, cudaStream_t stream) {
  SAT_CUDA_CHECK(cudaMemcpy2DAsync(host.data, host.pitch, device.data, device.pitch, row_bytes(host),
                                   std::size_t(host.height), cudaMemcpyDeviceToHost, stream));
}

}  // namespace sat::session
