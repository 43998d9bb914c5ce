#include "state/scene_settings.h"

namespace satlab {

void show_filter(SceneSettings& s, FilterKind kind) {
  s.scene = kFiltersScene;
  s.filter.kind = kind;
}

}  // namespace satlab
