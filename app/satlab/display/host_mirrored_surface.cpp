#include "display/host_mirrored_surface.h"

#include <utility>

#include "common/cuda/cuda_check.h"
#include "sat/support/device_hang.h"

namespace satlab {

HostMirroredSurface::HostMirroredSurface(int width, int height)
    : array_(cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindUnsigned), width, height,
             cudaArraySurfaceLoadStore),
      surface_(array_.get()),
      host_(width, height, 4),
      copied_(std::in_place, cudaEventDisableTiming) {}

HostMirroredSurface::~HostMirroredSurface() { wait_for_copy(); }

HostMirroredSurface::HostMirroredSurface(HostMirroredSurface&& other) noexcept
    : array_(std::move(other.array_)),
      surface_(std::move(other.surface_)),
      host_(std::move(other.host_)),
      copied_(std::move(other.copied_)),
      copy_queued_(std::exchange(other.copy_queued_, false)),
      new_pixels_(std::exchange(other.new_pixels_, false)) {
  other.copied_.reset();
}

HostMirroredSurface& HostMirroredSurface::operator=(HostMirroredSurface&& other) noexcept {
  if (this != &other) {
    wait_for_copy();   // before what the copy and the writes before it use goes
    surface_.reset();  // before its array
    array_ = std::move(other.array_);
    surface_ = std::move(other.surface_);
    host_ = std::move(other.host_);
    copied_ = std::move(other.copied_);
    other.copied_.reset();
    copy_queued_ = std::exchange(other.copy_queued_, false);
    new_pixels_ = std::exchange(other.new_pixels_, false);
  }
  return *this;
}

void HostMirroredSurface::wait_for_copy() noexcept {
  if (copy_queued_ && !sat::device_hung()) SATAPP_CUDA_CHECK_NOTHROW(cudaEventSynchronize(copied_->get()));
  copy_queued_ = false;
}

cudaSurfaceObject_t HostMirroredSurface::begin_write(cudaStream_t stream) {
  if (copy_queued_) SAT_CUDA_CHECK(cudaStreamWaitEvent(stream, copied_->get(), 0));
  return surface_.get();
}

void HostMirroredSurface::end_write(cudaStream_t stream) noexcept {
  const sat::Image8 host = host_.view();
  cudaError_t status = cudaMemcpy2DFromArrayAsync(host.data, host.pitch, array_.get(), 0, 0, pitch(), height(),
                                                  cudaMemcpyDeviceToHost, stream);
  const char* call = "cudaMemcpy2DFromArrayAsync (display texture without interop)";
  if (status == cudaSuccess) {
    status = cudaEventRecord(copied_->get(), stream);
    call = "cudaEventRecord (display texture without interop)";
  }
  if (status != cudaSuccess) {
    satapp::report_cuda_error(status, call, __FILE__, __LINE__);
    new_pixels_ = false;
    return;
  }
  copy_queued_ = new_pixels_ = true;
}

const uint8_t* HostMirroredSurface::take_pixels() noexcept {
  if (!new_pixels_) return nullptr;
  new_pixels_ = false;
  if (copy_queued_) {
    if (sat::device_hung()) return nullptr;
    const cudaError_t status = cudaEventSynchronize(copied_->get());
    copy_queued_ = false;
    if (status != cudaSuccess) {
      satapp::report_cuda_error(status, "waiting for the display texture's host copy", __FILE__, __LINE__);
      return nullptr;
    }
  }
  return host_.view().data;
}

}  // namespace satlab
