#include "pipeline/pixel_probe.h"

#include <cstring>

#include "common/cuda/cuda_check.h"

namespace satlab {

PixelProbe::PixelProbe() : bytes_(4) {}

const unsigned char* PixelProbe::exchange(const void* pixel, int channels, int sample_bytes, int x, int y,
                                          cudaStream_t stream) {
  if (pending_.channels) {
    const cudaError_t status = cudaEventQuery(copied_.get());
    if (status != cudaErrorNotReady) {
      SAT_CUDA_CHECK(status);
      answer_ = pending_;
      std::memcpy(answer_bytes_, bytes_.data(), sizeof answer_bytes_);
      pending_ = {};
    }
  }
  if (!pending_.channels && pixel) {
    // A BGRA pixel's alpha is not shown: at most 3 samples, 4 bytes.
    const int bytes = channels == 1 ? sample_bytes : 3;
    SAT_CUDA_CHECK(cudaMemcpyAsync(bytes_.data(), pixel, std::size_t(bytes), cudaMemcpyDeviceToHost, stream));
    SAT_CUDA_CHECK(cudaEventRecord(copied_.get(), stream));
    pending_ = {x, y, channels, sample_bytes};
  }
  if (!answer_.channels || answer_.x != x || answer_.y != y || answer_.sample_bytes != sample_bytes) return nullptr;
  return answer_bytes_;
}

int PixelProbe::probe(sat::ConstImage8 image, int x, int y, cudaStream_t stream, cv::Vec3b& value) {
  const bool inside = image.data && x >= 0 && y >= 0 && x < image.width && y < image.height;
  const uint8_t* pixel = inside ? image.data + y * image.pitch + std::size_t(x) * image.channels : nullptr;
  const unsigned char* b = exchange(pixel, image.channels, 1, x, y, stream);
  if (!b) return 0;
  value = answer_.channels == 1 ? cv::Vec3b(b[0], 0, 0) : cv::Vec3b(b[0], b[1], b[2]);
  return answer_.channels == 1 ? 1 : 3;
}

int PixelProbe::probe(sat::ConstImage16 image, int x, int y, cudaStream_t stream, uint16_t& value) {
  const bool inside = image.data && image.channels == 1 && x >= 0 && y >= 0 && x < image.width && y < image.height;
  const void* pixel =
      inside ? reinterpret_cast<const uint8_t*>(image.data) + y * image.pitch + std::size_t(x) * 2 : nullptr;
  const unsigned char* b = exchange(pixel, 1, 2, x, y, stream);
  if (!b) return 0;
  std::memcpy(&value, b, sizeof value);  // the host's byte order, as the GPU's
  return 1;
}

}  // namespace satlab
