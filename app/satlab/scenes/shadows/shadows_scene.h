// The soft-shadow demo's scene (--filter shadows): the adapter between the frame loop and
// shadows::ShadowDemo. It renders a 3D scene of its own (no source frames) to fill the image
// area at 1:1, the chosen technique right of the divider and the comparison technique left of it;
// the mouse orbits its camera and turns its light (scenes/shadows/orbit_control.h).
#pragma once

#include <array>
#include <optional>
#include <string>

#include "scenes/scene.h"
#include "scenes/shadows/orbit_control.h"
#include "scenes/shadows/shadow_demo.h"

namespace satlab::scene {

class ShadowsScene final : public Scene {
 public:
  // Needs the GL context current; throws (GlContextError, sat::Error) when the demo cannot start.
  // The camera starts where the settings' start_camera says (--camera), else at the demo's view.
  ShadowsScene(MessageLog& log, bool allow_interop);

  FrameResult update(const FrameContext& ctx) override;
  SceneReport report() const override;
  void view_input(const ViewState& view, bool divider_dragged, SceneSettings& settings) override;
  DumpPictures dump_pictures(const cv::Mat& source, InteropTexture& before, InteropTexture& after) override;

 private:
  // Renders `shown`; nullopt when it did, else what became of the frame (message logged).
  std::optional<FrameResult> render(const FrameContext& ctx, const SceneSettings& shown);

  MessageLog& log_;
  shadows::ShadowDemo demo_;
  OrbitControl orbit_;
  satapp::StageTimeline stages_;
  bool camera_placed_ = false;  // the start view applied (the first frame)
  bool have_output_ = false;
  bool used_interop_ = false;
  std::string interop_reported_;
  RepeatedWarning rejection_{log_};  // a rejected setting, once per cause
};

}  // namespace satlab::scene
