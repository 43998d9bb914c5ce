#include "run/status_model.h"

#include "common/cuda/backend_choice.h"
#include "scenes/registry.h"
#include "sources/deep_frame.h"
#include "ui/run_summary.h"

namespace satlab {

using scene::SceneReport;

void StatusModel::announce(const SceneSettings& settings, sat::Backend asked,
                           const std::vector<std::string>& cuda_only_options) {
  if (pipelines_.backend() != asked) {  // CUDA cannot run: the selector fell back and said why
    const std::string ignored = satapp::ignored_on_cpu_text(cuda_only_options);
    if (!ignored.empty()) log_.warning(ignored);
  }
  const bool cuda = pipelines_.backend() == sat::Backend::Cuda;
  log_.info(std::string("backend: ") + sat::to_string(pipelines_.backend()) +
            (cuda ? std::string(" (") + sat::to_string(settings.sat.algorithm) + ")" : std::string()) +
            ", filter: " + describe(settings));
}

UiStatus StatusModel::make(double now_s, const scene::Scene& scene) {
  UiStatus s;
  const SceneReport report = scene.report();
  s.source_unused = !scene.info().shows_source;
  s.series_labels = scene.info().stage_labels(pipelines_.backend());
  s.series_labels.name_stages(report.stages);  // a 16-bit frame's stages say so
  s.scene = scene.name();
  s.menu = &scene::filter_menu();
  s.scene_controls = scene.info().settings.draw_controls;
  s.source_name = sources_.name();
  s.source_fps = sources_.nominal_fps();
  if (const auto load = sources_.load()) s.source_load = describe(*load);
  s.frame_width = sources_.frame_size().width;
  s.frame_height = sources_.frame_size().height;
  s.frames_received = sources_.frames_received();
  if (sources_.has_frame() && is_deep(sources_.frame()) && scene.info().shows_source) {
    s.sample_bits = sample_bits(sources_.frame());
    s.shown_range = pipelines_.current().shown_range();
  }
  s.backend = pipelines_.backend();
  s.cuda_available = pipelines_.cuda_available();
  s.cuda_problem = pipelines_.cuda_problem();
  s.banner = pipelines_.banner();
  s.display_path = report.display_path;
  s.interop_problem = report.interop_problem;
  s.gl_description = gl_.description();
  if (s.cuda_available && now_s - gpu_polled_s_ > 1.0) {  // cudaMemGetInfo once a second
    gpu_polled_s_ = now_s;
    try {
      gpu_ = query_gpu_status();
    } catch (const sat::Error& e) {
      gpu_.reset();
    }
  }
  if (s.cuda_available) s.gpu = gpu_;
  s.recording = recording_.active();
  s.recording_path = recording_.path();
  s.recorded_frames = recording_.frames();
  s.log = &log_;
  s.history = &history_;
  s.comparison = report.comparison;
  return s;
}

void StatusModel::print_summary(const scene::Scene& scene, const SceneSettings& shown) const {
  RunDescription run;
  if (scene.info().shows_source) {
    run.source = sources_.name();
    if (const auto load = sources_.load()) run.source_load = describe(*load);
  } else {
    run.source = std::string("the ") + menu_name(shown) + " scene";
  }
  run.filter = scene.summary(shown);
  run.labels = scene.info().stage_labels(pipelines_.backend());
  run.labels.name_stages(scene.report().stages);
  run.backend = sat::to_string(pipelines_.backend());
  if (pipelines_.backend() == sat::Backend::Cuda) {
    const int tile = shown.sat.tile;
    run.sat = std::string(" (") + sat::to_string(shown.sat.algorithm) + ", tile " +
              (tile ? std::to_string(tile) : std::string("default")) + ")";
  }
  run.display_path = scene.report().display_path;
  print_run_summary(history_, run);
}

}  // namespace satlab
