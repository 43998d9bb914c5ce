// satlab reads its filters from satcore's catalog (sat/filter_spec.h): every test here iterates
// sat::filter_catalog(), so a filter added to satcore is covered without an edit. The command line,
// the filter menu and the generated control panel, the keys, the live sliders' ranges, the variable
// blur's focus click (through the view's pan and zoom), the CPU pipeline and the CPU comparison.
#include <gtest/gtest.h>
#include <imgui.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cctype>
#include <limits>
#include <string>
#include <vector>

#include "common/frame/host_frame.h"
#include "pipeline/backend_comparison.h"
#include "pipeline/cpu_pipeline.h"
#include "pipeline/mat_view.h"
#include "radius_map_settings.h"
#include "sat/error.h"
#include "scenes/registry.h"
#include "state/ui_state.h"
#include "test_images.h"
#include "test_options.h"
#include "ui/comparison_text.h"
#include "ui/filter_controls.h"
#include "ui/live_range.h"
#include "ui/shortcuts.h"

namespace satlab {
namespace {

using test::differing;
using test::parse;
using test::synthetic_frame;

const std::vector<sat::FilterInfo>& catalog() { return sat::filter_catalog(); }

std::string name_of(std::size_t i) { return std::string(catalog()[i].name); }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A filter satcore describes but does not run yet says so (sat::ErrorCode::Unsupported); such a
// filter is skipped, by name, until satcore implements it.
#define SKIP_IF_NOT_IMPLEMENTED(statement)                                      \
  try {                                                                         \
    statement;                                                                  \
  } catch (const sat::Error& e) {                                               \
    if (e.code() != sat::ErrorCode::Unsupported) throw;                         \
    GTEST_SKIP() << "satcore does not implement this filter yet: " << e.what(); \
  }

class EachCatalogFilter : public ::testing::TestWithParam<int> {
 protected:
  std::size_t index() const { return static_cast<std::size_t>(GetParam()); }
  const sat::FilterInfo& info() const { return catalog()[index()]; }
  FilterKind kind() const { return filter_kind_of_index(index()); }
};

std::string test_name(const ::testing::TestParamInfo<int>& param) {
  std::string name = name_of(static_cast<std::size_t>(param.param));
  std::replace_if(
      name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
  return name;
}

// ---- the filter menu and the command line ---------------------------------------------------------

// The filter menu's entries by name, in its order (scenes/registry.h).
std::vector<std::string> menu_names() {
  std::vector<std::string> names;
  for (const MenuEntry& entry : scene::filter_menu().entries()) names.push_back(entry.name);
  return names;
}

TEST(FilterMenu, ListsNoneEveryCatalogFilterTheShadowDemoAndTheDetector) {
  ASSERT_EQ(static_cast<std::size_t>(kCatalogSize), catalog().size());
  std::vector<std::string> expected = {"none"};
  for (std::size_t i = 0; i < catalog().size(); ++i) expected.push_back(name_of(i));
  expected.emplace_back("shadows");
  expected.emplace_back("detect");
  EXPECT_EQ(menu_names(), expected);
  for (const MenuEntry& entry : scene::filter_menu().entries()) EXPECT_FALSE(entry.tooltip.empty()) << entry.name;
}

TEST_P(EachCatalogFilter, NamesAliasesAndDefaults) {
  EXPECT_STREQ(to_string(kind()), info().name.data());
  EXPECT_EQ(parse_filter_kind(info().name), kind());
  for (std::string_view alias : info().aliases) EXPECT_EQ(parse_filter_kind(alias), kind()) << alias;
  EXPECT_EQ(outputs_gray(kind()), info().output == sat::FilterOutput::Gray);

  FilterSettings settings;
  settings.kind = kind();
  ASSERT_NE(settings.spec(), nullptr);
  EXPECT_EQ(settings.spec()->index(), index()) << "specs[i] holds the i-th filter";
  EXPECT_EQ(describe(settings), sat::describe(info().defaults)) << "satcore's defaults";
  EXPECT_NO_THROW(sat::validate(*settings.spec()));
}

TEST_P(EachCatalogFilter, CommandLineSelectsIt) {
  const AppOptions o = parse({"--filter", info().name.data()});
  EXPECT_EQ(o.scene, kFiltersScene);
  EXPECT_EQ(o.filter.kind, kind());
  const std::string help = usage_text();
  EXPECT_TRUE(contains(help, std::string(info().name))) << "--filter's help names it";
}

TEST(FilterSettings, NoneAndTheShownSpec) {
  FilterSettings settings;
  EXPECT_EQ(settings.kind, FilterKind::Box);
  settings.kind = FilterKind::None;
  EXPECT_EQ(settings.spec(), nullptr);
  EXPECT_EQ(describe(settings), "none");
  settings.kind = static_cast<FilterKind>(kCatalogSize + 1);  // outside the menu
  EXPECT_EQ(settings.spec(), nullptr);
  EXPECT_STREQ(to_string(settings.kind), "?");
  EXPECT_FALSE(parse_filter_kind("median"));
  EXPECT_EQ(parse_filter_kind("none"), FilterKind::None);

  // show() selects a filter with its parameters and keeps the others' as they were.
  settings.params<sat::MeanCParams>().block = 21;
  settings.show(sat::BoxBlurParams{9, 7, sat::Border::Replicate});
  EXPECT_EQ(settings.kind, FilterKind::Box);
  EXPECT_EQ(describe(settings), sat::describe(sat::BoxBlurParams{9, 7, sat::Border::Replicate}));
  EXPECT_EQ(settings.params<sat::MeanCParams>().block, 21);
}

TEST(AppOptions, UnknownFilterNamesTheMenu) {
  try {
    parse({"--filter", "median"});
    FAIL() << "accepted --filter median";
  } catch (const UsageError& e) {
    const std::string message = e.what();
    for (const std::string& entry : menu_names()) EXPECT_TRUE(contains(message, entry)) << message;
  }
}

// ---- the live sliders' ranges ---------------------------------------------------------------------

sat::ParamInfo int_param(double min, double max, bool odd = false) {
  sat::ParamInfo p;
  p.kind = sat::ParamKind::Int;
  p.min = min;
  p.max = max;
  p.odd = odd;
  return p;
}

sat::ParamInfo real_param(double min, double max, bool min_open, bool max_open, double step) {
  sat::ParamInfo p;
  p.kind = sat::ParamKind::Real;
  p.min = min;
  p.max = max;
  p.min_open = min_open;
  p.max_open = max_open;
  p.step = step;
  return p;
}

TEST(LiveRange, SizesAreCappedAndLogarithmic) {
  const LiveRange window = live_range(int_param(3, 8191, true), 15);
  EXPECT_EQ(window.min, 3);
  EXPECT_EQ(window.max, 255);
  EXPECT_TRUE(window.logarithmic);
  EXPECT_TRUE(is_size(int_param(3, 8191, true)));
  const LiveRange even_ends = live_range(int_param(2, 8191, true), 15);
  EXPECT_EQ(even_ends.min, 3) << "odd-only: the ends move to odd values";
  EXPECT_EQ(even_ends.max, 255);
  const LiveRange radius = live_range(int_param(0, 1024), 16);
  EXPECT_EQ(radius.min, 0);
  EXPECT_EQ(radius.max, 255);
  // A value range that fits (8-bit output values) is not a size: whole, linear.
  const LiveRange value = live_range(int_param(1, 255), 255);
  EXPECT_EQ(value.max, 255);
  EXPECT_FALSE(value.logarithmic);
  EXPECT_FALSE(is_size(int_param(1, 255)));
  const LiveRange odd_small = live_range(int_param(1, 100, true), 3);
  EXPECT_EQ(odd_small.max, 99);
}

TEST(LiveRange, RealOpenEndsAndUnboundedSides) {
  // 0 < k < 1: the open ends move in by the step (the slider never reaches a refused value).
  const LiveRange k = live_range(real_param(0, 1, true, true, 0.01), 0.2);
  EXPECT_DOUBLE_EQ(k.min, 0.01);
  EXPECT_DOUBLE_EQ(k.max, 0.99);
  EXPECT_FALSE(k.logarithmic);
  // 0 <= t < 100.
  const LiveRange t = live_range(real_param(0, 100, false, true, 0.1), 15);
  EXPECT_DOUBLE_EQ(t.min, 0);
  EXPECT_DOUBLE_EQ(t.max, 99.9);
  // Any real (C of the mean threshold, default 2): ±25 × max(|2|, 10 × step).
  const double inf = std::numeric_limits<double>::infinity();
  const LiveRange c = live_range(real_param(-inf, inf, false, false, 0.1), 2);
  EXPECT_DOUBLE_EQ(c.min, -50);
  EXPECT_DOUBLE_EQ(c.max, 50);
  EXPECT_FALSE(c.logarithmic);
  // eps > 0 (default 400), unbounded above: step .. 25 × 400, logarithmic.
  const LiveRange eps = live_range(real_param(0, inf, true, false, 1), 400);
  EXPECT_DOUBLE_EQ(eps.min, 1);
  EXPECT_DOUBLE_EQ(eps.max, 10000);
  EXPECT_TRUE(eps.logarithmic);
  // A bounded range over decades (the variance's scale, 0 < scale <= 16384): logarithmic too,
  // printed with significant digits (a fixed step would round its small end away).
  const LiveRange scale = live_range(real_param(0, 16384, true, false, 1), 64);
  EXPECT_DOUBLE_EQ(scale.min, 1);
  EXPECT_DOUBLE_EQ(scale.max, 16384);
  EXPECT_TRUE(scale.logarithmic);
  EXPECT_EQ(slider_format(scale, 1), "%.4g");
  EXPECT_EQ(slider_format(k, 0.01), "%.2f");
  // A huge finite end counts as unbounded.
  EXPECT_DOUBLE_EQ(live_range(real_param(0, 1e300, false, false, 1), 4).max, 250);
  EXPECT_EQ(decimals(0.01), 2);
  EXPECT_EQ(decimals(0.1), 1);
  EXPECT_EQ(decimals(0.5), 1);
  EXPECT_EQ(decimals(1), 0);
  EXPECT_EQ(decimals(0), 0);
}

TEST_P(EachCatalogFilter, DefaultsLieInsideTheLiveRanges) {
  for (const sat::ParamInfo& param : info().params) {
    if (param.kind == sat::ParamKind::Image) continue;
    const double value = sat::get_param(info().defaults, param.name);
    const LiveRange range = live_range(param, value);
    SCOPED_TRACE(std::string(param.name));
    EXPECT_LE(range.min, value);
    EXPECT_GE(range.max, value);
    // The slider's ends are values the catalog takes.
    for (double end : {range.min, range.max}) {
      sat::FilterSpec spec = info().defaults;
      EXPECT_NO_THROW(sat::set_param(spec, param.name, end)) << end;
    }
  }
}

// ---- the generated control panel ------------------------------------------------------------------

// An ImGui context without a renderer: enough to lay out widgets (nothing is drawn).
class ImGuiFrame {
 public:
  ImGuiFrame() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1280, 800);
    io.DeltaTime = 1.0f / 60.0f;
    io.IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    ImGui::NewFrame();
    ImGui::Begin("test");
  }
  ~ImGuiFrame() {
    ImGui::End();
    ImGui::EndFrame();
    ImGui::DestroyContext();
  }
  ImGuiFrame(const ImGuiFrame&) = delete;
  ImGuiFrame& operator=(const ImGuiFrame&) = delete;
};

TEST_P(EachCatalogFilter, PanelDrawsEveryParameterWithoutChangingIt) {
  sat::FilterSpec spec = info().defaults;
  bool square = true;
  {
    ImGuiFrame frame;
    draw_filter_params(spec, square);
  }
  EXPECT_EQ(sat::describe(spec), sat::describe(info().defaults)) << "drawing changes nothing";
  EXPECT_NO_THROW(sat::validate(spec));
}

TEST(FilterControls, SquareKernelSides) {
  FilterSettings settings;
  EXPECT_TRUE(sides_equal(settings));  // satcore's defaults: 3x3
  settings.params<sat::BoxBlurParams>().kernel_height = 5;
  EXPECT_FALSE(sides_equal(settings));
  // Square: drawing the panel makes the height follow the width.
  bool square = true;
  sat::FilterSpec spec = sat::BoxBlurParams{9, 5, sat::Border::Reflect101};
  {
    ImGuiFrame frame;
    draw_filter_params(spec, square);
  }
  EXPECT_EQ(std::get<sat::BoxBlurParams>(spec).kernel_height, 9);
  square = false;
  spec = sat::BoxBlurParams{9, 5, sat::Border::Reflect101};
  {
    ImGuiFrame frame;
    draw_filter_params(spec, square);
  }
  EXPECT_EQ(std::get<sat::BoxBlurParams>(spec).kernel_height, 5);
}

// ---- keys -------------------------------------------------------------------------------------------

TEST(Shortcuts, NextAndPreviousWalkTheWholeMenu) {
  UiState ui;
  ViewState view;
  show_filter(ui.settings, FilterKind::None);
  const std::vector<std::string> menu = menu_names();
  std::vector<std::string> forward, backward;
  for (std::size_t i = 0; i <= menu.size(); ++i) {
    forward.emplace_back(menu_name(ui.settings));
    apply_shortcuts({GLFW_KEY_N}, ui, view, scene::filter_menu(), false);
  }
  std::vector<std::string> expected = menu;
  expected.push_back(menu.front());  // wraps around
  EXPECT_EQ(forward, expected);
  for (std::size_t i = 0; i <= menu.size(); ++i) {
    backward.emplace_back(menu_name(ui.settings));
    apply_shortcuts({GLFW_KEY_P}, ui, view, scene::filter_menu(), false);
  }
  std::reverse(expected.begin(), expected.end());
  expected.insert(expected.begin(), menu[1]);
  expected.pop_back();
  EXPECT_EQ(backward, expected);
}

TEST_P(EachCatalogFilter, BracketsStepItsSizes) {
  UiState ui;
  ViewState view;
  show_filter(ui.settings, kind());
  const sat::FilterSpec before = *ui.settings.filter.spec();
  apply_shortcuts({GLFW_KEY_RIGHT_BRACKET}, ui, view, scene::filter_menu(), false);
  const sat::FilterSpec& after = *ui.settings.filter.spec();
  for (const sat::ParamInfo& param : info().params) {
    if (param.kind == sat::ParamKind::Image) continue;
    const double was = sat::get_param(before, param.name), now = sat::get_param(after, param.name);
    if (is_size(param))
      EXPECT_EQ(now, was + 2) << param.name;
    else
      EXPECT_EQ(now, was) << param.name << " is not a size";
  }
  EXPECT_NO_THROW(sat::validate(after));
  apply_shortcuts({GLFW_KEY_LEFT_BRACKET}, ui, view, scene::filter_menu(), false);
  EXPECT_EQ(sat::describe(*ui.settings.filter.spec()), sat::describe(before));
}

// ---- the variable blur's focus, clicked on the image --------------------------------------------

TEST(ViewState, ImageFractionFollowsZoomAndPan) {
  ViewState view;
  EXPECT_FALSE(view.image_fraction({10, 10})) << "no image yet";
  view.update(200, 100, RectF{0, 0, 800, 600});  // Auto: 1:1, centred at (300, 250)
  ASSERT_FLOAT_EQ(view.zoom(), 1.0f);
  auto f = view.image_fraction({300 + 50, 250 + 25});
  ASSERT_TRUE(f);
  EXPECT_FLOAT_EQ(f->x, 0.25f);
  EXPECT_FLOAT_EQ(f->y, 0.25f);
  EXPECT_FALSE(view.image_fraction({299, 260})) << "left of the image";
  EXPECT_FALSE(view.image_fraction({300 + 200, 260})) << "the right edge is outside";

  view.zoom_at(2.0f, {300, 250});  // zoom 2 about the image's top-left corner: it stays put
  view.pan({-100, -50});           // then the image moves up and left
  const Vec2f origin = view.origin();
  EXPECT_FLOAT_EQ(origin.x, 200.0f);
  EXPECT_FLOAT_EQ(origin.y, 200.0f);
  f = view.image_fraction({origin.x + 2.0f * 150, origin.y + 2.0f * 75});  // image pixel (150, 75)
  ASSERT_TRUE(f);
  EXPECT_FLOAT_EQ(f->x, 0.75f);
  EXPECT_FLOAT_EQ(f->y, 0.75f);
  const Vec2f corner = view.to_screen({200, 100});
  EXPECT_FALSE(view.image_fraction(corner)) << "the bottom-right corner is outside";
}

TEST(FocusClick, MovesTheVariableBlursFocusOnlyForFocusAndTiltShift) {
  FilterSettings settings;
  EXPECT_FALSE(aim_focus(settings, {0.2f, 0.7f})) << "box: no focus";
  settings.kind = filter_kind_of<sat::VariableBlurParams>();
  auto& blur = settings.params<sat::VariableBlurParams>();
  for (sat::RadiusShape shape : {sat::RadiusShape::Focus, sat::RadiusShape::TiltShift}) {
    blur.shape = shape;
    blur.focus_x = blur.focus_y = 0.5;
    EXPECT_TRUE(focus_follows_click(settings));
    EXPECT_TRUE(aim_focus(settings, {0.25f, 0.75f}));
    EXPECT_DOUBLE_EQ(blur.focus_x, 0.25);
    EXPECT_DOUBLE_EQ(blur.focus_y, 0.75);
    EXPECT_NO_THROW(sat::validate(*settings.spec()));
  }
  for (sat::RadiusShape shape : {sat::RadiusShape::Vignette, sat::RadiusShape::Map}) {
    blur.shape = shape;
    blur.focus_x = blur.focus_y = 0.5;
    EXPECT_FALSE(aim_focus(settings, {0.25f, 0.75f}));
    EXPECT_DOUBLE_EQ(blur.focus_x, 0.5);
  }
  // The view's fraction of a click through pan and zoom, into the spec.
  blur.shape = sat::RadiusShape::Focus;
  ViewState view;
  view.update(400, 300, RectF{0, 0, 400, 300});
  view.zoom_at(4.0f, {0, 0});
  const auto f = view.image_fraction(view.to_screen({100, 30}));
  ASSERT_TRUE(f);
  EXPECT_TRUE(aim_focus(settings, *f));
  EXPECT_NEAR(blur.focus_x, 0.25, 1e-6);
  EXPECT_NEAR(blur.focus_y, 0.1, 1e-6);
}

// ---- the CPU pipeline and the comparison -------------------------------------------------------

TEST_P(EachCatalogFilter, CpuPipelineRunsItAsSatcoreDoes) {
  const cv::Mat frame = synthetic_frame(161, 97, 3);
  PipelineSettings settings;
  settings.filter.kind = kind();
  CpuPipeline pipeline;
  SKIP_IF_NOT_IMPLEMENTED(pipeline.process(satapp::host_frame(frame), settings, nullptr, nullptr));
  cv::Mat output;
  pipeline.read_output(output);

  // satcore directly, on the input the pipeline gives it: gray for gray-output filters, else BGRA.
  sat::FilterEngine engine(sat::Backend::Cpu, sat::Extent{frame.cols, frame.rows});
  cv::Mat input, expected;
  if (outputs_gray(kind()))
    cv::cvtColor(frame, input, cv::COLOR_BGR2GRAY);
  else
    cv::cvtColor(frame, input, cv::COLOR_BGR2BGRA);
  const int channels = sat::output_channels(info().defaults, input.channels());
  expected.create(frame.rows, frame.cols, CV_8UC(channels));
  engine.apply(info().defaults, image_view(input), image_view(expected));
  if (channels == 4) cv::cvtColor(expected, expected, cv::COLOR_BGRA2BGR);
  EXPECT_EQ(output.channels(), outputs_gray(kind()) ? 1 : 3);
  EXPECT_EQ(differing(output, expected), 0);
}

TEST_P(EachCatalogFilter, ComparisonNamesOpenCvsTwinOrSaysThereIsNone) {
  const cv::Mat frame = test::random_image(67, 45, 3, 99);
  PipelineSettings settings;
  settings.filter.kind = kind();
  CpuPipeline as_gpu, cpu;
  SKIP_IF_NOT_IMPLEMENTED(as_gpu.process(satapp::host_frame(frame), settings, nullptr, nullptr));
  const BackendComparison c = compare_with_cpu(as_gpu, cpu, satapp::host_frame(frame), settings, 2);
  ASSERT_TRUE(c.valid);
  EXPECT_EQ(c.differing_pixels, 0) << "our CPU backend is always compared";
  EXPECT_FALSE(c.opencv.relation.empty());
  const std::string relation = opencv_relation_line(c);
  if (c.opencv.op.empty()) {
    EXPECT_TRUE(contains(relation, "no comparable op")) << relation;
    EXPECT_TRUE(contains(speedup_line(c), "satcore CPU")) << speedup_line(c);
    EXPECT_EQ(c.opencv_differing_pixels, -1);
  } else if (c.opencv.same_filter) {
    EXPECT_GE(c.opencv_differing_pixels, 0);
    EXPECT_GE(c.opencv_max_difference, 0);
  }
}

TEST(BackendComparison, LocalStatisticsAgreeWithBoxFilterAndSqrBoxFilter) {
  const cv::Mat frame = test::random_image(83, 59, 3, 7);
  for (sat::LocalStat output :
       {sat::LocalStat::Mean, sat::LocalStat::Variance, sat::LocalStat::StdDev, sat::LocalStat::Contrast}) {
    SCOPED_TRACE(static_cast<int>(output));
    PipelineSettings settings;
    sat::LocalStatsParams p;
    p.output = output;
    p.window = 9;
    settings.filter.show(p);
    CpuPipeline as_gpu, cpu;
    SKIP_IF_NOT_IMPLEMENTED(as_gpu.process(satapp::host_frame(frame), settings, nullptr, nullptr));
    const BackendComparison c = compare_with_cpu(as_gpu, cpu, satapp::host_frame(frame), settings, 1);
    EXPECT_EQ(c.opencv.op, "cv::boxFilter + cv::sqrBoxFilter");
    ASSERT_TRUE(c.opencv.same_filter);
    // Exact integer sums against double ones: only a rounding tie may come out one step apart.
    EXPECT_LE(c.opencv_max_difference, 1);
    EXPECT_LT(c.opencv_differing_pixels, 83 * 59 / 100) << opencv_relation_line(c);
  }
}

TEST(BackendComparison, GuidedFilterAgainstXimgproc) {
  const cv::Mat frame = synthetic_frame(120, 80, 4);
  for (sat::GuideKind guide : {sat::GuideKind::Self, sat::GuideKind::Gray}) {
    PipelineSettings settings;
    sat::GuidedParams p;
    p.guide = guide;
    p.radius = 4;
    settings.filter.show(p);
    CpuPipeline as_gpu, cpu;
    SKIP_IF_NOT_IMPLEMENTED(as_gpu.process(satapp::host_frame(frame), settings, nullptr, nullptr));
    const BackendComparison c = compare_with_cpu(as_gpu, cpu, satapp::host_frame(frame), settings, 1);
    if (c.opencv.op.empty()) {  // a build without opencv_contrib
      EXPECT_TRUE(contains(c.opencv.relation, "not in this build")) << c.opencv.relation;
      continue;
    }
    EXPECT_EQ(c.opencv.op, "cv::ximgproc::guidedFilter");
    EXPECT_LE(c.opencv_max_difference, 1) << "float32 against satcore: within a gray level";
  }
}

TEST(BackendComparison, VariableBlurHasNoOpenCvTwin) {
  PipelineSettings settings;
  settings.filter.kind = filter_kind_of<sat::VariableBlurParams>();
  const OpenCvPeer peer = run_opencv_peer(satapp::host_frame(synthetic_frame(32, 24, 0)), settings.filter, 1);
  EXPECT_TRUE(peer.op.empty());
  EXPECT_FALSE(peer.same_filter);
  EXPECT_TRUE(contains(peer.relation, "OpenCV has no")) << peer.relation;
  EXPECT_TRUE(contains(peer.relation, "satcore's CPU backend")) << peer.relation;
}

// With a radius map (--radius-map) the variable blur has an exact twin: cv::blur per radius.
TEST(BackendComparison, VariableBlurWithARadiusMapAgainstCvBlurPerRadius) {
  const cv::Mat frame = synthetic_frame(71, 53, 3);
  cv::Mat map(frame.size(), CV_8UC1);
  cv::randu(map, 0, 12);
  const PipelineSettings settings = test::radius_map_settings(map, 9);
  CpuPipeline as_gpu, cpu;
  SKIP_IF_NOT_IMPLEMENTED(as_gpu.process(satapp::host_frame(frame), settings, nullptr, nullptr));
  const BackendComparison c = compare_with_cpu(as_gpu, cpu, satapp::host_frame(frame), settings, 1);
  EXPECT_EQ(c.opencv.op, "cv::blur per radius of the map") << c.opencv.relation;
  EXPECT_TRUE(c.opencv.bit_exact);
  EXPECT_EQ(c.opencv_differing_pixels, 0) << opencv_relation_line(c);
}

INSTANTIATE_TEST_SUITE_P(Catalog, EachCatalogFilter, ::testing::Range(0, kCatalogSize), test_name);

}  // namespace
}  // namespace satlab
