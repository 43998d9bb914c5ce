// The summed-area table of a shadow map's moments, as the shading pass samples it: the CPU
// builder (the CPU backend, and the reference the tests hold the GPU to) and the box query the
// shader performs, in C++. The CUDA builder is moment_table_cuda.h.
#pragma once

#include <cstdint>
#include <vector>

#include "sat/sat.h"
#include "scenes/shadows/moment_encoding.h"
#include "scenes/shadows/shadow_settings.h"

namespace satlab::shadows {

// Fixed32 tables are u32x2 (wrap-around); the fp32 ones f32x2.
sat::ElementType table_type(MomentPrecision precision);
inline constexpr std::size_t kTableTexelBytes = 8;  // both table types

// Encodes size×size moment pairs (z, m2), rows packed, into the table's input type.
// `input` receives size² · 8 bytes.
void encode_moments_cpu(const sat::f32x2* moments, int size, MomentPrecision precision, std::vector<uint8_t>& input);

// The whole CPU build: encode, then satcore's multi-threaded CPU table. `table` receives size² · 8
// bytes, rows packed (the layout glTexSubImage2D takes).
void build_moment_table_cpu(const sat::f32x2* moments, int size, MomentPrecision precision,
                            std::vector<uint8_t>& scratch, std::vector<uint8_t>& table);

// Mean and mean square over the inclusive texel box [x0, x1] × [y0, y1] of a table whose rows lie
// `pitch` bytes apart, from four taps (as the shader does). Fixed32: boxes of at most
// kMaxBoxTexels² texels, the scale's contract.
BoxMoments query_box(const void* table, std::size_t pitch, MomentPrecision precision, int x0, int y0, int x1, int y1);

}  // namespace satlab::shadows
