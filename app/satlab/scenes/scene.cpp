#include "scenes/scene.h"

#include "scenes/registry.h"

#include <atomic>

namespace satlab::scene {

namespace {
std::atomic<int> live_scenes{0};
}  // namespace

Scene::Scene(const SceneInfo& info) : info_(info) { ++live_scenes; }
Scene::~Scene() { --live_scenes; }
int Scene::live_count() { return live_scenes.load(); }
std::string Scene::summary(const SceneSettings& shown) const { return describe(shown); }

}  // namespace satlab::scene
