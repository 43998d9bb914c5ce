// FilterEngine::apply on the CPU backend: specs built by name equal the named methods and the
// OpenCV / float64 references; refused specs and images write nothing (apply_cases.h).
#include "../apply_cases.h"

// The deprecated per-filter entry points are checked here too (they must keep working).
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace sat::test {
namespace {

TEST(ApplyCpu, MatchesNamedMethodsAndReferences) { check_apply_matches_named_methods(Backend::Cpu); }

TEST(ApplyCpu, RefusesBeforeRunning) { check_apply_refuses_before_running(Backend::Cpu); }

// The named methods keep their own name in errors; apply names itself.
TEST(ApplyCpu, ErrorsNameTheEntryPoint) {
  FilterEngine engine(Backend::Cpu, {16, 16});
  cv::Mat buf = random_image(20, 20, 1, 5);
  const ConstImage8 src{buf.data, buf.step, 16, 16, 1};
  const Image8 shifted{buf.data + 1, buf.step, 16, 16, 1};  // overlaps src, not in place
  for (const FilterSpec& spec : {FilterSpec{MeanCParams{}}, FilterSpec{SauvolaParams{}}, FilterSpec{BradleyParams{}}}) {
    SCOPED_TRACE(sat::describe(spec));
    try {
      engine.apply(spec, src, shifted);
      ADD_FAILURE() << "apply took an overlapping dst";
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()),
                "sat::FilterEngine::apply: dst overlaps src (only dst == src, in place, is allowed)");
    }
  }
  try {
    engine.threshold_bradley(src, shifted, {});
    ADD_FAILURE() << "threshold_bradley took an overlapping dst";
  } catch (const Error& e) {
    EXPECT_EQ(e.call(), "sat::FilterEngine::threshold_bradley");
    EXPECT_EQ(std::string(e.what()),
              "sat::FilterEngine::threshold_bradley: dst overlaps src (only dst == src, in place, is allowed)");
  }
}

}  // namespace
}  // namespace sat::test
