// sat::compute and sat::workspace_size: argument validation, tile resolution, and the one switch
// over algorithms. Nothing is launched before every argument has been checked.
#include <cstdint>
#include <string>

#include "algorithms/algorithms.h"
#include "dispatch/compute_owned.h"
#include "dispatch/validate.h"
#include "launch/launch.h"
#include "sat/sat.h"
#include "tilted/tilted.h"
#include "tuning/tile_policy.h"

namespace sat {
namespace {

using detail::check_request;

[[noreturn]] void fail(ErrorCode code, const char* call, const std::string& message) {
  throw Error(code, call, message);
}

int resolve_tile(const Options& options, ElementType type) {
  if (!is_tiled(options.algorithm)) return 0;
  return options.tile != 0 ? options.tile : default_tile(options.algorithm, type);
}

// Whether the algorithm computes a whole batch in one launch (else: one plane after another on the
// stream, sharing one plane's workspace).
bool batches_in_one_launch(Algorithm algorithm) { return algorithm == Algorithm::SkssLb1R1W; }

// `planes`: the planes one launch computes (1 unless batches_in_one_launch).
std::size_t algorithm_workspace(Algorithm algorithm, ElementType type, Extent extent, int tile, int planes) {
  using namespace detail;
  switch (algorithm) {
    case Algorithm::Naive2R2W:
      return naive_2r2w_workspace(type, extent);
    case Algorithm::Optimal2R2W:
      return optimal_2r2w_workspace(type, extent);
    case Algorithm::Tiled2R1W:
      return tiled_2r1w_workspace(type, extent, tile);
    case Algorithm::Diagonal1R1W:
      return diagonal_1r1w_workspace(type, extent, tile);
    case Algorithm::Hybrid1R1W:
      return hybrid_1r1w_workspace(type, extent, tile);
    case Algorithm::Skss1R1W:
      return skss_1r1w_workspace(type, extent, tile);
    case Algorithm::SkssLb1R1W:
      return skss_lb_1r1w_workspace(type, extent, tile, planes);
  }
  return 0;
}

void launch(const detail::Launch& launch, Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::Naive2R2W:
      detail::naive_2r2w(launch);
      break;
    case Algorithm::Optimal2R2W:
      detail::optimal_2r2w(launch);
      break;
    case Algorithm::Tiled2R1W:
      detail::tiled_2r1w(launch);
      break;
    case Algorithm::Diagonal1R1W:
      detail::diagonal_1r1w(launch);
      break;
    case Algorithm::Hybrid1R1W:
      detail::hybrid_1r1w(launch);
      break;
    case Algorithm::Skss1R1W:
      detail::skss_1r1w(launch);
      break;
    case Algorithm::SkssLb1R1W:
      detail::skss_lb_1r1w(launch);
      break;
  }
}

// compute() and compute_batch(): every check first, then one launch for the batch or one per plane.
void run(const char* call, const Problem& problem, const Batch& batch, const Options& options, void* workspace,
         std::size_t workspace_bytes, cudaStream_t stream, detail::WorkspaceHistory* history = nullptr) {
  detail::check_call(call, problem, batch, options);
  const int tile = resolve_tile(options, problem.type);
  const bool tilted = options.table == Table::Tilted;
  const bool one_launch = !tilted && batches_in_one_launch(options.algorithm);
  const std::size_t needed = tilted ? detail::tilted_workspace(problem.type, problem.extent)
                                    : algorithm_workspace(options.algorithm, problem.type, problem.extent, tile,
                                                          one_launch ? batch.planes : 1);
  if (workspace_bytes < needed)
    fail(ErrorCode::WorkspaceTooSmall, call,
         "workspace of " + std::to_string(workspace_bytes) + " bytes is smaller than the " + std::to_string(needed) +
             " bytes " + (batch.planes > 1 ? "batch_workspace_size()" : "workspace_size()") + " asks for");
  if (needed > 0 && workspace == nullptr) fail(ErrorCode::InvalidArgument, call, "workspace pointer is null");

  // Only the single-pass algorithms with epoch-tagged state (lookback/epoch.cuh) keep it in the
  // workspace from call to call; any other algorithm overwrites the workspace with its own.
  // The tilted table overwrites the workspace with its band sums and their table.
  if (history && (tilted || (options.algorithm != Algorithm::SkssLb1R1W && options.algorithm != Algorithm::Skss1R1W &&
                             options.algorithm != Algorithm::Optimal2R2W)))
    history->forget();
  if (tilted) {
    detail::compute_tilted(problem, batch, workspace, stream);
    return;
  }
  if (one_launch || batch.planes == 1) {
    launch({problem, batch, tile, options.hybrid_r, workspace, workspace_bytes, stream, history}, options.algorithm);
    return;
  }
  for (int k = 0; k < batch.planes; ++k)
    launch(
        {batch_plane(problem, batch, k), Batch{}, tile, options.hybrid_r, workspace, workspace_bytes, stream, history},
        options.algorithm);
}

}  // namespace

bool supports(Algorithm algorithm, ElementType type, int tile) {
  if (!is_tiled(algorithm) || tile == 0) return true;
  if (tile != 32 && tile != 64 && tile != 128) return false;
  // A W×W tile of 16-byte values is 256 KiB: more than a block's shared memory or registers.
  return !(tile == 128 && output_element_size(type) > 8);
}

int default_tile(Algorithm algorithm, ElementType type) {
  return is_tiled(algorithm) ? detail::default_tile_for(output_element_size(type)) : 0;
}

std::size_t workspace_size(ElementType type, Extent extent, const Options& options) {
  check_request("sat::workspace_size", type, extent, options);
  if (options.table == Table::Tilted) return detail::tilted_workspace(type, extent);
  return algorithm_workspace(options.algorithm, type, extent, resolve_tile(options, type), 1);
}

std::size_t batch_workspace_size(ElementType type, Extent extent, int planes, const Options& options) {
  constexpr const char* call = "sat::batch_workspace_size";
  check_request(call, type, extent, options);
  detail::check_plane_count(call, extent, planes);
  if (options.table == Table::Tilted) return detail::tilted_workspace(type, extent);  // plane by plane
  const int one_launch_planes = batches_in_one_launch(options.algorithm) ? planes : 1;
  return algorithm_workspace(options.algorithm, type, extent, resolve_tile(options, type), one_launch_planes);
}

void compute(const Problem& problem, const Options& options, void* workspace, std::size_t workspace_bytes,
             cudaStream_t stream) {
  run("sat::compute", problem, Batch{}, options, workspace, workspace_bytes, stream);
}

void compute_batch(const Problem& first_plane, const Batch& batch, const Options& options, void* workspace,
                   std::size_t workspace_bytes, cudaStream_t stream) {
  run("sat::compute_batch", first_plane, batch, options, workspace, workspace_bytes, stream);
}

void detail::compute_owned(const char* call, const Problem& first_plane, const Batch& batch, const Options& options,
                           void* workspace, std::size_t workspace_bytes, cudaStream_t stream,
                           WorkspaceHistory& history) {
  run(call, first_plane, batch, options, workspace, workspace_bytes, stream, &history);
}

}  // namespace sat
