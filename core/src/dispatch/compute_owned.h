// compute_batch() on a workspace the library owns and lends to no one else (sat::Plan, the filter
// engine): `history` remembers what the last call left in it, so that 1R1W-SKSS-LB can skip its
// reset launch (lookback/epoch.cuh). Same validation and errors as compute_batch(), under `call`.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "sat/detail/workspace_history.h"
#include "sat/sat.h"

namespace sat::detail {

void compute_owned(const char* call, const Problem& first_plane, const Batch& batch, const Options& options,
                   void* workspace, std::size_t workspace_bytes, cudaStream_t stream, WorkspaceHistory& history);

}  // namespace sat::detail
