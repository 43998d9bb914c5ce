// sat::FilterSession on the CPU backend (session_cases.h).
#include "../session_cases.h"

namespace sat::test {
namespace {

TEST(FilterSessionCpu, GrowsWithTheFramesAndNeverShrinks) { check_session_grows_never_shrinks(Backend::Cpu); }

TEST(FilterSessionCpu, SameBytesAsApplyOnRandomOddFrames) { check_session_matches_engine(Backend::Cpu, false); }

TEST(FilterSessionCpu, CopiesAnImageParameterOncePerChange) { check_session_copies_images_once(Backend::Cpu, false); }

TEST(FilterSessionCpu, DeviceFramesNeedTheCudaBackend) {
  FilterSession session(Backend::Cpu);
  const cv::Mat src = random_image(8, 8, 1, 3);
  cv::Mat dst = src.clone();
  EXPECT_THROW(session.run_device(default_spec("box"), view(src), view(dst), nullptr), Error);
  EXPECT_EQ(session.stream(), nullptr);
}

}  // namespace
}  // namespace sat::test
