// sat::FilterSession on the CUDA backend (session_cases.h): host frames through the session's
// staging, device frames on its stream.
#include "../session_cases.h"

namespace sat::test {
namespace {

TEST(FilterSessionGpu, GrowsWithTheFramesAndNeverShrinks) {
  SAT_REQUIRE_GPU();
  check_session_grows_never_shrinks(Backend::Cuda);
}

TEST(FilterSessionGpu, HostFramesSameBytesAsApply) {
  SAT_REQUIRE_GPU();
  check_session_matches_engine(Backend::Cuda, false);
}

TEST(FilterSessionGpu, DeviceFramesSameBytesAsApply) {
  SAT_REQUIRE_GPU();
  check_session_matches_engine(Backend::Cuda, true);
}

TEST(FilterSessionGpu, CopiesAnImageParameterOncePerChange) {
  SAT_REQUIRE_GPU();
  check_session_copies_images_once(Backend::Cuda, false);
  check_session_copies_images_once(Backend::Cuda, true);
}

}  // namespace
}  // namespace sat::test
