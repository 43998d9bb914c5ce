// sat::Plan: compute() with a workspace it owns, sized once for the largest extent and batch.
#include <string>
#include <utility>

#include "detail/compute_owned.h"
#include "detail/launch.h"
#include "sat/sat.h"

namespace sat {

Plan::Plan(ElementType type, Extent max_extent, Options options, int max_planes)
    : type_(type), max_extent_(max_extent), options_(options), max_planes_(max_planes) {
  bytes_ = max_planes == 1 ? workspace_size(type, max_extent, options)
                           : batch_workspace_size(type, max_extent, max_planes, options);
  if (bytes_ > 0) {
    const cudaError_t status = cudaMalloc(&workspace_, bytes_);
    if (status != cudaSuccess) {
      cudaGetLastError();  // clear the sticky-free allocation error
      workspace_ = nullptr;
      throw Error(status == cudaErrorMemoryAllocation ? ErrorCode::OutOfMemory : ErrorCode::CudaError, "sat::Plan",
                  "cudaMalloc of " + std::to_string(bytes_) + " workspace bytes failed: " + cudaGetErrorString(status));
    }
  }
}

Plan::~Plan() {
  if (workspace_) cudaFree(workspace_);  // no throw from a destructor
}

Plan::Plan(Plan&& other) noexcept
    : type_(other.type_),
      max_extent_(other.max_extent_),
      options_(other.options_),
      max_planes_(other.max_planes_),
      workspace_(std::exchange(other.workspace_, nullptr)),
      bytes_(std::exchange(other.bytes_, 0)),
      history_(std::exchange(other.history_, detail::WorkspaceHistory{})) {}

Plan& Plan::operator=(Plan&& other) noexcept {
  if (this != &other) {
    if (workspace_) cudaFree(workspace_);
    type_ = other.type_;
    max_extent_ = other.max_extent_;
    options_ = other.options_;
    max_planes_ = other.max_planes_;
    workspace_ = std::exchange(other.workspace_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
    history_ = std::exchange(other.history_, detail::WorkspaceHistory{});
  }
  return *this;
}

void Plan::run(const Problem& problem, cudaStream_t stream) { run_batch(problem, Batch{}, stream); }

void Plan::run_batch(const Problem& first_plane, const Batch& batch, cudaStream_t stream) {
  constexpr const char* call = "sat::Plan::run";
  if (first_plane.type != type_)
    throw Error(ErrorCode::InvalidArgument, call,
                std::string("plan was made for ") + to_string(type_) + ", problem is " + to_string(first_plane.type));
  const Extent e = first_plane.extent;
  if (e.width > max_extent_.width || e.height > max_extent_.height)
    throw Error(ErrorCode::InvalidArgument, call,
                "extent " + std::to_string(e.width) + "x" + std::to_string(e.height) + " exceeds the plan's " +
                    std::to_string(max_extent_.width) + "x" + std::to_string(max_extent_.height));
  if (batch.planes > max_planes_)
    throw Error(ErrorCode::InvalidArgument, call,
                std::to_string(batch.planes) + " planes exceed the plan's " + std::to_string(max_planes_));
  // The problem itself is validated as compute() validates it, and its errors say so.
  detail::compute_owned(batch.planes == 1 ? "sat::compute" : "sat::compute_batch", first_plane, batch, options_,
                        workspace_, bytes_, stream, history_);
}

}  // namespace sat
