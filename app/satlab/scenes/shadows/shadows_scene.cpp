#include "scenes/shadows/shadows_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <sstream>

#include "display/gl_readback.h"
#include "scenes/registry.h"
#include "scenes/shadows/shadow_controls.h"
#include "scenes/shadows/shadow_options.h"

namespace satlab::scene {

namespace {

SeriesLabels shadows_stage_labels(sat::Backend backend) {
  return {shadows::shadow_stages(), "passes",
          backend == sat::Backend::Cuda ? "GPU time (GL timer queries, CUDA events)"
                                        : "GPU time of the passes, wall time of the table (CPU)"};
}

// Its settings, kept in SceneSettings::scenes (per_scene_settings.h).
const ShadowSettings& own(const SceneSettings& s) { return s.scenes.get<ShadowSettings>(); }

// e.g. "shadows savsm-variable map 1024 fixed32 light 4 deg".
std::string describe_shadows(const SceneSettings& s) {
  const ShadowSettings& sh = own(s);
  char text[160];
  std::snprintf(text, sizeof text, "shadows %s map %d %s", to_string(sh.mode), sh.map_size, to_string(sh.precision));
  std::string line = text;
  if (sh.mode == ShadowMode::Pcf || sh.mode == ShadowMode::SavsmFixed) line += " box " + std::to_string(sh.box_texels);
  if (sh.mode == ShadowMode::SavsmVariable) {
    std::snprintf(text, sizeof text, " light %g deg", sh.light_size_deg);
    line += text;
  }
  return line;
}

// The demo compares two techniques: their names, left and right of the divider.
SplitLabels shadow_split_labels(const SceneSettings& s) {
  return {to_string(own(s).compare_mode), to_string(own(s).mode)};
}

std::string shadow_dump_params(const SceneSettings& s) {
  const ShadowSettings& sh = own(s);
  std::ostringstream out;
  out << ' ' << to_string(sh.mode) << ' ' << to_string(sh.compare_mode) << ' ' << to_string(sh.precision) << ' '
      << sh.map_size << ' ' << sh.box_texels << ' ' << sh.light_size_deg << ' ' << sh.min_variance << ' '
      << sh.bleeding;
  return out.str();
}

// Its name, which the filter menu and --filter take as well.
constexpr char kName[] = "shadows";

std::vector<MenuEntry> shadows_menu() {
  return {{kName, "a 3D scene of its own: soft shadows from summed-area variance shadow maps",
           "shadows: a 3D scene of its own, no source needed (below)"}};
}

const SceneInfo kShadowsInfo{
    kName,
    &shadows_menu,
    /*shows_source=*/false,
    /*navigates_view=*/false,
    /*panel_width=*/0,
    &shadows_stage_labels,
    {[](CLI::App& app, PerSceneSettings& s) { add_shadow_options(app, s.get<ShadowSettings>()); },
     /*input_files=*/nullptr, [](SceneSettings& shown) { draw_shadow_controls(shown.scenes.get<ShadowSettings>()); },
     &describe_shadows, &shadow_split_labels, &shadow_dump_params}};

std::unique_ptr<Scene> make_shadows_scene(const SceneDeps& deps) {
  return std::make_unique<ShadowsScene>(deps.log, deps.allow_interop);
}

}  // namespace

SATLAB_SCENE_ENTRY(shadows, kShadowsInfo, &make_shadows_scene);

ShadowsScene::ShadowsScene(MessageLog& log, bool allow_interop)
    : Scene(kShadowsInfo), log_(log), demo_(allow_interop) {}

FrameResult ShadowsScene::update(const FrameContext& ctx) {
  stages_ = {};
  used_interop_ = false;
  SceneSettings shown = ctx.ui.settings;
  ShadowSettings& s = shown.scenes.get<ShadowSettings>();
  if (!camera_placed_ && s.start_camera) {  // --camera: the view the scene starts from
    constexpr float kRadians = static_cast<float>(M_PI / 180.0);
    demo_.camera().set((*s.start_camera)[0] * kRadians, (*s.start_camera)[1] * kRadians, (*s.start_camera)[2]);
  }
  camera_placed_ = true;
  if (s.animate_light && !ctx.ui.paused)
    s.light_azimuth_deg = static_cast<float>(std::fmod(s.light_azimuth_deg + 12.0 * ctx.dt_s, 360.0));
  if (ctx.ui.compare_backends)
    log_.info(
        "the CPU comparison is for the image filters and the detector; the shadow demo's timing panel shows each pass");
  if (std::optional<FrameResult> failed = render(ctx, shown)) return std::move(*failed);
  have_output_ = true;
  stages_ = demo_.last_timings();
  if (ctx.backends.backend() == sat::Backend::Cuda && uses_sat(s.mode)) {
    used_interop_ = demo_.display_path() == kDisplayInterop;
    const std::string& problem = demo_.interop_problem();
    if (!problem.empty() && problem != interop_reported_)
      log_.warning(problem + ": the table goes through host copies");
    interop_reported_ = problem;
  }
  return FrameResult::shown(std::move(shown));
}

std::optional<FrameResult> ShadowsScene::render(const FrameContext& ctx, const SceneSettings& shown) {
  const int width = std::max(64, ctx.view_width), height = std::max(64, ctx.view_height);
  for (int attempt = 0; attempt < 2; ++attempt) {
    try {
      demo_.render(shown.scenes.get<ShadowSettings>(), shown.sat, ctx.backends.backend(), ctx.before, ctx.after, width,
                   height);
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
  orbit_.update(view, divider_dragged, demo_.camera(), settings.scenes.get<ShadowSettings>());
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
