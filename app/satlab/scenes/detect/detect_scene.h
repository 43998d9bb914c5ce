// The detect scene (--filter detect): sat::Detector (a Haar cascade on satcore's tables; CUDA
// when it runs, else the CPU backend) on every frame of the source, the frame on both sides of the
// divider and the boxes drawn over it right of the divider (ImGui's background draw list, through
// the view). The frame is shown through the image pipeline (no filter), and on CUDA the detector
// reads the frame that pipeline uploaded: one upload per frame. Its stages are the upload, then
// the detector's (pyramid, tables, cascade, grouping). Now and
// then, and when asked (C, --compare-cpu), the same frame goes through OpenCV's
// cv::CascadeClassifier with the same parameters: the speed-up, and whether the boxes agree (the
// same count, each pair at IoU >= 0.9). The automatic comparisons are only started where OpenCV
// can finish within kAutoCompareBudgetMs (detect/compare_budget.h); the panel says why not.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scenes/detect/box_agreement.h"
#include "scenes/detect/frame_detector.h"
#include "scenes/detect/opencv_cascade.h"
#include "scenes/scene.h"

namespace satlab::scene {

// One comparison with OpenCV, on one frame.
struct DetectComparison {
  bool valid = false;
  std::string what;  // describe() of the settings
  int width = 0, height = 0;
  sat::Backend backend = sat::Backend::Cpu;
  double ours_ms = 0;      // satcore's detect() on that frame, wall time (boxes on the host), plus its upload
  double opencv_ms = 0;    // detectMultiScale, wall time
  int opencv_threads = 0;  // cv::getNumThreads()
  BoxAgreement agreement;
  std::vector<sat::Box> opencv_boxes;
};

class DetectScene final : public Scene {
 public:
  // Seconds between two comparisons with OpenCV while "now and then" is on.
  static constexpr double kComparePeriodS = 5.0;

  DetectScene(MessageLog& log, PipelineSelector& backends);

  FrameResult update(const FrameContext& ctx) override;
  SceneReport report() const override;
  cv::Mat input_buffer(int width, int height) override;
  void draw_panels(UiState& ui, const ViewState& view) override;
  std::string summary(const SceneSettings& shown) const override;
  bool print_comparison() const override;
  DumpPictures dump_pictures(const cv::Mat& source, InteropTexture& before, InteropTexture& after) override;

  const std::vector<sat::Box>& boxes() const { return boxes_; }
  const DetectComparison& comparison() const { return comparison_; }
  // Why the cascade or parameters asked for last were refused ("" when they run).
  const std::string& problem() const { return problem_; }
  // Why the last automatic comparison with OpenCV was not started ("" when it was).
  const std::string& compare_skipped() const { return compare_skipped_; }

 private:
  // Makes the detector `wanted` asks for; one satcore refuses leaves `wanted` as what runs instead
  // (the chooser then shows it). False: no detector can run.
  bool follow_settings(DetectSettings& wanted, const DetectSettings& last_good);
  void detect(const cv::Mat& frame);
  // The detector on `frame`: on CUDA the copy the image pipeline uploaded for this frame (its
  // upload's GPU time into upload_ms_), on the CPU the host frame. Throws sat::Error.
  const std::vector<sat::Box>& run_detector(const cv::Mat& frame);
  void compare(const cv::Mat& frame);
  void draw_boxes(const ViewState& view) const;

  MessageLog& log_;
  PipelineSelector& backends_;
  std::vector<std::string> cascades_;  // the chooser's list
  std::optional<FrameDetector> detector_;
  std::unique_ptr<OpenCvCascade> opencv_;
  std::vector<sat::Box> boxes_;
  long long windows_ = 0;  // accepted by the whole cascade, before grouping
  int scales_ = 0;
  satapp::StageTimeline stages_;
  double upload_ms_ = 0;  // the image pipeline's upload of the frame the detector last read (CUDA)
  DetectComparison comparison_;
  bool auto_compare_ = true;
  double since_compare_s_ = 0;
  bool compare_soon_ = true;    // the first frame of new settings is compared
  bool compare_asked_ = false;  // by the user (C, the button, --compare-cpu): runs whatever it costs
  bool detected_ = false;       // the detector ran on this frame (windows_ is this frame's)
  std::string compare_skipped_;
  std::string detect_error_;  // the last detect() error, logged once
  bool have_output_ = false;
  bool used_interop_ = false;
  std::string interop_problem_;
  std::string problem_;
  std::string refused_;  // the settings' text last refused, so that a refusal is logged once
  cv::Mat last_frame_;   // the frame the boxes belong to (a reference, for dump_pictures)
};

}  // namespace satlab::scene
