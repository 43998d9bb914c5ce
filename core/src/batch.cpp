// sat::compute_batch and its CPU twin: every plane of a batch through the single-plane entry
// points. All planes are checked before the first one is launched, so a bad plane stride never
// leaves half a batch written.
#include "detail/validate.h"
#include "sat/sat.h"

namespace sat {
namespace {

Problem plane(const Problem& first, const Batch& batch, int k) {
  Problem p = first;
  p.input = static_cast<const char*>(first.input) + std::size_t(k) * batch.input_plane_stride;
  p.output = static_cast<char*>(first.output) + std::size_t(k) * batch.output_plane_stride;
  return p;
}

void check(const char* call, const Problem& first, const Batch& batch, const Options& options) {
  detail::check_request(call, first.type, first.extent, options);
  detail::check_problem(call, first);
  detail::check_batch(call, first, batch);
}

}  // namespace

std::size_t batch_workspace_size(ElementType type, Extent extent, int planes, const Options& options) {
  if (planes < 1)
    throw Error(ErrorCode::InvalidArgument, "sat::batch_workspace_size",
                "planes must be >= 1 (got " + std::to_string(planes) + ")");
  // The planes run one after another on the stream, so one plane's workspace serves them all.
  return workspace_size(type, extent, options);
}

void compute_batch(const Problem& first, const Batch& batch, const Options& options, void* workspace,
                   std::size_t workspace_bytes, cudaStream_t stream) {
  check("sat::compute_batch", first, batch, options);
  for (int k = 0; k < batch.planes; ++k) compute(plane(first, batch, k), options, workspace, workspace_bytes, stream);
}

void cpu_parallel_batch(const Problem& first, const Batch& batch, int threads) {
  check("sat::cpu_parallel_batch", first, batch, Options{});
  for (int k = 0; k < batch.planes; ++k) cpu_parallel(plane(first, batch, k), threads);
}

}  // namespace sat
