// BGR[A] → gray, CPU backend, against cv::cvtColor (bit-exact).
#include "../filter_cases.h"

namespace sat::test {
namespace {

TEST(ToGrayCpu, MatchesOpenCv) { check_to_gray_matches_opencv(Backend::Cpu); }

}  // namespace
}  // namespace sat::test
