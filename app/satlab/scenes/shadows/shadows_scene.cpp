#include "scenes/shadows/shadows_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "capture/gl_readback.h"
#include "scenes/registry.h"

namespace satlab::scene {

namespace {

SeriesLabels shadows_stage_labels(sat::Backend backend) {
  return {{"light pass", "encode", "SAT", "shading", "to texture"},
          "passes",
          backend == sat::Backend::Cuda ? "GPU time (GL timer queries, CUDA events)"
                                        : "GPU time of the passes, wall time of the table (CPU)"};
}

const SceneInfo kShadowsInfo{satlab::Scene::Shadows, /*shows_source=*/false, /*navigates_view=*/false,
                             /*panel_width=*/0, &shadows_stage_labels};

std::unique_ptr<Scene> make_shadows_scene(const SceneDeps& deps) {
  return std::make_unique<ShadowsScene>(deps.log, deps.allow_interop, deps.camera);
}

}  // namespace

SATLAB_SCENE_ENTRY(shadows, kShadowsInfo, &make_shadows_scene);


ShadowsScene::ShadowsScene(MessageLog& log, bool allow_interop, const std::optional<std::array<float, 3>>& camera)
    : Scene(kShadowsInfo), log_(log), demo_(allow_interop) {
  if (camera) {
    constexpr float kRadians = static_cast<float>(M_PI / 180.0);
    demo_.camera().set((*camera)[0] * kRadians, (*camera)[1] * kRadians, (*camera)[2]);
  }
}

FrameResult ShadowsScene::update(const FrameContext& ctx) {
  stages_ = {};
  used_interop_ = false;
  SceneSettings shown = ctx.ui.settings;
  ShadowSettings& s = shown.shadows;
  if (s.animate_light && !ctx.ui.paused)
    s.light_azimuth_deg = static_cast<float>(std::fmod(s.light_azimuth_deg + 12.0 * ctx.dt_s, 360.0));
  if (ctx.ui.compare_backends)
    log_.info("the CPU comparison is for the image filters and the detector; the shadow demo's timing panel shows each pass");
  if (std::optional<FrameResult> failed = render(ctx, shown)) return std::move(*failed);
  have_output_ = true;
  stages_ = demo_.last_timings();
  if (ctx.backends.backend() == sat::Backend::Cuda && uses_sat(s.mode)) {
    used_interop_ = demo_.display_path() == kDisplayInterop;
    const std::string& problem = demo_.interop_problem();
    if (!problem.empty() && problem != interop_reported_) log_.warning(problem + ": the table goes through host copies");
    interop_reported_ = problem;
  }
  return FrameResult::shown(std::move(shown));
}

std::optional<FrameResult> ShadowsScene::render(const FrameContext& ctx, const SceneSettings& shown) {
  const int width = std::max(64, ctx.view_width), height = std::max(64, ctx.view_height);
  for (int attempt = 0; attempt < 2; ++attempt) {
    try {
      demo_.render(shown.shadows, shown.sat, ctx.backends.backend(), ctx.before, ctx.after, width, height);
      rejection_.reset();
      return std::nullopt;
    } catch (const sat::Error& e) {
      if (e.code() == sat::ErrorCode::InvalidArgument || e.code() == sat::ErrorCode::Unsupported) {
        rejection_.report(std::string("settings rejected: ") + e.what());
        return FrameResult::rejected(kSettingsRefused);
      }
      if (ctx.backends.backend() == sat::Backend::Cpu) {
        log_.error(std::string("the shadow demo failed: ") + e.what());
        SceneSettings filters = shown;
        show_filter(filters, FilterKind::Box);  // the image filters take over
        return FrameResult::switch_to(std::move(filters), kSettingsRefused);
      }
      // A CUDA failure: the CPU backend from now on, and this frame again on it.
      ctx.backends.disable_cuda(std::string("CUDA error (") + e.what() + ")");
    }
  }
  return FrameResult::rejected(kSettingsRefused);
}

void ShadowsScene::view_input(const ViewState& view, bool divider_dragged, SceneSettings& settings) {
  orbit_.update(view, divider_dragged, demo_.camera(), settings.shadows);
}

SceneReport ShadowsScene::report() const {
  // How the demo's summed-area table reaches GL, for the panel and the run summary.
  const std::string path = demo_.display_path().empty()
                               ? "none (no summed-area table: neither technique shown uses one)"
                               : demo_.display_path() + " (the table)";
  return {stages_, path, demo_.interop_problem(), used_interop_, nullptr};
}

DumpPictures ShadowsScene::dump_pictures(const cv::Mat& /*source*/, InteropTexture& before, InteropTexture& after) {
  // The input is the comparison technique's picture ("before"), the output the chosen one's.
  DumpPictures pictures;
  cv::Mat scratch;
  if (have_output_) {
    read_texture_bgr(before.texture(), before.width(), before.height(), scratch, pictures.input);
    read_texture_bgr(after.texture(), after.width(), after.height(), scratch, pictures.output);
  }
  const shadows::OrbitCamera& c = demo_.camera();
  const shadows::LightRig& l = demo_.light();
  char text[256];
  std::snprintf(text, sizeof text, "camera %.9g %.9g %.9g %.9g %.9g %.9g\nlight %.9g %.9g\n", c.yaw(), c.pitch(),
                c.distance(), c.target().x, c.target().y, c.target().z, l.azimuth_deg(), l.elevation_deg());
  pictures.extra_lines = text;
  return pictures;
}

}  // namespace satlab::scene
