#include "state/filter_menu.h"

#include <stdexcept>

namespace satlab {

const MenuEntry& FilterMenu::shown(const SceneSettings& s) const {
  for (const MenuEntry& entry : entries_)
    if (entry.scene == s.scene && (!entry.filter || *entry.filter == s.filter.kind)) return entry;
  throw std::logic_error("the filter menu has no entry for the scene " + s.scene);
}

const MenuEntry* FilterMenu::find(const std::string& name) const {
  for (const MenuEntry& entry : entries_)
    if (entry.name == name) return &entry;
  const std::optional<FilterKind> kind = parse_filter_kind(name);
  if (kind)
    for (const MenuEntry& entry : entries_)
      if (entry.filter == kind) return &entry;
  return nullptr;
}

std::string FilterMenu::names(const char* separator) const {
  std::string names;
  for (const MenuEntry& entry : entries_) names += (names.empty() ? "" : separator) + entry.name;
  return names;
}

void FilterMenu::show_next(SceneSettings& settings) const { step(settings, +1); }
void FilterMenu::show_previous(SceneSettings& settings) const { step(settings, -1); }

void FilterMenu::step(SceneSettings& settings, int by) const {
  const int count = static_cast<int>(entries_.size());
  const int at = static_cast<int>(&shown(settings) - entries_.data());
  show(entries_[(at + by + count) % count], settings);
}

void show(const MenuEntry& entry, SceneSettings& settings) {
  settings.scene = entry.scene;
  if (entry.filter) settings.filter.kind = *entry.filter;
}

}  // namespace satlab
