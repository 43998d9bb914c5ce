#include "scenes/filters/filter_images_fit.h"

namespace satlab::scene {

std::string fit_filter_images(SceneSwitcher& scenes, SceneSettings& settings, int width, int height,
                              const std::string& source, bool unattended, MessageLog& log) {
  while (const auto unfit = unfit_filter_image(settings.filter, width, height, source)) {
    if (unattended) return unfit->problem;
    log.warning(unfit->problem + ": the filter runs without it");
    scenes.edit_both(settings, [&](SceneSettings& s) { s.filter.images[unfit->filter].clear(); });
  }
  return "";
}

}  // namespace satlab::scene
