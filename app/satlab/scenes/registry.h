// Every scene of satlab, each declared by its own folder: scenes/NAME/NAME_scene.cpp says
// SATLAB_SCENE_ENTRY(NAME, its SceneInfo, its factory), and the build lists the folders
// (CMakeLists.txt: SATLAB_SCENES, in the filter menu's order) into the table scene_entries()
// returns. A new scene is a new folder and its name in that list; nothing else names it.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scenes/scene.h"

namespace satlab::scene {

// What the app lends every scene it makes.
struct SceneDeps {
  MessageLog& log;
  PipelineSelector& backends;
  bool allow_interop = true;  // --no-interop: false
};

struct SceneEntry {
  const SceneInfo& info;
  // Throws (GlContextError, sat::Error, std::runtime_error) when the scene cannot start; the
  // message says why.
  std::unique_ptr<Scene> (*make)(const SceneDeps& deps);
};

// The factory of a scene made from the log and the backends alone.
template <class SceneType>
std::unique_ptr<Scene> make_with_backends(const SceneDeps& deps) {
  return std::make_unique<SceneType>(deps.log, deps.backends);
}

// The table the build generates from the scene folders, in the filter menu's order.
const std::vector<const SceneEntry*>& scene_entries();
// The entry of the scene called `name` (SceneInfo::name); throws std::logic_error when no folder
// declares it.
const SceneEntry& scene_entry(const std::string& name);

// The filter menu: every scene's entries (SceneInfo::menu), in the scenes' order.
const FilterMenu& filter_menu();

// Every scene's command-line options (SceneSettingsHooks::add_options), bound to `settings`.
void add_scene_options(CLI::App& app, PerSceneSettings& settings);
// The files every scene's settings make the run read, as (option, path).
std::vector<std::pair<std::string, std::string>> scene_input_files(const PerSceneSettings& settings);

}  // namespace satlab::scene

namespace satlab {

// The filter menu's entry for what is shown: the filter's name, "shadows", "detect".
const std::string& menu_name(const SceneSettings& shown);
// Through the shown scene's hooks (scene.h: describe, split_labels, dump_params).
std::string describe(const SceneSettings& shown);
SplitLabels split_labels(const SceneSettings& shown);
std::string dump_params(const SceneSettings& shown);

}  // namespace satlab

// Defines scene_entry_NAME in namespace satlab::scene, which the generated table lists.
#define SATLAB_SCENE_ENTRY(name, info, make)                   \
  extern const ::satlab::scene::SceneEntry scene_entry_##name; \
  const ::satlab::scene::SceneEntry scene_entry_##name { info, make }
