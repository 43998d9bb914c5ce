#include "scenes/shadows/shadows_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "capture/gl_readback.h"

namespace satlab::scene {

ShadowsScene::ShadowsScene(MessageLog& log, bool allow_interop, const std::optional<std::array<float, 3>>& camera)
    : log_(log), demo_(allow_interop) {
  if (camera) {
    constexpr float kRadians = static_cast<float>(M_PI / 180.0);
    demo_.camera().set((*camera)[0] * kRadians, (*camera)[1] * kRadians, (*camera)[2]);
  }
}

FrameResult ShadowsScene::update(FrameContext& ctx) {
  stages_ = {};
  used_interop_ = false;
  ShadowSettings& s = ctx.ui.settings.shadows;
  if (s.animate_light && !ctx.ui.paused)
    s.light_azimuth_deg = static_cast<float>(std::fmod(s.light_azimuth_deg + 12.0 * ctx.dt_s, 360.0));
  if (ctx.ui.compare_backends) {
    ctx.ui.compare_backends = false;
    log_.info("the CPU comparison is for the image filters and the detector; the shadow demo's timing panel shows each pass");
  }
  if (!render(ctx)) return FrameResult::Rejected;
  ctx.last_good = ctx.ui.settings;
  have_output_ = true;
  stages_ = demo_.last_timings();
  backend_ = ctx.backends.backend();
  if (backend_ == sat::Backend::Cuda && uses_sat(s.mode)) {
    used_interop_ = demo_.display_path() == kDisplayInterop;
    const std::string& problem = demo_.interop_problem();
    if (!problem.empty() && problem != interop_reported_) log_.warning(problem + ": the table goes through host copies");
    interop_reported_ = problem;
  }
  return FrameResult::Shown;
}

bool ShadowsScene::render(FrameContext& ctx) {
  const int width = std::max(64, ctx.view_width), height = std::max(64, ctx.view_height);
  for (int attempt = 0; attempt < 2; ++attempt) {
    try {
      demo_.render(ctx.ui.settings.shadows, ctx.ui.settings.sat, ctx.backends.backend(), ctx.before, ctx.after, width,
                   height);
      rejection_.reset();
      return true;
    } catch (const sat::Error& e) {
      if (e.code() == sat::ErrorCode::InvalidArgument || e.code() == sat::ErrorCode::Unsupported) {
        rejection_.report(std::string("settings rejected: ") + e.what());
        ctx.ui.settings = ctx.last_good;
        return false;
      }
      if (ctx.backends.backend() == sat::Backend::Cpu) {
        log_.error(std::string("the shadow demo failed: ") + e.what());
        show_filter(ctx.ui.settings, FilterKind::Box);  // the app leaves this scene
        return false;
      }
      // A CUDA failure: the CPU backend from now on, and this frame again on it.
      ctx.backends.disable_cuda(std::string("CUDA error (") + e.what() + ")");
      ctx.ui.backend = ctx.backends.backend();
    }
  }
  return false;
}

SeriesLabels ShadowsScene::stage_labels(sat::Backend backend) const {
  SeriesLabels labels;
  const char* const names[] = {"light pass", "encode", "SAT", "shading", "to texture"};
  for (int s = 0; s < kStageCount; ++s) labels.names[s] = names[s];
  labels.names[static_cast<int>(Series::PipelineTotal)] = "passes";
  labels.clock = backend == sat::Backend::Cuda ? "GPU time (GL timer queries, CUDA events)"
                                               : "GPU time of the passes, wall time of the table (CPU)";
  return labels;
}

void ShadowsScene::view_input(const ViewState& view, bool divider_dragged, SceneSettings& settings) {
  orbit_.update(view, divider_dragged, demo_.camera(), settings.shadows);
}

std::string ShadowsScene::display_path() const {
  // How the demo's summed-area table reaches GL, for the panel and the run summary.
  if (demo_.display_path().empty()) return "none (no summed-area table: neither technique shown uses one)";
  return demo_.display_path() + " (the table)";
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
