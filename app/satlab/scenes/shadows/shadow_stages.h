// The shadow demo's stages, in the order its frame runs them: the enum indexes its StageTimeline
// (shadow_stages()) and its CUDA stage timer.
#pragma once

#include "common/timing/stage_timeline.h"

namespace satlab::shadows {

enum class ShadowStage {
  LightPass,  // the scene's depth moments into the shadow map (GL timer)
  Encode,     // the moments encoded for the table's precision
  Table,      // the summed-area table
  Shading,    // both techniques' shading passes (GL timer)
  ToTexture,  // the table into the GL texture the shading samples
};

// The stages above, named, at 0 ms.
inline satapp::StageTimeline shadow_stages() { return {"light pass", "encode", "SAT", "shading", "to texture"}; }

}  // namespace satlab::shadows
