#include "scenes/detect/detect_scene.h"

#include <imgui.h>
#include <opencv2/core/utility.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "common/timing/stopwatch.h"
#include "scenes/detect/cascade_list.h"
#include "scenes/detect/compare_budget.h"
#include "scenes/detect/detect_options.h"
#include "scenes/registry.h"
#include "ui/counted.h"
#include "ui/live_range.h"

namespace satlab::scene {

namespace {

const ImVec4 kError(1.0f, 0.4f, 0.35f, 1.0f);
const ImVec4 kGood(0.5f, 0.9f, 0.5f, 1.0f);
const ImVec4 kDim(0.65f, 0.65f, 0.65f, 1.0f);

std::string file_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

// The image pipeline that shows the frame as it is on both sides (no filter): the same display
// path (CUDA-GL interop, surfaces, host uploads) as the image filters.
PipelineSettings show_frame(const SceneSettings& shown) {
  PipelineSettings p;
  p.filter.kind = FilterKind::None;
  p.sat = shown.sat;
  return p;
}

std::string agreement_text(const BoxAgreement& a) {
  char text[160];
  if (a.agree())
    std::snprintf(text, sizeof text, "boxes agree: %d = %d, every pair IoU >= %.1f", a.ours, a.theirs, kAgreeingIoU);
  else
    std::snprintf(text, sizeof text, "boxes DIFFER: satcore %d, OpenCV %d, %d paired at IoU >= %.1f", a.ours, a.theirs,
                  a.paired, kAgreeingIoU);
  return text;
}

std::string speed_text(const DetectComparison& c) {
  char text[200];
  std::snprintf(text, sizeof text, "satcore %s %.2f ms, OpenCV CascadeClassifier (%d threads) %.2f ms: %.1fx",
                sat::to_string(c.backend), c.ours_ms, c.opencv_threads, c.opencv_ms,
                c.ours_ms > 0 ? c.opencv_ms / c.ours_ms : 0.0);
  return text;
}

constexpr float kPanelWidth = 380;

// The scene's stages: the frame's upload by the shared frame pipeline, then the detector's.
satapp::StageTimeline detect_scene_stages() {
  satapp::StageTimeline stages{"upload"};
  for (const satapp::StageTime& stage : detector_stages()) stages.add(stage.name);
  return stages;
}
constexpr int kUploadStage = 0;  // the detector's stages follow it

SeriesLabels detect_stage_labels(sat::Backend backend) {
  return {detect_scene_stages(), "detect",
          backend == sat::Backend::Cuda ? "GPU time of the detector (CUDA events)"
                                        : "wall time of the detector (CPU backend)"};
}

// Its settings, kept in SceneSettings::scenes (per_scene_settings.h).
const DetectSettings& own(const SceneSettings& s) { return s.scenes.get<DetectSettings>(); }

std::string detect_dump_params(const SceneSettings& s) {
  const DetectSettings& d = own(s);
  const sat::DetectParams& p = d.params;
  std::ostringstream out;
  out << ' ' << d.cascade << ' ' << p.scale_factor << ' ' << p.min_neighbors << ' ' << p.min_size.width << 'x'
      << p.min_size.height << ' ' << p.max_size.width << 'x' << p.max_size.height;
  return out.str();
}

// Its name, which the filter menu and --filter take as well.
constexpr char kName[] = "detect";

std::vector<MenuEntry> detect_menu() {
  return {{kName, "Viola-Jones: the objects a Haar cascade finds in the source",
           "detect: the objects a Haar cascade finds in the source (below)"}};
}

const SceneInfo kDetectInfo{
    kName,
    &detect_menu,
    /*shows_source=*/true,
    /*navigates_view=*/true,
    kPanelWidth,
    &detect_stage_labels,
    {[](CLI::App& app, PerSceneSettings& s) { add_detect_options(app, s.get<DetectSettings>()); },
     [](const PerSceneSettings& s) {  // the cascade is read: no output may replace it
       return std::vector<std::pair<std::string, std::string>>{{"--cascade", s.get<DetectSettings>().cascade}};
     },
     [](SceneSettings&) { ImGui::TextColored(kDim, "cascade and parameters: the Detection window"); },
     [](const SceneSettings& s) { return describe(own(s)); },
     // The frame on both sides, the detections over it on the right.
     [](const SceneSettings&) {
       return SplitLabels{"frame", "detections"};
     },
     &detect_dump_params}};

}  // namespace

SATLAB_SCENE_ENTRY(detect, kDetectInfo, &make_with_backends<DetectScene>);

DetectScene::DetectScene(MessageLog& log, PipelineSelector& backends)
    : Scene(kDetectInfo), log_(log), backends_(backends), cascades_(list_cascades(kHaarCascadeFolder)) {}

bool DetectScene::follow_settings(DetectSettings& wanted, const DetectSettings& last_good) {
  const sat::Backend backend = backends_.backend();
  const auto runs = [&](const DetectSettings& settings) {
    return detector_ && detector_->settings() == settings && detector_->backend() == backend;
  };
  if (runs(wanted)) return true;
  const std::string asked = describe(wanted) + " " + sat::to_string(backend);
  try {
    // Made small (it grows with the first frame), so the running one stays until this one works.
    FrameDetector next(backend, wanted);
    detector_.reset();
    detector_.emplace(std::move(next));
  } catch (const sat::Error& e) {
    problem_ = e.what();
    if (asked != refused_) log_.error(std::string("detect: ") + e.what());  // once, however often asked
    refused_ = asked;
    // Back to what runs (the chooser then shows it); the first settings have nothing to go back to.
    const DetectSettings fallback = detector_ ? detector_->settings() : last_good;
    if (fallback == wanted) return false;
    wanted = fallback;
    if (runs(wanted)) return true;
    try {  // the backend changed under a refused edit: what ran, on this backend
      detector_.reset();
      detector_.emplace(backend, wanted);
      return true;
    } catch (const sat::Error&) {
      return false;
    }
  }
  problem_.clear();
  refused_.clear();
  compare_soon_ = true;
  if (!opencv_ || opencv_->path() != wanted.cascade) {
    opencv_.reset();
    if (OpenCvCascade::available()) {
      try {
        opencv_ = std::make_unique<OpenCvCascade>(wanted.cascade);
      } catch (const std::exception& e) {
        log_.warning(std::string("no comparison with OpenCV: ") + e.what());
      }
    }
  }
  return true;
}

FrameResult DetectScene::update(const FrameContext& ctx) {
  stages_ = {};
  used_interop_ = false;
  since_compare_s_ += ctx.dt_s;
  const cv::Mat& frame = ctx.source.host();
  if (frame.empty()) return FrameResult::nothing();  // e.g. a camera still opening
  SceneSettings shown = ctx.ui.settings;
  if (!backends_.process(satapp::host_frame(frame), show_frame(shown), &ctx.before, &ctx.after))
    return FrameResult::rejected(kSettingsRefused);
  have_output_ = true;
  used_interop_ = backends_.backend() == sat::Backend::Cuda && backends_.current().display_path() == kDisplayInterop;
  interop_problem_ = backends_.backend() == sat::Backend::Cuda ? ctx.before.interop_problem() : "";
  last_frame_ = frame;
  detected_ = false;
  if (follow_settings(shown.scenes.get<DetectSettings>(), own(ctx.last_good)))
    detect(frame);
  else
    boxes_.clear();
  if (ctx.ui.compare_backends) {  // the C key, the button, --compare-cpu's last frame
    compare_soon_ = true;
    compare_asked_ = true;
  }
  if (auto_compare_ && since_compare_s_ >= kComparePeriodS) compare_soon_ = true;
  if (compare_soon_ && detector_) compare(frame);
  return FrameResult::shown(std::move(shown));
}

const std::vector<sat::Box>& DetectScene::run_detector(const cv::Mat& frame) {
  upload_ms_ = 0;
  if (detector_->backend() == sat::Backend::Cpu) return detector_->detect(frame);
  const std::optional<FramePipeline::DeviceInput> input = backends_.current().device_input();
  if (!input || input->bgr.width != frame.cols || input->bgr.height != frame.rows)
    throw sat::Error(sat::ErrorCode::Unsupported, "DetectScene", "the CUDA pipeline holds no copy of this frame");
  const std::vector<sat::Box>& boxes = detector_->detect(input->bgr, input->stream);
  upload_ms_ = backends_.current().last_timings()[Stage::Upload].ms;  // the frame is done: no wait
  return boxes;
}

namespace {

// A slider for each catalog parameter that has values worth one (sat::DetectParamInfo's usual
// span), labelled by its name; a value the catalog refuses (typed in) is not taken.
void detect_param_sliders(sat::DetectParams& params) {
  for (const sat::DetectParamInfo& info : sat::detect_param_catalog()) {
    if (!(info.usual_max > info.usual_min)) continue;
    const std::string_view name = info.param.name;
    std::string label(name);
    std::replace(label.begin(), label.end(), '_', ' ');
    const auto take = [&](double value, sat::DetectSide side) {
      if (sat::in_range(info.param, value)) sat::set_detect_param(params, name, value, side);
    };
    if (info.size) {
      const int lo = int(info.usual_min), hi = int(info.usual_max);
      int sides[2] = {int(sat::get_detect_param(params, name, sat::kWidth)),
                      int(sat::get_detect_param(params, name, sat::kHeight))};
      if (ImGui::SliderInt2((label + " (px)").c_str(), sides, lo, hi)) {
        take(sides[0], sat::kWidth);
        take(sides[1], sat::kHeight);
      }
    } else if (info.param.kind == sat::ParamKind::Real) {
      double value = sat::get_detect_param(params, name);
      const std::string format = "%." + std::to_string(decimals(info.param.step)) + "f";
      if (ImGui::SliderScalar(label.c_str(), ImGuiDataType_Double, &value, &info.usual_min, &info.usual_max,
                              format.c_str()))
        take(value, sat::kWidth);
    } else {
      int value = int(sat::get_detect_param(params, name));
      if (ImGui::SliderInt(label.c_str(), &value, int(info.usual_min), int(info.usual_max))) take(value, sat::kWidth);
    }
  }
}

}  // namespace

void DetectScene::detect(const cv::Mat& frame) {
  try {
    boxes_ = run_detector(frame);
  } catch (const sat::Error& e) {
    boxes_.clear();
    // Too many windows (sat::kMaxDetectWindows) is the cascade's doing, on either backend.
    if (detector_->backend() == sat::Backend::Cpu || e.code() == sat::ErrorCode::Unsupported) {
      if (detect_error_ != e.what()) log_.error(std::string("detect: ") + e.what());  // once, not every frame
      detect_error_ = e.what();
      return;
    }
    // A CUDA failure: the CPU backend from now on (the next frame makes a CPU detector).
    backends_.disable_cuda(std::string("CUDA error in the detector (") + e.what() + ")");
    detector_.reset();
    return;
  }
  const sat::DetectTimes& t = detector_->times();
  stages_ = detect_scene_stages();
  stages_[kUploadStage].ms = upload_ms_;
  const satapp::StageTimeline& found = detector_->stages();
  for (int i = 0; i < found.size(); ++i) stages_[kUploadStage + 1 + i].ms = found[i].ms;
  windows_ = t.windows;
  scales_ = t.scales;
  detected_ = true;
  detect_error_.clear();
}

void DetectScene::compare(const cv::Mat& frame) {
  compare_soon_ = false;
  since_compare_s_ = 0;
  const bool asked = compare_asked_;
  compare_asked_ = false;
  if (!opencv_) return;
  DetectComparison c;
  c.what = describe(detector_->settings());
  c.width = frame.cols;
  c.height = frame.rows;
  if (!asked) {  // automatic: only what can finish within the budget
    const bool same = comparison_.valid && comparison_.what == c.what && comparison_.width == c.width &&
                      comparison_.height == c.height;
    const std::string why = !detected_ ? "not compared automatically: the detector failed on this frame"
                                       : auto_compare_refusal(windows_, same ? comparison_.opencv_ms : 0.0);
    if (!why.empty()) {
      if (compare_skipped_.empty()) log_.warning(why);  // once, until a comparison runs again
      compare_skipped_ = why;
      return;
    }
  }
  compare_skipped_.clear();
  c.backend = detector_->backend();
  c.opencv_threads = cv::getNumThreads();
  try {
    // Timed again on this frame: the frame's own detect() may have included growing the detector.
    const satapp::Stopwatch clock;
    run_detector(frame);
    c.ours_ms = clock.elapsed_ms() + upload_ms_;  // the frame's upload too: OpenCV starts on the host
    c.opencv_boxes = opencv_->detect(frame, detector_->settings().params, c.opencv_ms);
  } catch (const sat::Error& e) {
    log_.warning(std::string("the comparison with OpenCV failed: ") + e.what());
    return;
  } catch (const cv::Exception& e) {
    log_.warning(std::string("the comparison with OpenCV failed: ") + e.what());
    return;
  }
  c.agreement = compare_boxes(boxes_, c.opencv_boxes);
  c.valid = true;
  // Logged when it changes, not every few seconds.
  const bool news = !comparison_.valid || comparison_.agreement.agree() != c.agreement.agree() ||
                    comparison_.what != c.what || comparison_.agreement.ours != c.agreement.ours;
  comparison_ = std::move(c);
  if (news)
    log_.info("vs OpenCV, " + comparison_.what + ": " + speed_text(comparison_) + "; " +
              agreement_text(comparison_.agreement));
}

cv::Mat DetectScene::input_buffer(int width, int height) { return backends_.current().input_buffer(width, height); }

SceneReport DetectScene::report() const {
  return {stages_, have_output_ ? backends_.current().display_path() : "", interop_problem_, used_interop_, nullptr};
}

std::string DetectScene::summary(const SceneSettings& shown) const {
  return describe(own(shown)) + ": " + counted(static_cast<long long>(boxes_.size()), "object");
}

bool DetectScene::print_comparison() const {
  if (!comparison_.valid) {
    std::printf("satlab: --compare-cpu: no comparison with OpenCV (%s)\n",
                !OpenCvCascade::available() ? OpenCvCascade::unavailable_reason()
                : !detector_                ? "no detector ran"
                                            : "OpenCV could not load the cascade");
    std::fflush(stdout);
    return false;  // a comparison was asked for and none was made
  }
  const DetectComparison& c = comparison_;
  std::printf("satlab: detector vs OpenCV on the last frame (%dx%d, %s):\n", c.width, c.height, c.what.c_str());
  std::printf("satlab: %s\n", speed_text(c).c_str());
  std::printf("satlab: %s\n", agreement_text(c.agreement).c_str());
  std::fflush(stdout);
  return c.agreement.agree();
}

DumpPictures DetectScene::dump_pictures(const cv::Mat& source, InteropTexture& /*before*/, InteropTexture& /*after*/) {
  DumpPictures pictures;
  pictures.input = source;
  pictures.output = source;  // the textures show the frame as it is; the boxes are drawn over it
  pictures.extra_lines = "objects " + std::to_string(boxes_.size()) + "\n";
  for (const sat::Box& b : boxes_)
    pictures.extra_lines += "box " + std::to_string(b.x) + " " + std::to_string(b.y) + " " + std::to_string(b.width) +
                            " " + std::to_string(b.height) + "\n";
  return pictures;
}

void DetectScene::draw_boxes(const ViewState& view) const {
  if (view.image_width() <= 0) return;
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  const auto screen = [&](float x, float y) {
    const Vec2f p = view.to_screen({x, y});
    return ImVec2(p.x / scale.x, p.y / scale.y);
  };
  const RectF image = view.image_rect();
  // Right of the divider only: its left shows the frame as it is ("frame" / "detections").
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  draw->PushClipRect(ImVec2(view.divider_screen_x() / scale.x, image.y / scale.y),
                     ImVec2((image.x + image.w) / scale.x, (image.y + image.h) / scale.y), true);
  for (const sat::Box& b : boxes_) {
    const ImVec2 a = screen(static_cast<float>(b.x), static_cast<float>(b.y));
    const ImVec2 c = screen(static_cast<float>(b.x + b.width), static_cast<float>(b.y + b.height));
    draw->AddRect(a, c, IM_COL32(0, 0, 0, 200), 0.0f, 0, 4.0f);
    draw->AddRect(a, c, IM_COL32(60, 255, 90, 255), 0.0f, 0, 2.0f);
  }
  draw->PopClipRect();
}

void DetectScene::draw_panels(UiState& ui, const ViewState& view) {
  ui.show_speedup = false;  // this panel shows the comparison, not the image filters' speed-up panel
  draw_boxes(view);
  // By default beside the timings, off the banners and the image; where the user moves it after.
  const RectF& place = ui.scene_panel;
  if (place.w > 0) {
    ImGui::SetNextWindowPos(ImVec2(place.x, place.y), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(place.w, place.h), ImGuiCond_FirstUseEver);
  } else {  // the panels are hidden: the top right corner
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(display.x - kPanelWidth - 10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(kPanelWidth, 0), ImGuiCond_FirstUseEver);
  }
  if (!ImGui::Begin("Detection")) {
    ImGui::End();
    return;
  }
  DetectSettings& s = ui.settings.scenes.get<DetectSettings>();
  ImGui::Text("%s", counted(static_cast<long long>(boxes_.size()), "object").c_str());
  ImGui::SameLine();
  ImGui::TextColored(kDim, "(%s over %d scales)", counted(windows_, "window").c_str(), scales_);
  ImGui::PushItemWidth(-120);
  if (ImGui::BeginCombo("cascade", file_name(s.cascade).c_str())) {
    for (const std::string& path : cascades_)
      if (ImGui::Selectable(file_name(path).c_str(), path == s.cascade)) s.cascade = path;
    if (cascades_.empty()) ImGui::TextColored(kDim, "none in %s (opencv-data)", kHaarCascadeFolder);
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.cascade.c_str());
  if (!problem_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kError);
    ImGui::TextWrapped("%s", problem_.c_str());
    ImGui::PopStyleColor();
  }
  detect_param_sliders(s.params);
  ImGui::PopItemWidth();
  ImGui::Separator();
  ImGui::TextUnformatted("vs OpenCV cv::CascadeClassifier (CPU)");
  if (!OpenCvCascade::available()) {
    ImGui::TextColored(kDim, "%s", OpenCvCascade::unavailable_reason());
  } else if (!compare_skipped_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kError);
    ImGui::TextWrapped("%s", compare_skipped_.c_str());
    ImGui::PopStyleColor();
  } else if (!comparison_.valid) {
    ImGui::TextColored(kDim, "not measured yet");
  } else {
    ImGui::TextColored(kDim, "%dx%d, %s", comparison_.width, comparison_.height, comparison_.what.c_str());
    ImGui::TextWrapped("%s", speed_text(comparison_).c_str());
    ImGui::TextColored(comparison_.agreement.agree() ? kGood : kError, "%s",
                       agreement_text(comparison_.agreement).c_str());
  }
  if (ImGui::Button("compare now (C)")) ui.compare_backends = true;
  ImGui::SameLine();
  ImGui::Checkbox("every 5 s", &auto_compare_);
  ImGui::End();
}

}  // namespace satlab::scene
