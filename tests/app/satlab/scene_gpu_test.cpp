// The detect scene on the CUDA backend (label gpu, skipped without a CUDA device): FrameDetector on
// the frame the image pipeline uploaded (no upload of its own) gives the CPU backend's boxes, also
// when a larger frame makes it grow; the detect scene with the CUDA pipeline (through CUDA-GL interop where the EGL
// context allows it) shows the CPU backend's boxes and agrees with OpenCV.
#include <gtest/gtest.h>

#include <opencv2/imgcodecs.hpp>  // the IMREAD_* flags only (the pictures are decoded with stb)
#include <opencv2/imgproc.hpp>

#include "common/frame/host_frame.h"
#include "cuda_test_support.h"
#include "detect_test_data.h"
#include "display_test_support.h"
#include "pipeline/cuda_pipeline.h"
#include "scenes/detect/detect_scene.h"
#include "scenes/detect/frame_detector.h"
#include "scenes/scene_switcher.h"

namespace satlab {
namespace {

cv::Mat astronaut_bgr() { return detect_test::load_image("astronaut.png", cv::IMREAD_COLOR); }

std::vector<sat::Box> cpu_boxes(const cv::Mat& frame, const DetectSettings& settings) {
  FrameDetector cpu(sat::Backend::Cpu, settings);
  return cpu.detect(frame);
}

// The frame through the image pipeline (no filter), then the detector on the copy it uploaded.
std::vector<sat::Box> detect_after_pipeline(CudaPipeline& pipeline, FrameDetector& detector, const cv::Mat& frame) {
  PipelineSettings show;
  show.filter.kind = FilterKind::None;
  pipeline.process(satapp::host_frame(frame), show, nullptr, nullptr);
  const std::optional<FramePipeline::DeviceInput> input = pipeline.device_input();
  if (!input) throw std::runtime_error("the CUDA pipeline lends no device input");
  EXPECT_EQ(input->bgr.width, frame.cols);
  EXPECT_EQ(input->bgr.height, frame.rows);
  EXPECT_EQ(input->bgr.channels, 3);
  return detector.detect(input->bgr, input->stream);
}

TEST(FrameDetectorGpu, GivesTheCpuBoxesOnThePipelinesUploadAndGrows) {
  SAT_REQUIRE_GPU();
  const cv::Mat full = astronaut_bgr();
  const cv::Mat crop = full(cv::Rect(100, 20, 301, 257)).clone();  // odd sizes, the face inside
  DetectSettings settings;
  CudaPipeline pipeline(sat::Options{});
  EXPECT_FALSE(pipeline.device_input());  // before the first frame
  FrameDetector gpu(sat::Backend::Cuda, settings);
  for (const cv::Mat* frame : {&crop, &full, &crop}) {  // small, larger (the detector grows), small again
    SCOPED_TRACE(std::to_string(frame->cols) + "x" + std::to_string(frame->rows));
    const std::vector<sat::Box> expected = cpu_boxes(*frame, settings);
    const std::vector<sat::Box> got = detect_after_pipeline(pipeline, gpu, *frame);
    ASSERT_EQ(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], expected[i]) << i;
    EXPECT_GT(pipeline.last_timings()[Stage::Upload].ms, 0);  // the one upload: the pipeline's
    EXPECT_GT(gpu.stages().ms("cascade"), 0);
  }
  settings.params.min_neighbors = 0;  // the raw windows
  FrameDetector raw(sat::Backend::Cuda, settings);
  EXPECT_EQ(detect_after_pipeline(pipeline, raw, full).size(), cpu_boxes(full, settings).size());
}

TEST(DetectSceneGpu, ShowsTheCpuBoxesAndAgreesWithOpenCv) {
  SAT_REQUIRE_GPU();
  SATLAB_REQUIRE_GL(gl);
  MessageLog log;
  PipelineSelector backends(sat::Backend::Cuda, log);
  ASSERT_EQ(backends.backend(), sat::Backend::Cuda) << backends.cuda_problem();
  InteropTexture before(true), after(true);
  UiState ui;
  ui.settings.scene = "detect";
  SceneSettings last_good;
  const cv::Mat frame = astronaut_bgr();
  scene::DetectScene detect(log, backends);
  for (int i = 0; i < 3; ++i) {
    const scene::FrameContext ctx{frame, i == 0, 0.02, ui, last_good, backends, before, after, 320, 240};
    const scene::FrameResult result = detect.update(ctx);
    ASSERT_EQ(result.outcome, scene::FrameResult::Outcome::Shown);
    scene::settle(result, ui.settings, last_good);
  }
  EXPECT_EQ(backends.backend(), sat::Backend::Cuda);  // no CUDA failure fell back to the CPU
  const std::vector<sat::Box> expected = cpu_boxes(frame, ui.settings.scenes.get<DetectSettings>());
  ASSERT_FALSE(expected.empty());
  ASSERT_EQ(detect.boxes().size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(detect.boxes()[i], expected[i]) << i;
  ASSERT_TRUE(detect.comparison().valid);
  EXPECT_EQ(detect.comparison().backend, sat::Backend::Cuda);
  EXPECT_TRUE(detect.comparison().agreement.agree());
  EXPECT_GT(detect.report().stages.ms("upload"), 0);  // the image pipeline's upload
  EXPECT_GT(detect.report().stages.ms("cascade"), 0);
  EXPECT_FALSE(detect.report().display_path.empty());
}

}  // namespace
}  // namespace satlab
