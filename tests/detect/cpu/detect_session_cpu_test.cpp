// sat::DetectSession on the CPU backend (detect_session_cases.h).
#include "../detect_session_cases.h"

namespace {

TEST(DetectSessionCpu, GrowsWithTheFramesAndFindsTheDetectorsBoxes) {
  detect_test::check_detect_session(sat::Backend::Cpu, [](sat::DetectSession& session, const cv::Mat& frame) {
    return session.detect_host(detect_test::view_of(frame));
  });
}

TEST(DetectSessionCpu, DeviceFramesNeedTheCudaBackend) {
  sat::DetectSession session(sat::Backend::Cpu,
                             sat::load_haar_cascade(detect_test::cascade_path("haarcascade_frontalface_default.xml")));
  const cv::Mat frame(32, 32, CV_8UC1, cv::Scalar::all(7));
  EXPECT_THROW(session.detect_device(detect_test::view_of(frame), nullptr), sat::Error);
  EXPECT_THROW(session.stage_host(detect_test::view_of(frame)), sat::Error);
  EXPECT_EQ(session.stream(), nullptr);
}

}  // namespace
