#include "scenes/registry.h"

#include <stdexcept>
#include <string>

namespace satlab::scene {

const SceneEntry& scene_entry(satlab::Scene kind) {
  for (const SceneEntry* entry : scene_entries())
    if (entry->info.kind == kind) return *entry;
  throw std::logic_error("no scene folder declares scene " + std::to_string(static_cast<int>(kind)));
}

void add_scene_options(CLI::App& app, PerSceneSettings& settings) {
  for (const SceneEntry* entry : scene_entries())
    if (entry->info.settings.add_options) entry->info.settings.add_options(app, settings);
}

std::vector<std::pair<std::string, std::string>> scene_input_files(const PerSceneSettings& settings) {
  std::vector<std::pair<std::string, std::string>> files;
  for (const SceneEntry* entry : scene_entries())
    if (entry->info.settings.input_files)
      for (auto& file : entry->info.settings.input_files(settings)) files.push_back(std::move(file));
  return files;
}

}  // namespace satlab::scene

namespace satlab {

namespace {
const scene::SceneSettingsHooks& hooks_of(const SceneSettings& shown) {
  return scene::scene_entry(shown.scene).info.settings;
}
}  // namespace

std::string describe(const SceneSettings& shown) {
  const auto describe_scene = hooks_of(shown).describe;
  return describe_scene ? describe_scene(shown) : describe(shown.filter);
}

SplitLabels split_labels(const SceneSettings& shown) {
  const auto labels = hooks_of(shown).split_labels;
  return labels ? labels(shown) : SplitLabels{"before", "after"};
}

std::string dump_params(const SceneSettings& shown) {
  const auto params = hooks_of(shown).dump_params;
  return params ? params(shown) : std::string();
}

}  // namespace satlab
