// sat::Plan: a sat::Workspace sized once for the largest extent and batch, and calls checked
// against them.
#include <string>

#include "sat/sat.h"

namespace sat {

Plan::Plan(ElementType type, Extent max_extent, Options options, int max_planes)
    : type_(type), max_extent_(max_extent), options_(options), max_planes_(max_planes) {
  workspace_.fit("sat::Plan", max_planes == 1 ? workspace_size(type, max_extent, options)
                                              : batch_workspace_size(type, max_extent, max_planes, options));
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
  // The problem itself is validated as compute() validates it, and its errors say so; the
  // workspace already holds what any extent and batch up to the maximum needs.
  workspace_.run(batch.planes == 1 ? "sat::compute" : "sat::compute_batch", first_plane, batch, options_, stream);
}

}  // namespace sat
