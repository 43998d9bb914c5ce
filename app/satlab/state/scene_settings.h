// What satlab shows: which scene, by the name of its folder (scenes/NAME/, which registers it:
// scenes/registry.h), the image filter, the SAT options. Kept apart from the pipelines'
// FilterSettings so that the pipelines never depend on the scenes; the command line, the panels,
// the shortcuts and the captures use this one value type. The image filter is the app's own (the
// image filters' scene shows it, and it waits behind the other scenes); each other scene keeps its
// own settings in `scenes`, by a type of its own folder (per_scene_settings.h), which nothing here
// names.
#pragma once

#include <string>

#include "pipeline/filter_settings.h"
#include "pipeline/frame_pipeline.h"
#include "sat/sat.h"
#include "state/per_scene_settings.h"

namespace satlab {

// The image filters' scene (scenes/filters): the source's frames through the pipeline's filter,
// the one a run starts with and falls back on.
inline constexpr char kFiltersScene[] = "filters";

struct SceneSettings {
  std::string scene = kFiltersScene;  // the scene shown: its folder's name
  FilterSettings filter;              // the image filter (kFiltersScene shows it)
  sat::Options sat;          // algorithm and tile of every table, the demo's included (the CPU backend ignores them)
  PerSceneSettings scenes;   // each other scene's own settings (the shadow demo's, the detector's)
  WindowLevel window_level;  // how the image filters show 16-bit frames (the control panel's sliders)

  PipelineSettings pipeline() const { return {filter, sat, window_level}; }
};

// Whether the image filters are shown (not a scene of its own).
inline bool shows_image_filter(const SceneSettings& settings) { return settings.scene == kFiltersScene; }
// Shows the source through `kind`.
void show_filter(SceneSettings& settings, FilterKind kind);

// The split view's labels, left and right of the divider: "before" / "after" for the image
// filters; each other scene says its own (scenes/registry.h: split_labels).
struct SplitLabels {
  std::string left, right;
};

}  // namespace satlab
