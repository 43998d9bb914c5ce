#include "scenes/scene.h"

#include <atomic>

namespace satlab::scene {

namespace {
std::atomic<int> live_scenes{0};
}  // namespace

Scene::Scene(const SceneInfo& info) : info_(info) { ++live_scenes; }
Scene::~Scene() { --live_scenes; }
int Scene::live_count() { return live_scenes.load(); }
std::string Scene::summary(const SceneSettings& shown) const { return describe(info_, shown); }

std::string describe(const SceneInfo& info, const SceneSettings& shown) {
  return info.settings.describe ? info.settings.describe(shown) : describe(shown.filter);
}

SplitLabels split_labels(const SceneInfo& info, const SceneSettings& shown) {
  return info.settings.split_labels ? info.settings.split_labels(shown) : SplitLabels{"before", "after"};
}

std::string dump_params(const SceneInfo& info, const SceneSettings& shown) {
  return info.settings.dump_params ? info.settings.dump_params(shown) : std::string();
}

}  // namespace satlab::scene
