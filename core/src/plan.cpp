// sat::Plan: compute() with a workspace it owns, sized once for the largest extent.
#include <utility>

#include "detail/launch.h"
#include "sat/sat.h"

namespace sat {

Plan::Plan(ElementType type, Extent max_extent, Options options)
    : type_(type), max_extent_(max_extent), options_(options) {
  bytes_ = workspace_size(type, max_extent, options);
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
      workspace_(std::exchange(other.workspace_, nullptr)),
      bytes_(std::exchange(other.bytes_, 0)) {}

Plan& Plan::operator=(Plan&& other) noexcept {
  if (this != &other) {
    if (workspace_) cudaFree(workspace_);
    type_ = other.type_;
    max_extent_ = other.max_extent_;
    options_ = other.options_;
    workspace_ = std::exchange(other.workspace_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
  }
  return *this;
}

void Plan::run(const Problem& problem, cudaStream_t stream) {
  if (problem.type != type_)
    throw Error(ErrorCode::InvalidArgument, "sat::Plan::run",
                std::string("plan was made for ") + to_string(type_) + ", problem is " + to_string(problem.type));
  if (problem.extent.width > max_extent_.width || problem.extent.height > max_extent_.height)
    throw Error(ErrorCode::InvalidArgument, "sat::Plan::run",
                "extent " + std::to_string(problem.extent.width) + "x" + std::to_string(problem.extent.height) +
                    " exceeds the plan's " + std::to_string(max_extent_.width) + "x" +
                    std::to_string(max_extent_.height));
  compute(problem, options_, workspace_, bytes_, stream);
}

}  // namespace sat
