// See detect_twin.h.
#include <memory>
#include <stdexcept>
#include <vector>

#include "detect_twin.h"

#if SATBENCH_HAVE_OBJDETECT
#include <opencv2/core.hpp>
#include <opencv2/core/utility.hpp>
#include <opencv2/objdetect.hpp>
#endif

namespace satbench {

#if SATBENCH_HAVE_OBJDETECT

DetectTwin make_detect_twin(const std::string& cascade_path, sat::ConstImage8 frame, const sat::DetectParams& p,
                            int threads) {
  cv::setNumThreads(threads);
  auto classifier = std::make_shared<cv::CascadeClassifier>();
  if (!classifier->load(cascade_path)) throw std::runtime_error("cv::CascadeClassifier cannot load " + cascade_path);
  const cv::Mat image(frame.height, frame.width, CV_8UC(frame.channels), const_cast<uint8_t*>(frame.data), frame.pitch);
  return {"cv::CascadeClassifier",
          [classifier, image, p] {
            std::vector<cv::Rect> found;
            classifier->detectMultiScale(image, found, p.scale_factor, p.min_neighbors, 0,
                                         cv::Size(p.min_size.width, p.min_size.height),
                                         cv::Size(p.max_size.width, p.max_size.height));
            return int(found.size());
          },
          ""};
}

#else

DetectTwin make_detect_twin(const std::string&, sat::ConstImage8, const sat::DetectParams&, int) {
  return {"", {}, "OpenCV objdetect not built"};
}

#endif

}  // namespace satbench
