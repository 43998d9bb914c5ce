#include "scenes/scene_switcher.h"

#include <string>

namespace satlab::scene {

Scene& SceneSwitcher::follow(SceneSettings& settings, const SceneSettings& last_good) {
  if (scene_ && scene_->kind() == settings.scene) return *scene_;
  scene_.reset();  // the previous scene's resources go before the next one's come
  try {
    scene_ = make_scene(settings.scene, deps_);
  } catch (const std::exception& e) {
    deps_.log.error(std::string("the ") + menu_name(settings) + " scene cannot start: " + e.what());
    show_filter(settings, last_good.scene == satlab::Scene::Source ? last_good.filter.kind : FilterKind::Box);
    scene_ = make_scene(settings.scene, deps_);  // the image filters' scene holds nothing that can fail
  }
  return *scene_;
}

}  // namespace satlab::scene
