// What the panels, the banners and the run summary say about the run: the source, the backend,
// the GPU's memory (polled once a second), the scene's display path and timings' names, the
// recording. Built from the services each frame; the panels only read it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "capture/recording.h"
#include "display/gl_context.h"
#include "log/message_log.h"
#include "pipeline/device_info.h"
#include "pipeline/pipeline_selector.h"
#include "scenes/scene.h"
#include "sources/source_controller.h"
#include "state/timing_history.h"
#include "state/ui_state.h"

namespace satlab {

class StatusModel {
 public:
  StatusModel(const SourceController& sources, const PipelineSelector& pipelines, const GlContext& gl,
              const Recording& recording, MessageLog& log, const TimingHistory& history)
      : sources_(sources), pipelines_(pipelines), gl_(gl), recording_(recording), log_(log), history_(history) {}

  // The run's first lines: what runs (`settings`), and what the CPU backend ignores of
  // `cuda_only_options` when CUDA was asked for and cannot run.
  void announce(const SceneSettings& settings, sat::Backend asked, const std::vector<std::string>& cuda_only_options);
  // This frame's status while `scene` is shown (`now_s`: seconds, for the GPU's polling).
  UiStatus make(double now_s, const scene::Scene& scene);
  // The run summary on stdout: the source, what `scene` ran with `shown`, the timings' medians.
  void print_summary(const scene::Scene& scene, const SceneSettings& shown) const;

 private:
  const SourceController& sources_;
  const PipelineSelector& pipelines_;
  const GlContext& gl_;
  const Recording& recording_;
  MessageLog& log_;
  const TimingHistory& history_;
  std::optional<GpuStatus> gpu_;
  double gpu_polled_s_ = -1e9;
};

}  // namespace satlab
