// See detect_twin.h: app/common/opencv_twins' CascadeTwin, timed.
#include <memory>
#include <vector>

#include "detect_twin.h"

#if SATBENCH_HAVE_OBJDETECT
#include <opencv2/core.hpp>
#include <opencv2/core/utility.hpp>

#include "opencv_twins/cascade_twin.h"
#endif

namespace satbench {

#if SATBENCH_HAVE_OBJDETECT

DetectTwin make_detect_twin(const std::string& cascade_path, sat::ConstImage8 frame, const sat::DetectParams& p,
                            int threads) {
  cv::setNumThreads(threads);
  auto twin = std::make_shared<satapp::CascadeTwin>(cascade_path);
  const cv::Mat image(frame.height, frame.width, CV_8UC(frame.channels), const_cast<uint8_t*>(frame.data), frame.pitch);
  return {"cv::CascadeClassifier", [twin, image, p] { return int(twin->detect(image, p).size()); }, ""};
}

#else

DetectTwin make_detect_twin(const std::string&, sat::ConstImage8, const sat::DetectParams&, int) {
  return {"", {}, "OpenCV objdetect not built"};
}

#endif

}  // namespace satbench
