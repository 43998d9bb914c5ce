// A batch of planes laid out as a test wants to see it: seeded random planes, padded pitches,
// plane strides with gaps between the planes, input padding 0xFF and an output poisoned with
// 0xA5, and one check that compares every plane with its reference and finds writes into the
// padding or the gaps. Plain C++ (host buffers); the GPU tests upload and download them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sat/sat.h"
#include "sat_test_util.h"

namespace sat::test {

constexpr unsigned char kBatchOutputPoison = 0xA5;

struct BatchLayout {
  ElementType type = ElementType::U8ToU32;
  Extent extent;
  int planes = 1;
  std::size_t in_pitch = 0, out_pitch = 0;
  std::size_t in_stride = 0, out_stride = 0;  // bytes between planes
  std::size_t in_bytes() const;               // the whole input buffer
  std::size_t out_bytes() const;
  Batch batch() const { return {planes, in_stride, out_stride}; }
};

// Pitches of a row plus a few alignment units; strides of a plane plus a gap (so a kernel that
// assumed packed planes would read padding and write into the gap). With `input_rows` 16 or 8 the
// input's pitch and plane stride are instead `input_rows` bytes past a multiple of 16 (modulo 16:
// 16-byte aligned rows, or 8-byte aligned and not 16) and the output's 16-byte aligned, still
// with padding and gaps: what a kernel's aligned paths need.
BatchLayout make_batch_layout(ElementType type, Extent extent, int planes, int input_rows = 0);

struct HostBatch {
  BatchLayout layout;
  std::vector<HostImage> images;     // one per plane
  std::vector<unsigned char> input;  // layout.in_bytes(), padding 0xFF
};
HostBatch random_batch(ElementType type, Extent extent, int planes, std::uint64_t seed, int input_rows = 0);

// Every plane of `output` (layout.out_bytes() bytes) against the reference of its image, and the
// padding and gaps still poisoned. Empty when all is well, else what is wrong where. `depth` as
// in compare_output.
std::string check_batch_output(const HostBatch& batch, const unsigned char* output, int depth);

}  // namespace sat::test
