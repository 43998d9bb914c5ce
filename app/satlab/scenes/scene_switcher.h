// Owns the scene shown and follows the mode the settings ask for: the previous scene is destroyed
// (its GL and CUDA resources released) before the next one is made, so one scene lives at a time.
#pragma once

#include <memory>

#include "scenes/scene.h"
#include "scenes/scene_factory.h"

namespace satlab::scene {

class SceneSwitcher {
 public:
  explicit SceneSwitcher(SceneDeps deps) : deps_(std::move(deps)) {}

  // Makes the scene of settings.scene unless it is shown already. One that cannot start is
  // logged, and the image filters are shown instead (`settings` then says so: the filter that
  // last_good showed, else box).
  Scene& follow(SceneSettings& settings, const SceneSettings& last_good);

  Scene& current() { return *scene_; }  // after the first follow()
  const Scene& current() const { return *scene_; }

 private:
  SceneDeps deps_;
  std::unique_ptr<Scene> scene_;
};

}  // namespace satlab::scene
