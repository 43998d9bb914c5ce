// Makes the scene of a mode (scene/scene.h) from what the app lends every scene.
#pragma once

#include <array>
#include <memory>
#include <optional>

#include "scenes/scene.h"

namespace satlab::scene {

struct SceneDeps {
  MessageLog& log;
  PipelineSelector& backends;
  bool allow_interop = true;                         // --no-interop: false
  std::optional<std::array<float, 3>> camera;        // --camera (the shadow demo's start view)
};

// Throws (GlContextError, sat::Error, std::runtime_error) when the scene cannot start; the
// message says why.
std::unique_ptr<Scene> make_scene(satlab::Scene kind, const SceneDeps& deps);

}  // namespace satlab::scene
