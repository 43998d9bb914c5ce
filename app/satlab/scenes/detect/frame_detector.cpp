#include "scenes/detect/frame_detector.h"

#include <algorithm>

namespace satlab {

satapp::StageTimeline detector_stages() { return {"pyramid", "tables", "cascade", "grouping"}; }

FrameDetector::FrameDetector(sat::Backend backend, const DetectSettings& settings)
    : backend_(backend), settings_(settings), cascade_(sat::load_haar_cascade(settings.cascade)) {
  // Made now at a small size so that parameters satcore rejects fail here, not at the first frame.
  detector_.emplace(backend_, cascade_, sat::Extent{64, 64}, settings_.params);
  detector_->enable_stage_timing(true);
}

const std::vector<sat::Box>& FrameDetector::detect(sat::ConstImage8 bgr, cudaStream_t stream) {
  const sat::Extent max = detector_->max_extent();
  if (bgr.width > max.width || bgr.height > max.height) {
    detector_.reset();  // its buffers go before the larger ones come
    detector_.emplace(backend_, cascade_, sat::Extent{std::max(bgr.width, max.width), std::max(bgr.height, max.height)},
                      settings_.params);
    detector_->enable_stage_timing(true);
  }
  // detect() waits for its boxes, so its stage times are there when it returns.
  const std::vector<sat::Box>& boxes = detector_->detect(bgr, stream);
  times_ = detector_->last_times();
  stages_[DetectorStage::Pyramid].ms = times_.pyramid_ms;
  stages_[DetectorStage::Tables].ms = times_.tables_ms;
  stages_[DetectorStage::Cascade].ms = times_.cascade_ms;
  stages_[DetectorStage::Grouping].ms = times_.grouping_ms;
  return boxes;
}

const std::vector<sat::Box>& FrameDetector::detect(const cv::Mat& bgr) {
  CV_Assert(bgr.type() == CV_8UC3);
  return detect(sat::ConstImage8{bgr.data, bgr.step, bgr.cols, bgr.rows, 3});
}

}  // namespace satlab
