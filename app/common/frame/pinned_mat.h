// A cv::Mat in page-locked host memory (cudaMallocHost), reference-counted like any Mat: the GPU
// pipeline uploads from it asynchronously, and a source can render straight into it (no copy into
// a staging buffer). The memory lives as long as the last Mat that shares it, so a frame that a
// source still holds stays valid when the pipeline reallocates or goes away.
#pragma once

#include <opencv2/core.hpp>

namespace satapp {

// rows×cols of `type`, rows packed. Throws sat::Error when the memory cannot be had.
cv::Mat pinned_mat(int rows, int cols, int type);

}  // namespace satapp
