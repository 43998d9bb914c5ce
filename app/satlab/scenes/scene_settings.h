// What satlab shows: the source's frames through one of the pipelines' image filters, the
// shadow demo's 3D scene, which is a scene of its own rather than a filter of the source, or the
// source's frames with the objects a Haar cascade detects in them. Kept
// apart from the pipelines' FilterSettings so that the pipelines never depend on the demo; the
// command line, the panels, the shortcuts and the captures use this one value type. What is the
// app's: which scene, the image filter, the SAT options. Each other scene keeps its own settings
// in `scenes`, by a type of its own folder (per_scene_settings.h), which nothing here names.
//
// The user picks from one list, the "filter" menu (--filter, the control panel, the N key): the
// image filters in kAllFilterKinds order, then "shadows", then "detect". Each entry but the
// filters is a scene of its own (scene/scene.h: what runs while it is shown).
#pragma once

#include <string>

#include "pipeline/filter_settings.h"
#include "pipeline/frame_pipeline.h"
#include "sat/sat.h"
#include "scenes/per_scene_settings.h"

namespace satlab {

enum class Scene {
  Source,   // the source's frames through the image pipeline's filter
  Shadows,  // the soft-shadow demo (shadows/shadow_demo.h)
  Detect,   // the source's frames with a Haar cascade's detections (scene/detect_scene.h)
};

// The shadow demo's and the detect scene's entries in the filter menu.
inline constexpr char kShadowsMenuName[] = "shadows";
inline constexpr char kDetectMenuName[] = "detect";

struct SceneSettings {
  Scene scene = Scene::Source;
  FilterSettings filter;    // the image filter (Scene::Source)
  sat::Options sat;         // algorithm and tile of every table, the demo's included (the CPU backend ignores them)
  PerSceneSettings scenes;  // each other scene's own settings (the shadow demo's, the detector's)

  PipelineSettings pipeline() const { return {filter, sat}; }
};

// The filter menu's entry for what is shown: the filter's name, or "shadows".
const char* menu_name(const SceneSettings& settings);
// Shows the source through `kind`.
void show_filter(SceneSettings& settings, FilterKind kind);
// The menu's next entry, wrapping around (the N key).
void show_next(SceneSettings& settings);
// The menu's previous entry, wrapping around (the P key).
void show_previous(SceneSettings& settings);

// The split view's labels, left and right of the divider: "before" / "after" for the image
// filters; each other scene says its own (scenes/registry.h: split_labels).
struct SplitLabels {
  std::string left, right;
};

}  // namespace satlab
