// The settings a scene keeps of its own (the shadow demo's ShadowSettings, the detector's
// DetectSettings, ...), held by type so that nothing outside the scene's folder names them: the
// scene reads and edits its own with get<T>(), its command-line options bind to them
// (scenes/scene.h: SceneSettingsHooks::add_options), its controls edit them, and the whole is a value
// that the switcher copies and rolls back with the rest of SceneSettings.
#pragma once

#include <any>
#include <map>
#include <typeindex>

namespace satlab {

class PerSceneSettings {
 public:
  // The settings of type T: T{} (the scene's defaults) until set.
  template <typename T>
  const T& get() const {
    const auto found = values_.find(std::type_index(typeid(T)));
    if (found == values_.end()) {
      static const T defaults{};
      return defaults;
    }
    return *std::any_cast<T>(&found->second);
  }
  // The same to edit; the reference stays valid as long as this value (a map node per type), so
  // that an option may bind to it before the command line is parsed.
  template <typename T>
  T& get() {
    std::any& value = values_[std::type_index(typeid(T))];
    if (!value.has_value()) value = T{};
    return *std::any_cast<T>(&value);
  }

 private:
  std::map<std::type_index, std::any> values_;
};

}  // namespace satlab
