// The CUDA backend of sat::Detector, on the caller's stream, nothing allocated per frame:
//   1. every scale's resized frame into one atlas image (one launch; levels side by side on
//      shelves, each with a free row above and a free column to its left);
//   2. the {Σx, Σx²} table of the whole atlas in one satcore call (a box sum inside one level
//      only reads that level's corners, whatever lies around it);
//   3. the variance test and the first stage at every window position of every level (one
//      launch), then OpenCV's skip rule along each row (a window after a first-stage rejection
//      is not evaluated), which compacts the survivors into a list;
//   4. the remaining stages in groups, each a grid-stride kernel over the previous list that
//      appends its survivors to the next (warps stay busy: rejected windows leave the list);
//   5. the accepted windows back to the host, sorted into the CPU backend's order.
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
