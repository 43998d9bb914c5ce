#include "scenes/scene_switcher.h"

#include <string>

namespace satlab::scene {

void settle(const FrameResult& result, SceneSettings& settings, SceneSettings& last_good) {
  switch (result.outcome) {
    case FrameResult::Outcome::Shown:
      if (result.settings) settings = *result.settings;
      last_good = settings;
      break;
    case FrameResult::Outcome::Rejected:
      if (result.settings) last_good = *result.settings;  // nothing ever worked: these do
      settings = last_good;
      break;
    case FrameResult::Outcome::Switch:
      settings = *result.settings;
      break;
    case FrameResult::Outcome::Nothing:
      break;
  }
}

Scene& SceneSwitcher::follow(SceneSettings& settings) {
  if (scene_ && scene_->name() == settings.scene) return *scene_;
  scene_.reset();  // the previous scene's resources go before the next one's come
  try {
    scene_ = scene_entry(settings.scene).make(deps_);
  } catch (const std::exception& e) {
    deps_.log.error(std::string("the ") + menu_name(settings) + " scene cannot start: " + e.what());
    show_filter(settings, shows_image_filter(last_good_) ? last_good_.filter.kind : FilterKind::Box);
    scene_ = scene_entry(settings.scene).make(deps_);  // the image filters' scene holds nothing that can fail
  }
  return *scene_;
}

FrameResult SceneSwitcher::update(const FrameContext& ctx, UiState& ui) {
  FrameResult result = scene_->update(ctx);
  settle(result, ui.settings, last_good_);
  if (result.outcome != FrameResult::Outcome::Nothing) ui.compare_backends = false;
  ui.backend = deps_.backends.backend();
  return result;
}

}  // namespace satlab::scene
