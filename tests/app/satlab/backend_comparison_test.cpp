// The CPU-vs-GPU comparison (pipeline/backend_comparison.h) and its text (ui/comparison_text.h):
// OpenCV's counterpart of each filter is named, timed and compared, the core counts are reported,
// and the speed-up is stated against OpenCV. A CpuPipeline stands in for the GPU pipeline (no GPU
// here): both sides then give the same output, and the comparison's own logic is what is tested.
#include <gtest/gtest.h>

#include <opencv2/core.hpp>
#include <opencv2/core/utility.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "common/frame/host_frame.h"
#include "pipeline/backend_comparison.h"
#include "pipeline/cpu_pipeline.h"
#include "test_images.h"
#include "ui/comparison_text.h"

namespace satlab {
namespace {

cv::Mat textured_frame(int w, int h) {
  cv::Mat m(h, w, CV_8UC3);
  cv::RNG rng(12345);
  rng.fill(m, cv::RNG::UNIFORM, 0, 256);
  return m;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

BackendComparison compare(FilterKind kind, const cv::Mat& frame) {
  PipelineSettings settings;
  settings.filter.kind = kind;
  CpuPipeline as_gpu, cpu;
  as_gpu.process(satapp::host_frame(frame), settings, nullptr, nullptr);
  return compare_with_cpu(as_gpu, cpu, satapp::host_frame(frame), settings, 3);
}

TEST(BackendComparison, NamesTimesAndChecksOpenCvForEveryFilter) {
  const cv::Mat frame = textured_frame(97, 61);
  const int hw = int(std::max(1u, std::thread::hardware_concurrency()));
  constexpr FilterKind box = FilterKind::Box, mean_c = filter_kind_of<sat::MeanCParams>(),
                       sauvola = filter_kind_of<sat::SauvolaParams>(), bradley = filter_kind_of<sat::BradleyParams>();
  for (FilterKind kind : {box, mean_c, sauvola, bradley}) {
    SCOPED_TRACE(to_string(kind));
    const BackendComparison c = compare(kind, frame);
    ASSERT_TRUE(c.valid);
    EXPECT_EQ(c.differing_pixels, 0);
    EXPECT_EQ(c.reps, 3);
    EXPECT_EQ(c.hardware_threads, hw);
    EXPECT_EQ(c.satcore_cpu_threads, 0) << "the CPU engine chooses its threads";
    EXPECT_EQ(c.opencv.threads, cv::getNumThreads());
    EXPECT_TRUE(c.opencv.output.empty()) << "released once compared";
    EXPECT_GT(filter_ms(c.cpu), 0.0);
    const std::string threads = cpu_threads_line(c);
    EXPECT_TRUE(contains(threads, std::to_string(hw) + " hardware thread")) << threads;
    if (kind == sauvola && c.opencv.op.empty()) {  // a build without opencv_contrib
      EXPECT_TRUE(contains(c.opencv.relation, "not in this build")) << c.opencv.relation;
      continue;
    }
    EXPECT_GT(c.opencv.ms, 0.0);
    EXPECT_TRUE(contains(threads, "OpenCV on " + std::to_string(c.opencv.threads) + " threads")) << threads;
    EXPECT_TRUE(contains(speedup_line(c), "OpenCV's " + c.opencv.op)) << speedup_line(c);
    if (kind == box) {
      EXPECT_EQ(c.opencv.op, "cv::blur");
      EXPECT_EQ(c.opencv_differing_pixels, 0) << "cv::blur is bit-exact with satcore";
      EXPECT_TRUE(contains(opencv_relation_line(c), "outputs identical")) << opencv_relation_line(c);
    } else if (kind == mean_c) {
      EXPECT_TRUE(contains(c.opencv.op, "cv::adaptiveThreshold")) << c.opencv.op;
      EXPECT_EQ(c.opencv_differing_pixels, 0);
    } else if (kind == sauvola) {
      EXPECT_TRUE(contains(c.opencv.op, "niBlackThreshold")) << c.opencv.op;
      EXPECT_GE(c.opencv_differing_pixels, 0) << "the same formula: its output is compared";
      EXPECT_LT(c.opencv_differing_pixels, 97 * 61 / 10) << "only pixels near their threshold may differ";
    } else {  // Bradley: OpenCV has none; the nearest op is timed, not compared
      EXPECT_TRUE(contains(c.opencv.op, "cv::adaptiveThreshold")) << c.opencv.op;
      EXPECT_FALSE(c.opencv.same_filter);
      EXPECT_EQ(c.opencv_differing_pixels, -1);
      EXPECT_TRUE(contains(opencv_relation_line(c), "no Bradley")) << opencv_relation_line(c);
    }
  }
}

TEST(BackendComparison, NoFilterHasNoOpenCvOp) {
  const BackendComparison c = compare(FilterKind::None, textured_frame(16, 9));
  EXPECT_TRUE(c.opencv.op.empty());
  EXPECT_EQ(c.opencv.ms, 0.0);
  EXPECT_TRUE(contains(opencv_relation_line(c), "no comparable op")) << opencv_relation_line(c);
  EXPECT_TRUE(contains(speedup_line(c), "no OpenCV op")) << speedup_line(c);
}

TEST(ComparisonText, SpeedupIsStatedAgainstOpenCvFirst) {
  BackendComparison c;
  c.gpu[Stage::Sat].ms = 0.2;
  c.gpu[Stage::Filter].ms = 0.3;
  c.gpu[Stage::Convert].ms = 9.0;  // not part of the filter's time
  c.cpu[Stage::Sat].ms = 0.0;
  c.cpu[Stage::Filter].ms = 6.0;
  c.opencv.op = "cv::blur";
  c.opencv.relation = "bit-exact";
  c.opencv.ms = 4.5;
  c.opencv.threads = 2;
  c.opencv_differing_pixels = 0;
  c.hardware_threads = 2;
  c.reps = 5;
  EXPECT_DOUBLE_EQ(filter_ms(c.gpu), 0.5);
  EXPECT_DOUBLE_EQ(speedup(4.5, 0.5), 9.0);
  EXPECT_EQ(speedup(4.5, 0.0), 0.0);
  EXPECT_EQ(speedup_line(c), "GPU filter 0.500 ms: 9.0x OpenCV's cv::blur (4.500 ms), 12.0x satcore CPU (6.000 ms)");
  EXPECT_EQ(cpu_threads_line(c),
            "CPU: 2 hardware threads; OpenCV on 2 threads; satcore CPU on all 2 (automatic: one thread for small "
            "frames); medians of up to 5 runs");
  EXPECT_EQ(opencv_relation_line(c), "cv::blur, bit-exact: outputs identical to satcore's");
  c.opencv_differing_pixels = 7;
  EXPECT_EQ(opencv_relation_line(c), "cv::blur, bit-exact: outputs differ from satcore's in 7 pixels");
  c.opencv_max_difference = 1;
  EXPECT_EQ(opencv_relation_line(c), "cv::blur, bit-exact: outputs differ from satcore's in 7 pixels, by at most 1");
}

// A decoder's NV12 frame is compared as the pipelines read it: the gray filters on its luma plane
// in both pipelines and in OpenCV's twin (so a bit-exact twin agrees), not on the gray of its BGR.
TEST(BackendComparison, Nv12FramesCompareOnTheirLuma) {
  const int width = 64, height = 40;
  const satapp::Frame nv12 = test::nv12_frame(width, height, 11u);
  PipelineSettings settings;
  settings.filter.show(sat::MeanCParams{7, 3.0, true, 255});
  CpuPipeline as_gpu, cpu;
  as_gpu.process(nv12, settings, nullptr, nullptr);
  const BackendComparison c = compare_with_cpu(as_gpu, cpu, nv12, settings, 1);
  EXPECT_TRUE(c.valid);
  EXPECT_EQ(c.differing_pixels, 0);
  EXPECT_EQ(c.opencv.op, "cv::adaptiveThreshold (MEAN_C)");
  EXPECT_EQ(c.opencv_differing_pixels, 0);
  EXPECT_EQ(c.width, width);
  EXPECT_EQ(c.height, height);
}

// The CPU backend's comparison: satcore's CPU against OpenCV alone, a fault only where a bit-exact
// op differs.
TEST(BackendComparison, CpuBackendAgainstOpenCv) {
  const cv::Mat frame = textured_frame(97, 61);
  PipelineSettings settings;
  settings.filter.kind = FilterKind::Box;
  CpuPipeline cpu;
  BackendComparison c = compare_with_opencv(cpu, satapp::host_frame(frame), settings, 3);
  EXPECT_TRUE(c.valid);
  EXPECT_TRUE(c.cpu_only);
  EXPECT_EQ(c.opencv.op, "cv::blur");
  EXPECT_TRUE(c.opencv.bit_exact);
  EXPECT_EQ(c.opencv_differing_pixels, 0);
  EXPECT_GT(filter_ms(c.cpu), 0.0);
  EXPECT_GT(c.opencv.ms, 0.0);
  EXPECT_FALSE(comparison_failed(c));
  EXPECT_TRUE(contains(cpu_speed_line(c), "OpenCV's cv::blur")) << cpu_speed_line(c);
  c.opencv_differing_pixels = 3;  // a bit-exact op that differs is a fault
  EXPECT_TRUE(comparison_failed(c));
  c.opencv.bit_exact = false;  // a same-formula op may differ
  EXPECT_FALSE(comparison_failed(c));
}

}  // namespace
}  // namespace satlab
