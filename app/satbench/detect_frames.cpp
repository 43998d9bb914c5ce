// See detect_frames.h.
#include "detect_frames.h"

#include <stdexcept>

#if SATBENCH_HAVE_DETECT_FRAMES
#include <opencv2/core.hpp>

#include "detect_test_data.h"
#endif

namespace satbench {

#if SATBENCH_HAVE_DETECT_FRAMES

std::string detect_frames_unavailable() { return ""; }

std::string frontal_face_cascade() { return detect_test::cascade_path("haarcascade_frontalface_default.xml"); }
std::string upper_body_cascade() { return detect_test::cascade_path("haarcascade_upperbody.xml"); }

// The detection tests' frames (detect_test_data.h), as bench/detect_bench.cpp measures them.
std::vector<uint8_t> make_detect_frame(sat::Extent extent, bool faces) {
  const cv::Size size(extent.width, extent.height);
  const cv::Mat frame = faces ? detect_test::faces_frame(size) : detect_test::faceless_frame(size);
  return std::vector<uint8_t>(frame.data, frame.data + frame.total());  // a new cv::Mat: continuous
}

#else

std::string detect_frames_unavailable() { return "not built (needs the detection tests' data library)"; }
std::string frontal_face_cascade() { return ""; }
std::string upper_body_cascade() { return ""; }
std::vector<uint8_t> make_detect_frame(sat::Extent, bool) { throw std::runtime_error(detect_frames_unavailable()); }

#endif

}  // namespace satbench
