// sat::Workspace: compute() with a workspace the library owns, grown to what each call needs.
#include <string>
#include <utility>

#include "dispatch/compute_owned.h"
#include "dispatch/launch.h"
#include "dispatch/validate.h"
#include "sat/device.h"
#include "sat/sat.h"

namespace sat {

Workspace::~Workspace() { release(); }  // no throw from a destructor

Workspace::Workspace(Workspace&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      bytes_(std::exchange(other.bytes_, 0)),
      device_(std::exchange(other.device_, -1)),
      history_(std::exchange(other.history_, detail::WorkspaceHistory{})) {}

Workspace& Workspace::operator=(Workspace&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
    device_ = std::exchange(other.device_, -1);
    history_ = std::exchange(other.history_, detail::WorkspaceHistory{});
  }
  return *this;
}

cudaError_t Workspace::release() noexcept {
  const cudaError_t status = data_ ? cudaFree(data_) : cudaSuccess;
  data_ = nullptr;
  bytes_ = 0;
  device_ = -1;
  history_.forget();
  return status;
}

void Workspace::fit(const char* call, std::size_t bytes) {
  if (!data_ && bytes == 0) return;  // nothing held, nothing needed
  int device = -1;
  detail::check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  if (data_ && device != device_)
    throw Error(ErrorCode::InvalidArgument, call,
                "the workspace is on device " + std::to_string(device_) + " but the current device is " +
                    std::to_string(device));
  if (bytes <= bytes_) return;
  // cudaFree waits for the device, so no queued call still uses the old buffer. The history goes
  // with it: the next look-back call clears the new buffer.
  detail::check_cuda(release(), "cudaFree (workspace)");
  const cudaError_t status = cudaMalloc(&data_, bytes);
  if (status != cudaSuccess) {
    data_ = nullptr;
    cudaGetLastError();  // clear the sticky-free allocation error
    throw Error(status == cudaErrorMemoryAllocation ? ErrorCode::OutOfMemory : ErrorCode::CudaError, call,
                "cudaMalloc of " + std::to_string(bytes) + " workspace bytes failed: " + describe_cuda_error(status));
  }
  bytes_ = bytes;
  device_ = device;
}

void Workspace::run(const char* call, const Problem& first_plane, const Batch& batch, const Options& options,
                    cudaStream_t stream) {
  // Every check first, under the caller's name: a bad request allocates nothing and reads as
  // compute_batch() reports it.
  detail::check_call(call, first_plane, batch, options);
  fit(call, batch_workspace_size(first_plane.type, first_plane.extent, batch.planes, options));
  detail::compute_owned(call, first_plane, batch, options, data_, bytes_, stream, history_);
}

void Workspace::compute(const Problem& problem, const Options& options, cudaStream_t stream) {
  run("sat::compute", problem, Batch{}, options, stream);
}

void Workspace::compute_batch(const Problem& first_plane, const Batch& batch, const Options& options,
                              cudaStream_t stream) {
  run("sat::compute_batch", first_plane, batch, options, stream);
}

}  // namespace sat
