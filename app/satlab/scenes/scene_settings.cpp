#include "scenes/scene_settings.h"

#include <iterator>

namespace satlab {

const char* menu_name(const SceneSettings& s) {
  switch (s.scene) {
    case Scene::Shadows:
      return kShadowsMenuName;
    case Scene::Detect:
      return kDetectMenuName;
    case Scene::Source:
      break;
  }
  return to_string(s.filter.kind);
}

void show_filter(SceneSettings& s, FilterKind kind) {
  s.scene = Scene::Source;
  s.filter.kind = kind;
}

void show_next(SceneSettings& s) {
  if (s.scene == Scene::Shadows) {
    s.scene = Scene::Detect;
    return;
  }
  if (s.scene == Scene::Detect) return show_filter(s, kAllFilterKinds[0]);
  const int next = static_cast<int>(s.filter.kind) + 1;
  if (next == static_cast<int>(std::size(kAllFilterKinds)))
    s.scene = Scene::Shadows;  // after the last filter
  else
    s.filter.kind = static_cast<FilterKind>(next);
}

void show_previous(SceneSettings& s) {
  if (s.scene == Scene::Detect) {
    s.scene = Scene::Shadows;
    return;
  }
  if (s.scene == Scene::Shadows) return show_filter(s, kAllFilterKinds[std::size(kAllFilterKinds) - 1]);
  const int previous = static_cast<int>(s.filter.kind) - 1;
  if (previous < 0)
    s.scene = Scene::Detect;  // before the first filter: the last scene
  else
    s.filter.kind = static_cast<FilterKind>(previous);
}

}  // namespace satlab
