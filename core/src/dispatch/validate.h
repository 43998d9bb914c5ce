// Argument checks shared by sat::compute, sat::workspace_size, the CPU paths and the filters. Each
// throws sat::Error naming `call` and the offending value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "sat/error.h"
#include "sat/sat.h"

namespace sat::detail {

// Size arithmetic that cannot wrap: nullopt when the exact result does not fit in size_t. Every
// size the checks below compute from user values goes through these two.
std::optional<std::size_t> checked_mul(std::size_t a, std::size_t b);
std::optional<std::size_t> checked_add(std::size_t a, std::size_t b);

// The bytes [begin, end) a pitched plane addresses: `height` rows `pitch` bytes apart, the last
// one `row_bytes` long. Throws InvalidArgument (naming `which`: "input", or a named part such as
// named_argument("src")) when pitch × (height − 1) + row_bytes does not fit in size_t or begin +
// that span passes the end of the address space. Requires height ≥ 1.
struct AddressRange {
  std::uintptr_t begin, end;
};
AddressRange plane_range(const char* call, const MessagePart& which, const void* ptr, std::size_t pitch, int height,
                         std::size_t row_bytes);

// Known type and algorithm, sizes ≥ 1, a valid tile that this algorithm offers for this type,
// hybrid_r in (0, 1), a known table offered for this type, and a tile count that fits 32-bit
// indices.
void check_request(const char* call, ElementType type, Extent extent, const Options& options);
// Non-null, aligned pointers; pitches of at least a row and a multiple of the element alignment;
// each plane's addressed bytes inside the address space; input and output not overlapping.
// The output plane has the extent of `table` (table_extent).
void check_problem(const char* call, const Problem& problem, Table table = Table::Upright);
// A plane count ≥ 1, aligned strides, every plane inside the address space, output planes apart
// from each other and from every input plane; `first_plane` itself is checked by check_problem.
void check_batch(const char* call, const Problem& first_plane, const Batch& batch, Table table = Table::Upright);
// planes ≥ 1, and every plane's 32-pixel tiles together fit the 32-bit tile tickets.
void check_plane_count(const char* call, Extent extent, int planes);
// Everything compute_batch() checks before it looks at the workspace: check_request,
// check_problem and check_batch.
void check_call(const char* call, const Problem& first_plane, const Batch& batch, const Options& options);

}  // namespace sat::detail
