// Owns the scene shown and the settings that last worked. It follows the mode the settings ask
// for (the previous scene is destroyed, its GL and CUDA resources released, before the next one
// is made: one scene lives at a time), runs its frames and settles what each one returns: shown
// settings become the last good ones, rejected ones go back to them, a scene that cannot go on
// hands over to the one it names. Scenes never edit the settings they are given.
#pragma once

#include <memory>

#include "scenes/registry.h"
#include "scenes/scene.h"

namespace satlab::scene {

// The rollback, once for every scene: applies `result` to the panels' `settings` and `last_good`.
void settle(const FrameResult& result, SceneSettings& settings, SceneSettings& last_good);

class SceneSwitcher {
 public:
  // `first`: the settings the run starts with, taken as good until a frame says otherwise.
  SceneSwitcher(SceneDeps deps, const SceneSettings& first) : deps_(std::move(deps)), last_good_(first) {}

  // Makes the scene of settings.scene unless it is shown already. One that cannot start is
  // logged, and the image filters are shown instead (`settings` then says so: the filter that
  // last worked, else box).
  Scene& follow(SceneSettings& settings);
  // One frame of the current scene on ctx.ui, which is `ui`; settles the result into ui.settings,
  // takes the comparison it asked for (a frame that showed or refused something took it) and
  // shows the backend that runs (a CUDA failure falls back to the CPU).
  FrameResult update(const FrameContext& ctx, UiState& ui);

  Scene& current() { return *scene_; }  // after the first follow()
  const Scene& current() const { return *scene_; }
  const SceneSettings& last_good() const { return last_good_; }
  // Applies `edit` to `settings` and the last good settings alike (what no frame may bring back,
  // e.g. a filter image the source's frames cannot take).
  template <typename Edit>
  void edit_both(SceneSettings& settings, Edit edit) {
    edit(settings);
    edit(last_good_);
  }

 private:
  SceneDeps deps_;
  SceneSettings last_good_;
  std::unique_ptr<Scene> scene_;
};

}  // namespace satlab::scene
