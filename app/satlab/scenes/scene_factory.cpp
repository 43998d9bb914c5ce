#include "scenes/scene_factory.h"

#include "scenes/detect/detect_scene.h"
#include "scenes/filters/filters_scene.h"
#include "scenes/shadows/shadows_scene.h"

namespace satlab::scene {

std::unique_ptr<Scene> make_scene(satlab::Scene kind, const SceneDeps& deps) {
  switch (kind) {
    case satlab::Scene::Shadows: return std::make_unique<ShadowsScene>(deps.log, deps.allow_interop, deps.camera);
    case satlab::Scene::Detect: return std::make_unique<DetectScene>(deps.log, deps.backends);
    case satlab::Scene::Source: break;
  }
  return std::make_unique<FiltersScene>(deps.log, deps.backends);
}

}  // namespace satlab::scene
