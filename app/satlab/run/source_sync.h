// Keeps the source and the panel's source fields in step: the panel's switches (pause, fast
// video, preload) reach the source, a source the panel asks for opens, and the fields follow the
// source that runs (after an open, and after a failed one that the synthetic scene took over).
// A camera the command line names (or the default source, which tries camera 0) opens only when a
// scene that shows the source is first shown: not to sit unused behind the shadow demo, or to
// say there is none.
#pragma once

#include "scenes/scene.h"
#include "sources/source_controller.h"
#include "state/ui_state.h"

namespace satlab {

class SourceSync {
 public:
  SourceSync(SourceController& sources, const SourceSpec& given) : sources_(sources), given_(given) {}

  // The run's start: opens the source given, unless it is a camera and the first scene does not
  // show the source.
  void start(bool scene_shows_source);

  // The frame's source update: the panel's switches first, the deferred camera once `scene`
  // shows the source; then the panel's source fields follow a source that opened. Returns
  // whether a new frame came.
  bool update(double now_s, UiState& ui, scene::Scene& scene);
  // The source the panel asked for, if any: opens it in place of the command line's. Returns
  // whether it did.
  bool open_requested(UiState& ui);

 private:
  SourceController& sources_;
  const SourceSpec& given_;
  bool deferred_ = false;            // the camera given opens when a scene shows the source
  long long shown_generation_ = -1;  // the source the panel's fields show
};

}  // namespace satlab
