#include "pipeline/pixel_probe.h"

#include "common/cuda/cuda_check.h"

namespace satlab {

PixelProbe::PixelProbe() : bytes_(4) {}

int PixelProbe::probe(sat::ConstImage8 image, int x, int y, cudaStream_t stream, cv::Vec3b& value) {
  if (pending_.channels) {
    const cudaError_t status = cudaEventQuery(copied_.get());
    if (status != cudaErrorNotReady) {
      SAT_CUDA_CHECK(status);
      const unsigned char* b = bytes_.data();
      answer_ = pending_;
      answer_value_ = pending_.channels == 1 ? cv::Vec3b(b[0], 0, 0) : cv::Vec3b(b[0], b[1], b[2]);
      pending_ = {};
    }
  }
  const bool inside = image.data && x >= 0 && y >= 0 && x < image.width && y < image.height;
  if (!pending_.channels && inside) {
    SAT_CUDA_CHECK(cudaMemcpyAsync(bytes_.data(), image.data + y * image.pitch + std::size_t(x) * image.channels,
                                   image.channels, cudaMemcpyDeviceToHost, stream));
    SAT_CUDA_CHECK(cudaEventRecord(copied_.get(), stream));
    pending_ = {x, y, image.channels};
  }
  if (!answer_.channels || answer_.x != x || answer_.y != y) return 0;
  value = answer_value_;
  return answer_.channels == 1 ? 1 : 3;
}

}  // namespace satlab
