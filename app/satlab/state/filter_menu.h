// The filter menu: the one list the user picks what to show from (--filter, the control panel's
// combo, the N and P keys). Each scene's folder gives its entries (scenes/scene.h:
// SceneInfo::menu) and the registry lists them in the scenes' order (scenes/registry.h:
// filter_menu): the image filters' scene an entry per filter, the shadow demo "shadows", the
// detector "detect". A plain value: the panels and the shortcuts read it without knowing a scene.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "pipeline/filter_settings.h"
#include "state/scene_settings.h"

namespace satlab {

struct MenuEntry {
  std::string name;                  // as the menu lists it and --filter takes it, e.g. "box", "shadows"
  std::string tooltip;               // what it shows, for the control panel
  std::string help;                  // its line under --filter in --help, e.g. "none: the source as it is"; "": none
  std::string scene;                 // the scene it shows (its folder's name)
  std::optional<FilterKind> filter;  // the image filter it shows (the image filters' entries)
};

class FilterMenu {
 public:
  explicit FilterMenu(std::vector<MenuEntry> entries) : entries_(std::move(entries)) {}

  const std::vector<MenuEntry>& entries() const { return entries_; }
  // The entry of what `settings` show; throws std::logic_error when no entry shows it.
  const MenuEntry& shown(const SceneSettings& settings) const;
  // The entry --filter NAME picks: by its name, or an image filter by a name or alias of satcore's
  // catalog (parse_filter_kind); null when none does.
  const MenuEntry* find(const std::string& name) const;
  // The entries' names, e.g. "none | box | ... | detect".
  std::string names(const char* separator) const;

  // The next entry, wrapping around (the N key); the previous one (the P key).
  void show_next(SceneSettings& settings) const;
  void show_previous(SceneSettings& settings) const;

 private:
  void step(SceneSettings& settings, int by) const;

  std::vector<MenuEntry> entries_;
};

// Shows `entry`: its scene, and its image filter where it names one (the image filter stays put
// behind a scene of its own).
void show(const MenuEntry& entry, SceneSettings& settings);

}  // namespace satlab
