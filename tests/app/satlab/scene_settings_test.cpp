// Each scene's own settings (label cpu, no display): kept by type in SceneSettings::scenes, and
// filled from the command line by the options the scene's folder registers through its entry
// (scenes/registry.h: SceneSettingsHooks::add_options).
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "app_options.h"
#include "common/cli/cli_app.h"
#include "scenes/detect/detect_settings.h"
#include "scenes/registry.h"
#include "scenes/shadows/shadow_settings.h"

namespace satlab {
namespace {

// Parses `args` with only the options the scenes register, into `settings`.
void parse_scene_options(PerSceneSettings& settings, std::vector<std::string> args) {
  CLI::App app;
  scene::add_scene_options(app, settings);
  std::vector<const char*> argv{"satlab"};
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  satapp::cli::parse(app, static_cast<int>(argv.size()), argv.data());
}

TEST(PerSceneSettings, GivesDefaultsUntilSet) {
  const PerSceneSettings none;
  EXPECT_EQ(none.get<ShadowSettings>().map_size, ShadowSettings{}.map_size);
  EXPECT_EQ(none.get<DetectSettings>(), DetectSettings{});
}

TEST(PerSceneSettings, CopiesAreIndependentValues) {
  PerSceneSettings a;
  a.get<ShadowSettings>().box_texels = 31;
  PerSceneSettings b = a;  // the switcher's last good settings are such a copy
  b.get<ShadowSettings>().box_texels = 7;
  b.get<DetectSettings>().params.min_neighbors = 9;
  EXPECT_EQ(a.get<ShadowSettings>().box_texels, 31);
  EXPECT_EQ(b.get<ShadowSettings>().box_texels, 7);
  EXPECT_EQ(a.get<DetectSettings>().params.min_neighbors, DetectSettings{}.params.min_neighbors);
}

TEST(PerSceneSettings, ReferencesSurviveOtherScenesSettings) {
  PerSceneSettings s;
  ShadowSettings& shadows = s.get<ShadowSettings>();  // an option binds to it before parsing
  s.get<DetectSettings>();                            // another scene's settings come after
  shadows.map_size = 2048;
  EXPECT_EQ(s.get<ShadowSettings>().map_size, 2048);
}

TEST(SceneOptions, EachSceneFolderRegistersItsOwn) {
  // Every scene that keeps settings of its own registers options for them; the image filters keep
  // the app's FilterSettings (their options are the shared filter options).
  for (const scene::SceneEntry* entry : scene::scene_entries()) {
    SCOPED_TRACE(entry->info.name);
    const bool own = entry->info.name != std::string(kFiltersScene);
    EXPECT_EQ(entry->info.settings.add_options != nullptr, own);
    EXPECT_EQ(entry->info.settings.describe != nullptr, own);
    EXPECT_EQ(entry->info.settings.dump_params != nullptr, own);
  }
}

TEST(SceneOptions, ParseIntoTheScenesSettings) {
  PerSceneSettings s;
  parse_scene_options(s, {"--shadow-mode", "pcf", "--box", "31", "--camera", "10,20.5,12", "--min-neighbors", "5",
                          "--scale-factor", "1.2", "--min-size", "24x30"});
  const ShadowSettings& shadows = s.get<ShadowSettings>();
  EXPECT_EQ(shadows.mode, ShadowMode::Pcf);
  EXPECT_EQ(shadows.box_texels, 31);
  ASSERT_TRUE(shadows.start_camera.has_value());
  EXPECT_FLOAT_EQ((*shadows.start_camera)[1], 20.5f);
  const DetectSettings& detect = s.get<DetectSettings>();
  EXPECT_EQ(detect.params.min_neighbors, 5);
  EXPECT_DOUBLE_EQ(detect.params.scale_factor, 1.2);
  EXPECT_EQ(detect.params.min_size.width, 24);
  EXPECT_EQ(detect.params.min_size.height, 30);
  EXPECT_EQ(detect.cascade, DetectSettings{}.cascade);  // not given: the scene's default
}

TEST(SceneOptions, RefuseValuesOutOfRangeNamingTheOption) {
  PerSceneSettings s;
  try {
    parse_scene_options(s, {"--box", "0"});
    FAIL() << "--box 0 was taken";
  } catch (const satapp::cli::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--box"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_scene_options(s, {"--camera", "0,95,10"}), satapp::cli::UsageError);  // pitch out of range
  EXPECT_THROW(parse_scene_options(s, {"--cascade", "/nonexistent/cascade.xml"}), satapp::cli::UsageError);
}

TEST(SceneOptions, ReachTheAppsSettingsAndHelp) {
  const char* argv[] = {"satlab", "--filter", "detect", "--min-neighbors", "4", "--light", "90,45"};
  const AppOptions o = parse_app_options(7, argv);
  const SceneSettings shown = scene_settings(o);
  EXPECT_EQ(shown.scene, "detect");
  EXPECT_EQ(shown.scenes.get<DetectSettings>().params.min_neighbors, 4);
  EXPECT_FALSE(shown.scenes.get<ShadowSettings>().animate_light);  // another scene's, kept for when it is shown
  // The cascade the detect scene reads is an input the outputs never replace.
  ASSERT_EQ(o.scene_files.size(), 1u);
  EXPECT_EQ(o.scene_files[0].first, "--cascade");
  EXPECT_EQ(o.scene_files[0].second, DetectSettings{}.cascade);
  // The help lists each scene's group, in the menu's order.
  const std::string help = usage_text();
  const auto shadows = help.find("Soft shadows (--filter shadows)"), detect = help.find("Detection (--filter detect)");
  ASSERT_NE(shadows, std::string::npos);
  ASSERT_NE(detect, std::string::npos);
  EXPECT_LT(shadows, detect);
}

TEST(SceneOptions, DescribeThroughTheScenes) {
  SceneSettings s;
  s.scene = "detect";
  s.scenes.get<DetectSettings>().params.min_neighbors = 7;
  EXPECT_NE(describe(s).find("neighbours 7"), std::string::npos) << describe(s);
  EXPECT_EQ(split_labels(s).right, "detections");
  EXPECT_NE(dump_params(s).find(" 7 "), std::string::npos) << dump_params(s);
  s.scene = kFiltersScene;
  EXPECT_EQ(split_labels(s).left, "before");
  EXPECT_TRUE(dump_params(s).empty());  // the image filters write NAME=VALUE pairs themselves
}

}  // namespace
}  // namespace satlab
