// The filters' images (--radius-map) against the source's frame size, judged when it changes: an
// image of another size cannot be used. A run that ends by itself fails instead of showing
// something else; in a window the filter runs without it, with a warning, and no rollback brings
// it back.
#pragma once

#include <string>

#include "log/message_log.h"
#include "scenes/scene_switcher.h"

namespace satlab::scene {

// Returns why the run must stop ("" when it need not): the first image that does not fit
// `width`×`height` frames of `source`, when `unattended`.
std::string fit_filter_images(SceneSwitcher& scenes, SceneSettings& settings, int width, int height,
                              const std::string& source, bool unattended, MessageLog& log);

}  // namespace satlab::scene
