#include "scenes/detect/frame_detector.h"

namespace satlab {

satapp::StageTimeline detector_stages() { return {"pyramid", "tables", "cascade", "grouping"}; }

FrameDetector::FrameDetector(sat::Backend backend, const DetectSettings& settings)
    : backend_(backend),
      settings_(settings),
      session_(backend, sat::load_haar_cascade(settings.cascade), settings.params) {
  session_.enable_stage_timing(true);
  // Made now at a small size so that parameters satcore rejects fail here, not at the first frame.
  session_.reserve({64, 64});
}

const std::vector<sat::Box>& FrameDetector::detect(sat::ConstImage8 bgr, cudaStream_t stream) {
  // detect() waits for its boxes, so its stage times are there when it returns.
  const std::vector<sat::Box>& boxes =
      backend_ == sat::Backend::Cpu ? session_.detect_host(bgr) : session_.detect_device(bgr, stream);
  times_ = session_.last_times();
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
