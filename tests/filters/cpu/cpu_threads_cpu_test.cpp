// The CPU backend's running sums in bands of rows: every filter against OpenCV / the float64
// references for many thread counts (set_cpu_threads), so that bands of one row, bands that end
// next to the border rows, more threads than rows and the automatic choice are all exercised, on
// sizes of one row, one column, odd sizes, and windows larger than the image.
#include "../filter_cases.h"

namespace sat::test {
namespace {

const std::vector<int>& thread_counts() {
  static const std::vector<int> counts = {0, 1, 2, 3, 4, 7, 16, 1000};
  return counts;
}

TEST(CpuThreads, BoxBlurMatchesOpenCvForEveryThreadCount) {
  Runner run(Backend::Cpu, {97, 67});
  uint32_t seed = 2000;
  const std::vector<Size2> sizes = {{1, 1}, {1, 37}, {41, 1}, {2, 3}, {33, 17}, {97, 67}, {16, 7}};
  for (int threads : thread_counts()) {
    run.engine().set_cpu_threads(threads);
    for (const Size2 sz : sizes)
      for (int cn : {1, 3, 4}) {
        const std::vector<Size2> kernels = {
            {3, 3}, {1, 5}, {6, 1}, {4, 4}, {15, 17}, {sz.w + 3, sz.h + 4}, {3 * sz.w + 1, 2 * sz.h + 7}};
        for (const Size2 k : kernels) {
          const Border border = seed % 2 == 0 ? Border::Reflect101 : Border::Replicate;
          cv::Mat src = random_image(sz.w, sz.h, cn, seed++);
          if (seed % 3 == 0) src = with_padding(src);
          const BoxBlurParams p{k.w, k.h, border};
          SCOPED_TRACE("threads " + std::to_string(threads) + ", " + describe(src) + ", kernel " + std::to_string(k.w) +
                       "x" + std::to_string(k.h) + " " + to_string(border));
          EXPECT_MAT_EQ(run.box_blur(src, p), reference_blur(src, p), "box_blur vs cv::blur");
        }
      }
  }
}

TEST(CpuThreads, ThresholdsMatchReferencesForEveryThreadCount) {
  Runner run(Backend::Cpu, {97, 67});
  uint32_t seed = 3000;
  const std::vector<Size2> sizes = {{1, 1}, {1, 29}, {37, 1}, {5, 3}, {61, 43}, {97, 67}};
  for (int threads : thread_counts()) {
    run.engine().set_cpu_threads(threads);
    for (const Size2 sz : sizes)
      for (int window : {3, 7, 15, 2 * std::max(sz.w, sz.h) + 1}) {
        const cv::Mat src = textured_image(sz.w, sz.h, 1, seed++);
        SCOPED_TRACE("threads " + std::to_string(threads) + ", " + describe(src) + ", window " +
                     std::to_string(window));
        const MeanCParams mp{window, 2.5, seed % 2 == 0, 255};
        EXPECT_MAT_EQ(run.mean_c(src, mp), reference_mean_c(src, mp), "mean_c");
        EXPECT_MAT_EQ(run.sauvola(src, {window, 0.3, 0.0, 255}), reference_sauvola(src, window, 0.3, 0.0, 255),
                      "sauvola");
        EXPECT_MAT_EQ(run.bradley(src, {window + 1, 12.0, 255}), reference_bradley(src, window + 1, 12.0, 255),
                      "bradley, even window");
      }
  }
}

// Heights around multiples of the band count: every band boundary lands next to a row whose
// window crosses the top or bottom border, or in the middle.
TEST(CpuThreads, BandEdgesAtEveryOffset) {
  Runner run(Backend::Cpu, {23, 40});
  uint32_t seed = 4000;
  for (int threads : {2, 3, 5})
    for (int h = 2 * threads - 1; h <= 4 * threads + 1; ++h) {
      run.engine().set_cpu_threads(threads);
      const cv::Mat src = random_image(23, h, 3, seed++);
      for (int kh : {1, 2, 3, 5, h, 2 * h + 1}) {
        const BoxBlurParams p{5, kh, seed % 2 == 0 ? Border::Reflect101 : Border::Replicate};
        SCOPED_TRACE("threads " + std::to_string(threads) + ", height " + std::to_string(h) + ", kernel 5x" +
                     std::to_string(kh));
        EXPECT_MAT_EQ(run.box_blur(src, p), reference_blur(src, p), "box_blur at band edges");
      }
    }
}

// A frame large enough that the automatic choice uses every core (on a machine with several).
TEST(CpuThreads, AutomaticOnALargeFrame) {
  Runner run(Backend::Cpu, {1031, 517});
  EXPECT_EQ(run.engine().cpu_threads(), 0) << "automatic by default";
  const cv::Mat src = random_image(1031, 517, 4, 77);
  for (const BoxBlurParams& p : {BoxBlurParams{9, 9, Border::Reflect101}, BoxBlurParams{31, 3, Border::Replicate},
                                 BoxBlurParams{101, 101, Border::Reflect101}})
    EXPECT_MAT_EQ(run.box_blur(src, p), reference_blur(src, p), "box_blur " + std::to_string(p.kernel_width));
  const cv::Mat gray = textured_image(1031, 517, 1, 78);
  const MeanCParams mp{21, 3.0, false, 255};
  EXPECT_MAT_EQ(run.mean_c(gray, mp), reference_mean_c(gray, mp), "mean_c");
}

// In place with several threads: the bands read rows that other bands overwrite, so the engine
// must read a copy.
TEST(CpuThreads, InPlaceWithSeveralThreads) {
  Runner run(Backend::Cpu, {64, 64});
  for (int threads : {2, 3, 7}) {
    run.engine().set_cpu_threads(threads);
    cv::Mat img = random_image(53, 47, 4, 90u + unsigned(threads));
    const BoxBlurParams p{9, 11, Border::Reflect101};
    const cv::Mat want = reference_blur(img, p);
    run.engine().apply(p, view(img), view(img));
    EXPECT_MAT_EQ(img, want, "box_blur in place, threads " + std::to_string(threads));
    cv::Mat gray = textured_image(53, 47, 1, 95u + unsigned(threads));
    const MeanCParams mp{9, 1.0, false, 255};
    const cv::Mat want_gray = reference_mean_c(gray, mp);
    run.engine().apply(mp, view(gray), view(gray));
    EXPECT_MAT_EQ(gray, want_gray, "mean_c in place, threads " + std::to_string(threads));
  }
}

TEST(CpuThreads, NegativeThreadCountRejected) {
  Runner run(Backend::Cpu, {8, 8});
  EXPECT_THROW(run.engine().set_cpu_threads(-1), Error);
  EXPECT_EQ(run.engine().cpu_threads(), 0);
}

}  // namespace
}  // namespace sat::test
