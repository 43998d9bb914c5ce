// Argument checks shared by sat::compute, sat::workspace_size and the CPU paths. Each throws
// sat::Error naming `call` and the offending value.
#pragma once

#include "sat/sat.h"

namespace sat::detail {

// Known type and algorithm, sizes ≥ 1, a valid tile that this algorithm offers for this type,
// hybrid_r in (0, 1), and a tile count that fits 32-bit indices.
void check_request(const char* call, ElementType type, Extent extent, const Options& options);
// Non-null, aligned pointers; pitches of at least a row and a multiple of the element alignment;
// input and output not overlapping.
void check_problem(const char* call, const Problem& problem);
// A plane count ≥ 1, aligned strides, output planes apart from each other and from every input
// plane; `first_plane` itself is checked by check_problem.
void check_batch(const char* call, const Problem& first_plane, const Batch& batch);
// planes ≥ 1, and every plane's 32-pixel tiles together fit the 32-bit tile tickets.
void check_plane_count(const char* call, Extent extent, int planes);
// Everything compute_batch() checks before it looks at the workspace: check_request,
// check_problem and check_batch.
void check_call(const char* call, const Problem& first_plane, const Batch& batch, const Options& options);

}  // namespace sat::detail
