#include "scenes/registry.h"

#include <stdexcept>
#include <string>

namespace satlab::scene {

const SceneEntry& scene_entry(const std::string& name) {
  for (const SceneEntry* entry : scene_entries())
    if (entry->info.name == name) return *entry;
  throw std::logic_error("no scene folder declares the scene " + name);
}

const FilterMenu& filter_menu() {
  static const FilterMenu menu = [] {
    std::vector<MenuEntry> entries;
    for (const SceneEntry* scene : scene_entries())
      for (MenuEntry& entry : scene->info.menu()) {
        entry.scene = scene->info.name;
        entries.push_back(std::move(entry));
      }
    return FilterMenu(std::move(entries));
  }();
  return menu;
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
const scene::SceneInfo& info_of(const SceneSettings& shown) { return scene::scene_entry(shown.scene).info; }
}  // namespace

const std::string& menu_name(const SceneSettings& shown) { return scene::filter_menu().shown(shown).name; }
std::string describe(const SceneSettings& shown) { return scene::describe(info_of(shown), shown); }
SplitLabels split_labels(const SceneSettings& shown) { return scene::split_labels(info_of(shown), shown); }
std::string dump_params(const SceneSettings& shown) { return scene::dump_params(info_of(shown), shown); }

}  // namespace satlab
