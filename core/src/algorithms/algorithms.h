// The seven GPU algorithms behind sat::compute. Each lives in its own translation unit and
// offers two functions: the workspace it needs, and the launch itself.
#pragma once

#include <cstddef>

#include "launch/launch.h"

namespace sat::detail {

std::size_t naive_2r2w_workspace(ElementType type, Extent extent);
void naive_2r2w(const Launch& launch);

std::size_t optimal_2r2w_workspace(ElementType type, Extent extent);
void optimal_2r2w(const Launch& launch);

std::size_t tiled_2r1w_workspace(ElementType type, Extent extent, int tile);
void tiled_2r1w(const Launch& launch);

std::size_t diagonal_1r1w_workspace(ElementType type, Extent extent, int tile);
void diagonal_1r1w(const Launch& launch);

std::size_t hybrid_1r1w_workspace(ElementType type, Extent extent, int tile);
void hybrid_1r1w(const Launch& launch);

std::size_t skss_1r1w_workspace(ElementType type, Extent extent, int tile);
void skss_1r1w(const Launch& launch);

// Batches in one launch: every plane's tiles in one ticket space (launch.batch).
std::size_t skss_lb_1r1w_workspace(ElementType type, Extent extent, int tile, int planes = 1);
void skss_lb_1r1w(const Launch& launch);
// The kernel 1R1W-SKSS-LB runs for a call on the current device (skss_lb/kernels.cuh,
// skss_lb/ring_kernel.cuh); `wide_in`: the input is aligned for chunk loads. The GPU tests use it
// to run every kernel of every type.
enum class SkssLbKernel { OneWave, Ring, Pipelined, TilePerBlock };
SkssLbKernel skss_lb_1r1w_kernel(ElementType type, Extent extent, int tile, int planes, bool wide_in);

}  // namespace sat::detail
