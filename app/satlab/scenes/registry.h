// Every scene of satlab, each declared by its own folder: scenes/NAME/NAME_scene.cpp says
// SATLAB_SCENE_ENTRY(NAME, its SceneInfo, its factory), and the build lists the folders
// (CMakeLists.txt: a glob of scenes/*/*_scene.cpp) into the table scene_entries() returns. A new
// scene is a new folder; nothing central names it.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "scenes/scene.h"

namespace satlab::scene {

// What the app lends every scene it makes.
struct SceneDeps {
  MessageLog& log;
  PipelineSelector& backends;
  bool allow_interop = true;                   // --no-interop: false
  std::optional<std::array<float, 3>> camera;  // --camera (the shadow demo's start view)
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

// The table the build generates from the scene folders (no particular order).
const std::vector<const SceneEntry*>& scene_entries();
// The entry of `kind`; throws std::logic_error when no folder declares it.
const SceneEntry& scene_entry(satlab::Scene kind);

}  // namespace satlab::scene

// Defines scene_entry_NAME in namespace satlab::scene, which the generated table lists.
#define SATLAB_SCENE_ENTRY(name, info, make)                   \
  extern const ::satlab::scene::SceneEntry scene_entry_##name; \
  const ::satlab::scene::SceneEntry scene_entry_##name { info, make }
