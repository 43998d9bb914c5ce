// sat::DetectSession on the CUDA backend (detect_session_cases.h): host frames uploaded by the
// session, and frames the caller put on the device.
#include "../detect_session_cases.h"
#include "cuda_test_support.h"

namespace {

TEST(DetectSessionGpu, HostFramesGrowAndFindTheDetectorsBoxes) {
  SAT_REQUIRE_GPU();
  detect_test::check_detect_session(sat::Backend::Cuda, [](sat::DetectSession& session, const cv::Mat& frame) {
    return session.detect_host(detect_test::view_of(frame));
  });
}

TEST(DetectSessionGpu, StagedDeviceFramesFindTheDetectorsBoxes) {
  SAT_REQUIRE_GPU();
  detect_test::check_detect_session(sat::Backend::Cuda, [](sat::DetectSession& session, const cv::Mat& frame) {
    const sat::ConstImage8 staged = session.stage_host(detect_test::view_of(frame));
    return session.detect_device(staged, session.stream());
  });
}

}  // namespace
