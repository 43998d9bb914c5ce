#include "sources/camera_probe.h"

#if SATLAB_MEDIA_IO
#include <opencv2/videoio.hpp>
#endif

namespace satlab {

std::vector<ProbedCamera> probe_cameras(int count) {
  std::vector<ProbedCamera> found;
#if SATLAB_MEDIA_IO
  for (int index = 0; index < count; ++index) {
    cv::VideoCapture capture;
    try {
      if (!capture.open(index)) continue;
    } catch (const cv::Exception&) {
      continue;  // a backend that throws instead of failing: no camera there either
    }
    ProbedCamera camera;
    camera.index = index;
    cv::Mat frame;
    // The size of a frame it really sends; the properties are a guess some drivers leave at 0.
    if (capture.read(frame) && !frame.empty()) {
      camera.width = frame.cols;
      camera.height = frame.rows;
    } else {
      camera.width = static_cast<int>(capture.get(cv::CAP_PROP_FRAME_WIDTH));
      camera.height = static_cast<int>(capture.get(cv::CAP_PROP_FRAME_HEIGHT));
    }
    found.push_back(camera);
  }
#else
  (void)count;
#endif
  return found;
}

}  // namespace satlab
