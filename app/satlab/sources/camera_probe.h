// --list-cameras: which camera indices open, and at what size. Cameras have no names through
// cv::VideoCapture, so indices are probed one after the other (each open takes a moment).
#pragma once

#include <vector>

namespace satlab {

struct ProbedCamera {
  int index = 0;
  int width = 0, height = 0;  // of the first frame; 0 when it sent none
};

inline constexpr int kProbedCameraIndices = 10;  // 0..9

// The cameras among indices [0, count) that open. Empty without media I/O (SATLAB_MEDIA_IO=OFF).
std::vector<ProbedCamera> probe_cameras(int count = kProbedCameraIndices);

}  // namespace satlab
