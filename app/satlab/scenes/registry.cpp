#include "scenes/registry.h"

#include <stdexcept>
#include <string>

namespace satlab::scene {

const SceneEntry& scene_entry(satlab::Scene kind) {
  for (const SceneEntry* entry : scene_entries())
    if (entry->info.kind == kind) return *entry;
  throw std::logic_error("no scene folder declares scene " + std::to_string(static_cast<int>(kind)));
}

}  // namespace satlab::scene
