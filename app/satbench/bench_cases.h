// What is measured: suites, their sizes and element types, and the resulting list of cases.
#pragma once

#include <string>
#include <vector>

#include "bench_options.h"
#include "sat/sat.h"

namespace satbench {

enum class Suite {
  Square,   // float32 n x n: the paper's Table III
  Frames,   // camera/video frame sizes, 8-bit gray and RGBA; 16-bit gray at HD and UHD
  Batches,  // many planes in one call (sat::compute_batch), e.g. a tensor (N, C, H, W)
};
const char* to_string(Suite suite);  // "square", "frames", "batches"

// One table to compute: an element type at a size, within a suite.
struct BenchCase {
  Suite suite = Suite::Square;
  sat::ElementType type = sat::ElementType::F32ToF32;
  sat::Extent extent;  // one plane
  int planes = 1;      // stacked one after another in memory (plane stride = height x pitch)
  // The planes seen as one tall image: what the buffers, the copy baseline and the check cover.
  sat::Extent stacked() const { return {extent.width, extent.height * planes}; }
};

// Every case the options ask for: per suite, per element type, sizes by ascending pixel count
// (a method skipped at one size is skipped at the larger ones).
std::vector<BenchCase> plan_cases(const BenchOptions& options);

// "1024^2" for square extents, "1920x1080" otherwise; with planes > 1 "64x256^2".
std::string size_label(sat::Extent extent, int planes = 1);

}  // namespace satbench
