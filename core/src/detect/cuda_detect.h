// The CUDA backend of sat::Detector, on the caller's stream, nothing allocated per frame, one
// host synchronisation per frame:
//   1. every scale's resized frame into one atlas image (one launch; levels side by side on
//      shelves, each with a free row above and a free column to its left);
//   2. the atlas's {Σx, Σx²} table (the variance test) and its 32-bit Σx table (the features:
//      OpenCV's own int arithmetic, a quarter of the bytes per read), one satcore call each (a
//      box sum inside one level only reads that level's corners, whatever lies around it), and
//      for cascades with tilted features the atlas's tilted table (a tilted rectangle's four
//      corners likewise sum only the pixels inside it);
//   3. the variance test and the first stage at every window position of every level at once, a
//      warp per row; OpenCV's skip rule (the position after a first-stage rejection is not
//      evaluated) follows from a ballot of the rejections (skip_rule.h), and the evaluated
//      windows that passed are compacted into a list in row order (warp_append.cuh);
//   4. each further stage over the previous stage's list, compacting its survivors into the
//      next: one thread per window while the windows fill the GPU, up to a warp per window for
//      the deep stages (few windows, hundreds of trees), where the stage's sum is the same in
//      any order (stage_sum_is_exact);
//   5. the accepted windows written straight into mapped host memory, one synchronisation, then
//      sorted into the CPU backend's order.
// The same evaluation code as the CPU backend (haar_eval.h, resize_linear.h): identical answers.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>
#include <vector>

#include "detect/scale_plan.h"
#include "sat/detect.h"

namespace sat::detect {

class CudaDetect {
 public:
  CudaDetect(const HaarCascade& cascade, Extent max_extent, const DetectParams& params);
  ~CudaDetect();
  CudaDetect(const CudaDetect&) = delete;
  CudaDetect& operator=(const CudaDetect&) = delete;

  // `frame` in device memory (1, 3 or 4 channels). Appends the accepted windows (frame pixels)
  // to `candidates` scale by scale, rows top to bottom, left to right; waits for `stream`.
  void run(ConstImage8 frame, const std::vector<ScaleLevel>& levels, std::vector<Box>& candidates, DetectTimes& times,
           bool timed, cudaStream_t stream);

 private:
  struct State;
  std::unique_ptr<State> s_;
};

}  // namespace sat::detect
