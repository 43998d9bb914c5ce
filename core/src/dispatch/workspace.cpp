// sat::Workspace: compute() with a workspace the library owns, grown to what each call needs.
#include <string>
#include <utility>

#include "dispatch/compute_owned.h"
#include "dispatch/validate.h"
#include "launch/launch.h"
#include "sat/device.h"
#include "sat/sat.h"
#include "support/renamed_error.h"

namespace sat {

void Workspace::fit(const char* call, std::size_t bytes) {
  if (buffer_.empty() && bytes == 0) return;  // nothing held, nothing needed
  int device = -1;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  if (!buffer_.empty() && device != device_)
    throw Error(ErrorCode::InvalidArgument, call,
                "the workspace is on device " + std::to_string(device_) + " but the current device is " +
                    std::to_string(device));
  if (bytes <= buffer_.bytes()) return;
  // Freed first (cudaFree waits for the device, so no queued call still uses the old buffer), so
  // that the peak is the new size alone. The history goes with it: the next look-back call
  // clears the new buffer.
  buffer_ = DeviceBuffer{};
  history_.forget();
  try {
    buffer_ = DeviceBuffer(bytes);
  } catch (const Error& e) {
    throw detail::allocation_failed(e, call, "workspace");
  }
  device_ = device;
}

void Workspace::run(const char* call, const Problem& first_plane, const Batch& batch, const Options& options,
                    cudaStream_t stream) {
  // Every check first, under the caller's name: a bad request allocates nothing and reads as
  // compute_batch() reports it.
  detail::check_call(call, first_plane, batch, options);
  fit(call, batch_workspace_size(first_plane.type, first_plane.extent, batch.planes, options));
  detail::compute_owned(call, first_plane, batch, options, buffer_.data(), buffer_.bytes(), stream, history_);
}

void Workspace::compute(const Problem& problem, const Options& options, cudaStream_t stream) {
  run("sat::compute", problem, Batch{}, options, stream);
}

void Workspace::compute_batch(const Problem& first_plane, const Batch& batch, const Options& options,
                              cudaStream_t stream) {
  run("sat::compute_batch", first_plane, batch, options, stream);
}

}  // namespace sat
