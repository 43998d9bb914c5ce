// satlab's scenes (scene/): one scene lives at a time as the mode switches, the detect scene finds
// what sat::Detector finds and agrees with OpenCV, refuses a cascade satcore cannot load with the
// loader's message and keeps running the last one; the detect scene's parts (options, the cascade
// chooser's list, the box agreement) without a display. The scenes need a GL context (EGL: Mesa
// here); those tests skip where there is none.
#include <gtest/gtest.h>

#include <opencv2/imgcodecs.hpp>  // the IMREAD_* flags only (the pictures are decoded with stb)
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "detect_test_data.h"
#include "display_test_support.h"
#include "scenes/detect/box_agreement.h"
#include "scenes/detect/cascade_list.h"
#include "scenes/detect/compare_budget.h"
#include "scenes/detect/detect_scene.h"
#include "scenes/registry.h"
#include "scenes/scene_switcher.h"
#include "scenes/shadows/shadow_settings.h"
#include "test_options.h"

namespace satlab {
namespace {

using test::parse;
using Outcome = scene::FrameResult::Outcome;

// What the app lends its scenes, on the CPU backend, with the display textures.
struct SceneRig {
  MessageLog log;
  PipelineSelector backends{sat::Backend::Cpu, log};
  InteropTexture before{false}, after{false};
  UiState ui;
  SceneSettings last_good;

  // One frame of `scene` on `frame`, settled as the switcher settles it.
  Outcome frame(scene::Scene& scene, const cv::Mat& frame, double dt_s = 0.02) {
    const scene::FrameContext ctx{frame, true, dt_s, ui, last_good, backends, before, after, 320, 240};
    const scene::FrameResult result = scene.update(ctx);
    scene::settle(result, ui.settings, last_good);
    return result.outcome;
  }
  bool logged(const std::string& text) const {
    for (const Message& m : log.recent())
      if (m.text.find(text) != std::string::npos) return true;
    return false;
  }
};

cv::Mat astronaut_bgr() { return detect_test::load_image("astronaut.png", cv::IMREAD_COLOR); }

// The detect scene after its first frame, scikit-image's astronaut (whose face it finds). Its
// textures need the test's GL context: made after SATLAB_REQUIRE_GL.
struct AstronautDetect {
  AstronautDetect() {
    rig.ui.settings.scene = "detect";
    first = rig.frame(scene, frame);
  }
  SceneRig rig;
  const cv::Mat frame = astronaut_bgr();
  satlab::scene::DetectScene scene{rig.log, rig.backends};  // qualified: the member takes the name
  Outcome first = Outcome::Nothing;
};

// ---- mode switching ----------------------------------------------------------------------------

TEST(SceneSwitcher, OneSceneLivesAtATime) {
  SATLAB_REQUIRE_GL(gl);
  SceneRig rig;
  const int before = scene::Scene::live_count();
  {
    scene::SceneSwitcher scenes({rig.log, rig.backends, false}, rig.ui.settings);
    const cv::Mat frame = astronaut_bgr();
    // Every mode in the menu's order, twice round, one frame each: always exactly one scene.
    for (int step = 0; step < 8; ++step) {
      scene::Scene& shown = scenes.follow(rig.ui.settings);
      EXPECT_EQ(shown.name(), rig.ui.settings.scene);
      EXPECT_EQ(scene::Scene::live_count(), before + 1) << "step " << step;
      EXPECT_EQ(rig.frame(shown, frame), Outcome::Shown) << "step " << step << ": " << menu_name(rig.ui.settings);
      // The same mode again keeps its scene.
      EXPECT_EQ(&scenes.follow(rig.ui.settings), &shown);
      if (shows_image_filter(rig.ui.settings)) rig.ui.settings.filter.kind = kAllFilterKinds.back();  // the last filter
      scene::filter_menu().show_next(rig.ui.settings);
    }
  }
  EXPECT_EQ(scene::Scene::live_count(), before);  // the switcher's scene went with it
}

// The rollback, written once for every scene: what a scene showed becomes the last good
// settings, a rejected edit goes back to them (or to the scene's own fallback where nothing ever
// worked), a scene that cannot go on names the next one without touching what last worked.
TEST(SceneSwitcher, SettlesWhatEachFrameReturns) {
  SceneSettings good, edited;
  good.filter.kind = FilterKind::Box;
  edited.filter.kind = kAllFilterKinds[2];
  SceneSettings settings = edited, last_good = good;
  scene::settle(scene::FrameResult::nothing(), settings, last_good);
  EXPECT_EQ(settings.filter.kind, kAllFilterKinds[2]);
  EXPECT_EQ(last_good.filter.kind, FilterKind::Box);

  scene::settle(scene::FrameResult::rejected("refused"), settings, last_good);
  EXPECT_EQ(settings.filter.kind, FilterKind::Box);  // back to what worked
  EXPECT_EQ(last_good.filter.kind, FilterKind::Box);

  settings = edited;
  scene::settle(scene::FrameResult::shown(), settings, last_good);
  EXPECT_EQ(last_good.filter.kind, kAllFilterKinds[2]);  // what was shown worked
  SceneSettings moved = edited;
  moved.scenes.get<ShadowSettings>().light_azimuth_deg = 123;
  scene::settle(scene::FrameResult::shown(moved), settings, last_good);  // the scene changed what it showed
  EXPECT_EQ(settings.scenes.get<ShadowSettings>().light_azimuth_deg, 123);
  EXPECT_EQ(last_good.scenes.get<ShadowSettings>().light_azimuth_deg, 123);

  SceneSettings defaults;
  defaults.filter.kind = kAllFilterKinds[3];
  scene::settle(scene::FrameResult::rejected("refused", defaults), settings, last_good);  // nothing ever worked
  EXPECT_EQ(settings.filter.kind, kAllFilterKinds[3]);
  EXPECT_EQ(last_good.filter.kind, kAllFilterKinds[3]);

  settings.scene = "shadows";
  SceneSettings filters = settings;
  show_filter(filters, FilterKind::Box);
  scene::settle(scene::FrameResult::switch_to(filters, "failed"), settings, last_good);
  EXPECT_EQ(settings.scene, kFiltersScene);
  EXPECT_EQ(settings.filter.kind, FilterKind::Box);
  EXPECT_EQ(last_good.filter.kind, kAllFilterKinds[3]);  // the switch showed nothing
}

// Each mode of the menu is a scene folder that declares itself (scenes/registry.h).
TEST(SceneRegistry, EveryModeHasTheSceneItsFolderDeclares) {
  EXPECT_EQ(scene::scene_entries().size(), 3u);
  for (const char* name : {kFiltersScene, "shadows", "detect"}) {
    const scene::SceneEntry& entry = scene::scene_entry(name);
    EXPECT_STREQ(entry.info.name, name);
    ASSERT_NE(entry.make, nullptr);
    ASSERT_NE(entry.info.stage_labels, nullptr);
    EXPECT_FALSE(entry.info.stage_labels(sat::Backend::Cpu).clock.empty());
  }
  EXPECT_FALSE(scene::scene_entry("shadows").info.shows_source);  // it renders its own world
  EXPECT_GT(scene::scene_entry("detect").info.panel_width, 0);
  EXPECT_THROW(scene::scene_entry("nope"), std::logic_error);
}

// The filter menu is the scenes' own entries, in the scenes' order, each naming its scene.
TEST(SceneRegistry, TheMenuListsEachSceneEntriesUnderItsName) {
  std::vector<std::string> scenes;
  for (const MenuEntry& entry : scene::filter_menu().entries()) {
    EXPECT_FALSE(entry.tooltip.empty()) << entry.name;
    EXPECT_EQ(entry.filter.has_value(), entry.scene == kFiltersScene) << entry.name;
    if (scenes.empty() || scenes.back() != entry.scene) scenes.push_back(entry.scene);
  }
  std::vector<std::string> declared;
  for (const scene::SceneEntry* entry : scene::scene_entries()) declared.emplace_back(entry->info.name);
  EXPECT_EQ(scenes, declared);
  EXPECT_EQ(declared, (std::vector<std::string>{kFiltersScene, "shadows", "detect"}));
}

TEST(SceneSettings, TheMenuEndsWithShadowsThenDetect) {
  SceneSettings s;
  show_filter(s, kAllFilterKinds.back());  // the last filter
  const FilterMenu& menu = scene::filter_menu();
  menu.show_next(s);
  EXPECT_EQ(s.scene, "shadows");
  menu.show_next(s);
  EXPECT_EQ(s.scene, "detect");
  EXPECT_EQ(menu_name(s), "detect");
  EXPECT_EQ(split_labels(s).right, "detections");
  EXPECT_EQ(describe(s), "detect haarcascade_frontalface_default.xml scale 1.1 neighbours 3 min 0x0");
  menu.show_next(s);
  EXPECT_EQ(s.scene, kFiltersScene);
  EXPECT_EQ(s.filter.kind, kAllFilterKinds[0]);
}

// ---- the detect scene ----------------------------------------------------------------------------

TEST(DetectScene, FindsWhatTheDetectorFindsAndAgreesWithOpenCv) {
  SATLAB_REQUIRE_GL(gl);
  AstronautDetect d;
  ASSERT_EQ(d.first, Outcome::Shown);

  sat::Detector direct(sat::Backend::Cpu,
                       sat::load_haar_cascade(d.rig.ui.settings.scenes.get<DetectSettings>().cascade),
                       {d.frame.cols, d.frame.rows}, {1.1, 3, {30, 30}});
  const std::vector<sat::Box>& expected = direct.detect({d.frame.data, d.frame.step, d.frame.cols, d.frame.rows, 3});
  ASSERT_FALSE(expected.empty());  // the astronaut's face
  ASSERT_EQ(d.scene.boxes().size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(d.scene.boxes()[i], expected[i]) << i;
  EXPECT_EQ(d.scene.summary(d.rig.ui.settings), describe(d.rig.ui.settings.scenes.get<DetectSettings>()) + ": " +
                                                    std::to_string(expected.size()) +
                                                    (expected.size() == 1 ? " object" : " objects"));

  // The first frame of new settings is compared with cv::CascadeClassifier.
  ASSERT_TRUE(d.scene.comparison().valid);
  EXPECT_TRUE(d.scene.comparison().agreement.agree());
  EXPECT_EQ(d.scene.comparison().agreement.theirs, static_cast<int>(expected.size()));
  EXPECT_GT(d.scene.comparison().opencv_ms, 0);
  EXPECT_TRUE(d.scene.print_comparison());

  // The stages reach the timing panel under the detector's names.
  // Its own stages, not another scene's slots: the upload, then the detector's.
  const satapp::StageTimeline t = d.scene.report().stages;
  ASSERT_EQ(t.size(), 5);
  const char* const names[] = {"upload", "pyramid", "tables", "cascade", "grouping"};
  for (int i = 0; i < t.size(); ++i) EXPECT_STREQ(t[i].name, names[i]) << i;
  EXPECT_GT(t.ms("cascade"), 0);
  EXPECT_EQ(t.ms("upload"), 0);  // the CPU backend reads the frame where it is
  EXPECT_STREQ(d.scene.info().stage_labels(sat::Backend::Cpu)[stage_series(3)], "cascade");
  EXPECT_STREQ(d.scene.info().stage_labels(sat::Backend::Cpu)[Series::PipelineTotal], "detect");

  // Another parameter makes another detector: no grouping gives the raw windows.
  d.rig.ui.settings.scenes.get<DetectSettings>().params.min_neighbors = 0;
  ASSERT_EQ(d.rig.frame(d.scene, d.frame), Outcome::Shown);
  EXPECT_GT(d.scene.boxes().size(), expected.size());
  EXPECT_EQ(d.rig.last_good.scenes.get<DetectSettings>().params.min_neighbors, 0);
}

TEST(DetectScene, RefusesACascadeItCannotLoadAndKeepsTheLastOne) {
  SATLAB_REQUIRE_GL(gl);
  AstronautDetect d;
  ASSERT_EQ(d.first, Outcome::Shown);
  const std::size_t found = d.scene.boxes().size();
  ASSERT_GT(found, 0u);

  const std::string old_format = detect_test::cascade_path("haarcascade_licence_plate_rus_16stages.xml");
  d.rig.ui.settings.scenes.get<DetectSettings>().cascade = old_format;
  ASSERT_EQ(d.rig.frame(d.scene, d.frame), Outcome::Shown);
  EXPECT_NE(d.scene.problem().find("haarcascade_licence_plate_rus_16stages.xml"), std::string::npos)
      << d.scene.problem();
  EXPECT_NE(d.scene.problem().find("old-style"), std::string::npos) << d.scene.problem();
  EXPECT_TRUE(d.rig.logged("old-style"));
  EXPECT_EQ(d.rig.ui.settings.scenes.get<DetectSettings>().cascade,
            d.rig.last_good.scenes.get<DetectSettings>().cascade);  // the chooser shows what runs
  EXPECT_NE(d.rig.ui.settings.scenes.get<DetectSettings>().cascade, old_format);
  EXPECT_EQ(d.scene.boxes().size(), found);

  // The same refusal is logged once, however often it is asked for.
  const long long messages = d.rig.log.total();
  d.rig.ui.settings.scenes.get<DetectSettings>().cascade = old_format;
  d.rig.frame(d.scene, d.frame);
  EXPECT_EQ(d.rig.log.total(), messages);
}

// A cascade that accepts every window: OpenCV would group ~100 000 raw windows pair by pair (tens
// of seconds); the automatic comparison is not started, and the panel says why.
TEST(DetectScene, DoesNotStartAComparisonThatCannotFinishInTime) {
  SATLAB_REQUIRE_GL(gl);
  const detect_test::TempDir dir;
  const std::string everything = dir.write(
      "everything.xml",
      detect_test::cascade_xml({24, 24},
                               {"<stageThreshold>-1e39</stageThreshold><weakClassifiers><_><internalNodes>0 -1 0 0."
                                "</internalNodes><leafValues>1e38 1e38</leafValues></_></weakClassifiers>"},
                               {"<_>0 0 24 12 1.</_><_>0 12 24 12 -1.</_>"}));
  SceneRig rig;
  rig.ui.settings.scene = "detect";
  rig.ui.settings.scenes.get<DetectSettings>().cascade = everything;
  rig.ui.settings.scenes.get<DetectSettings>().params.min_size = {0, 0};
  cv::Mat frame(240, 320, CV_8UC3);
  cv::randu(frame, 0, 256);
  scene::DetectScene scene(rig.log, rig.backends);
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_EQ(rig.frame(scene, frame), Outcome::Shown);  // the first frame of new settings
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 20.0);
  EXPECT_GT(scene.boxes().size(), 0u);
  EXPECT_FALSE(scene.comparison().valid);
  EXPECT_NE(scene.compare_skipped().find("not compared automatically"), std::string::npos) << scene.compare_skipped();
  EXPECT_NE(scene.compare_skipped().find("press C"), std::string::npos) << scene.compare_skipped();
  EXPECT_TRUE(rig.logged("not compared automatically"));
}

TEST(CompareBudget, ForecastsOpenCvsPairwiseGrouping) {
  EXPECT_EQ(auto_compare_refusal(10043, 0), "");            // a 3840x2160 frame of faces: ~0.1 s
  EXPECT_EQ(auto_compare_refusal(1374, 120), "");           // measured last time, within the budget
  EXPECT_NE(auto_compare_refusal(1374, 5000), "");          // measured last time: 5 s
  const std::string why = auto_compare_refusal(726000, 0);  // every window of a 960x540 frame
  EXPECT_NE(why.find("726000 raw windows"), std::string::npos) << why;
  EXPECT_NE(why.find("press C"), std::string::npos) << why;
}

TEST(DetectScene, ShowsTheFrameWithoutAFrameToShow) {
  SATLAB_REQUIRE_GL(gl);
  SceneRig rig;
  scene::DetectScene scene(rig.log, rig.backends);
  EXPECT_EQ(rig.frame(scene, cv::Mat()), Outcome::Nothing);  // a camera still opening
  EXPECT_TRUE(scene.boxes().empty());
  EXPECT_EQ(scene.report().display_path, "");
}

// ---- the detect scene's parts ----------------------------------------------------------------------

TEST(DetectOptions, ParsesAndRefusesCascadesSatcoreCannotLoad) {
  const AppOptions o =
      parse({"--filter", "detect", "--cascade", detect_test::cascade_path("haarcascade_eye.xml").c_str(),
             "--scale-factor", "1.2", "--min-neighbors", "5", "--min-size", "40"});
  EXPECT_EQ(o.scene, "detect");
  EXPECT_EQ(scene_settings(o).scene, "detect");
  EXPECT_EQ(scene_settings(o).scenes.get<DetectSettings>(), o.scenes.get<DetectSettings>());
  EXPECT_EQ(std::filesystem::path(o.scenes.get<DetectSettings>().cascade).filename(), "haarcascade_eye.xml");
  EXPECT_EQ(o.scenes.get<DetectSettings>().params.scale_factor, 1.2);
  EXPECT_EQ(o.scenes.get<DetectSettings>().params.min_neighbors, 5);
  EXPECT_EQ(o.scenes.get<DetectSettings>().params.min_size.width, 40);  // N: NxN, as satfilter takes it
  EXPECT_EQ(o.scenes.get<DetectSettings>().params.min_size.height, 40);
  const AppOptions sizes = parse({"--filter", "detect", "--min-size", "24x30", "--max-size", "200x180"});
  EXPECT_EQ(sizes.scenes.get<DetectSettings>().params.min_size.width, 24);
  EXPECT_EQ(sizes.scenes.get<DetectSettings>().params.min_size.height, 30);
  EXPECT_EQ(sizes.scenes.get<DetectSettings>().params.max_size.width, 200);
  EXPECT_EQ(sizes.scenes.get<DetectSettings>().params.max_size.height, 180);
  EXPECT_EQ(parse({"--filter", "detect"}).scenes.get<DetectSettings>(), DetectSettings{});
  // satcore's (OpenCV's) defaults, as satfilter has them: no minimum size.
  EXPECT_EQ(DetectSettings{}.params.min_size.width, 0);
  EXPECT_EQ(DetectSettings{}.params.scale_factor, 1.1);
  EXPECT_EQ(DetectSettings{}.params.min_neighbors, 3);

  const auto refused = [](std::vector<const char*> args, const std::string& words) {
    try {
      parse(args);
      ADD_FAILURE() << "accepted: " << words;
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  refused({"--cascade", "/nonexistent/cascade.xml"}, "/nonexistent/cascade.xml");
  const std::string old_format = detect_test::cascade_path("haarcascade_licence_plate_rus_16stages.xml");
  refused({"--cascade", old_format.c_str()}, "old-style");
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "satlab_scene_test";
  std::filesystem::create_directories(dir);
  const std::string truncated = (dir / "truncated.xml").string();
  std::ofstream(truncated) << "<?xml version=\"1.0\"?>\n<opencv_storage>\n<cascade>";
  refused({"--cascade", truncated.c_str()}, "truncated.xml");
  refused({"--scale-factor", "1.0"}, "--scale-factor");
  refused({"--scale-factor", "nan"}, "--scale-factor");
  refused({"--min-neighbors", "-1"}, "--min-neighbors");
  refused({"--min-size", "-3"}, "--min-size");
  refused({"--filter", "detector"}, "shadows, detect");
  std::filesystem::remove_all(dir);
}

// The detection options are generated from satcore's catalog (sat/detect_params.h): each takes
// its parameter's whole range, refuses the value past its lower end, and starts at its default.
TEST(DetectOptions, TakeTheCatalogsRangesAndDefaults) {
  const sat::DetectParams parsed_defaults = parse({"--filter", "detect"}).scenes.get<DetectSettings>().params;
  for (const sat::DetectParamInfo& info : sat::detect_param_catalog()) {
    const sat::ParamInfo& p = info.param;
    std::string option = "--" + std::string(p.name);
    std::replace(option.begin(), option.end(), '_', '-');
    SCOPED_TRACE(option);
    for (const sat::DetectSide side : {sat::kWidth, sat::kHeight})
      EXPECT_EQ(sat::get_detect_param(parsed_defaults, p.name, side),
                sat::get_detect_param(sat::DetectParams{}, p.name, side));
    const auto text = [](double v) {
      char t[32];
      std::snprintf(t, sizeof t, "%.17g", v);
      return std::string(t);
    };
    const std::string top = text(p.max);
    const sat::DetectParams at_top = parse({option.c_str(), top.c_str()}).scenes.get<DetectSettings>().params;
    EXPECT_EQ(sat::get_detect_param(at_top, p.name, sat::kWidth), p.max);
    if (info.size) EXPECT_EQ(sat::get_detect_param(at_top, p.name, sat::kHeight), p.max);
    const std::string below = text(p.min_open ? p.min : p.min - 1);
    EXPECT_THROW(parse({option.c_str(), below.c_str()}), UsageError) << below;
  }
}

TEST(CascadeList, ListsTheFolderSorted) {
  const std::vector<std::string> all = list_cascades(kHaarCascadeFolder);
  ASSERT_FALSE(all.empty()) << "install Debian's opencv-data";
  EXPECT_TRUE(std::is_sorted(all.begin(), all.end()));
  EXPECT_NE(std::find(all.begin(), all.end(), std::string(kDefaultCascade)), all.end());
  for (const std::string& path : all) EXPECT_EQ(std::filesystem::path(path).extension(), ".xml");
  EXPECT_TRUE(list_cascades("/nonexistent/folder").empty());
}

TEST(BoxAgreement, PairsBoxesInAnyOrderAtIoU09) {
  EXPECT_DOUBLE_EQ(iou({0, 0, 10, 10}, {0, 0, 10, 10}), 1.0);
  EXPECT_DOUBLE_EQ(iou({0, 0, 10, 10}, {5, 0, 10, 10}), 50.0 / 150.0);
  EXPECT_DOUBLE_EQ(iou({0, 0, 10, 10}, {10, 0, 10, 10}), 0.0);
  EXPECT_DOUBLE_EQ(iou({0, 0, 0, 10}, {0, 0, 0, 10}), 0.0);

  const std::vector<sat::Box> ours{{0, 0, 100, 100}, {200, 200, 50, 50}};
  const BoxAgreement same = compare_boxes(ours, {{200, 200, 50, 50}, {1, 0, 100, 100}});  // other order, 1 px off
  EXPECT_TRUE(same.agree());
  EXPECT_EQ(same.paired, 2);
  EXPECT_NEAR(same.worst_iou, 99.0 * 100 / (2 * 100 * 100 - 99 * 100), 1e-12);

  const BoxAgreement shifted = compare_boxes(ours, {{0, 0, 100, 100}, {210, 200, 50, 50}});  // IoU 0.67
  EXPECT_FALSE(shifted.agree());
  EXPECT_EQ(shifted.paired, 1);
  const BoxAgreement fewer = compare_boxes(ours, {{0, 0, 100, 100}});
  EXPECT_FALSE(fewer.agree());
  EXPECT_EQ(fewer.theirs, 1);
  // Two of ours on one of theirs: only one pairs.
  EXPECT_FALSE(compare_boxes({{0, 0, 100, 100}, {0, 0, 100, 100}}, {{0, 0, 100, 100}, {500, 0, 9, 9}}).agree());
  EXPECT_TRUE(compare_boxes({}, {}).agree());
}

}  // namespace
}  // namespace satlab
