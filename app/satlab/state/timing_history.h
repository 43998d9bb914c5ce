// Per-frame timings kept for the rolling plots (a ring of the last kPlotLength frames) and, for
// runs with a known frame count, every frame for the medians printed at the end. Storage is
// reserved up front: nothing is allocated per frame.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "common/timing/stage_timeline.h"
#include "pipeline/frame_pipeline.h"
#include "state/scene_settings.h"

namespace satlab {

// A series of the history: a scene's stage by its position in the scene's StageTimeline (0 ..
// kMaxStages - 1: stage_series()), then the stages' sum, the CPU time of a whole frame (source,
// pipeline, UI, drawing; not the wait for the display) and the frame period (1000 / FPS).
inline constexpr int kMaxStages = satapp::StageTimeline::kCapacity;
enum class Series : int { PipelineTotal = kMaxStages, Frame, Period };
inline constexpr int kSeriesCount = kMaxStages + 3;
// The series of the stage at `position` (an int, or a scene's enum of its stages).
template <typename Position>
constexpr Series stage_series(Position position) {
  return static_cast<Series>(static_cast<int>(position));
}
const char* to_string(Series series);  // "pipeline", "frame (CPU)", "frame period"; "" for a stage

// What the timing panel and the run summary call the series, and the clock that measured the
// stages: each scene names its stages and their sum (scenes/scene.h: SceneInfo), e.g. the shadow
// demo's "light pass" ... "passes", the detector's "upload" ... "grouping", "detect".
struct SeriesLabels {
  std::array<const char*, kSeriesCount> names{};  // to_string's by default
  std::string clock;                              // e.g. "GPU time (CUDA events)"
  SeriesLabels();
  // A scene's stages (their names, in their order), the name of their sum, and the clock.
  SeriesLabels(const satapp::StageTimeline& stages, const char* total, std::string measured_by);
  // The stages named as `stages` names them, where it has names (a frame's own: a 16-bit frame's
  // "upload 16-bit" ... in place of the scene's "upload" ...).
  void name_stages(const satapp::StageTimeline& stages);
  const char* operator[](Series s) const { return names[static_cast<int>(s)]; }
};

// What the timings measure: a change of scene, filter, SAT backend or algorithm, or source makes
// the earlier samples say nothing about the frames to come.
struct TimingMode {
  std::string scene = kFiltersScene;
  FilterKind filter = FilterKind::None;  // the image filter (it stays put while the shadow demo runs)
  sat::Backend backend = sat::Backend::Cpu;
  sat::Algorithm algorithm = sat::Algorithm{};
  long long source = 0;  // SourceController::generation()

  bool operator==(const TimingMode& o) const {
    return scene == o.scene && filter == o.filter && backend == o.backend && algorithm == o.algorithm &&
           source == o.source;
  }
  bool operator!=(const TimingMode& o) const { return !(*this == o); }
};

class TimingHistory {
 public:
  static constexpr int kPlotLength = 240;

  // keep_frames > 0: keep that many frames for summary_median() (a run with --frames).
  explicit TimingHistory(int keep_frames = 0);

  // One frame: the scene's stage times (by position; empty when no frame was processed), the
  // frame's CPU time and the frame period (ms).
  void add(const satapp::StageTimeline& stages, double frame_ms, double period_ms);
  // Before each add(): when `mode` differs from the last one, forgets the samples (plots, medians,
  // FPS, the kept frames) so that no panel mixes modes. Returns whether it did.
  bool follow(const TimingMode& mode);

  // For ImGui::PlotLines(values, count, offset): the ring, oldest first from offset.
  const float* plot_values(Series s) const { return ring_[static_cast<int>(s)].data(); }
  int plot_count() const { return filled_; }
  int plot_offset() const { return filled_ < kPlotLength ? 0 : head_; }
  float latest(Series s) const;
  double recent_median(Series s) const;  // over the ring
  double recent_fps() const;             // from the ring's mean frame period

  // Median over the kept frames, skipping the first `warmup` ones (falls back to the ring when
  // nothing was kept). Returns the number of frames it used in `used`.
  double summary_median(Series s, int warmup, int* used = nullptr) const;
  long long frames() const { return frames_; }  // all frames added, across modes
  // Whether the series had a time above zero since the mode last changed: a stage the backend
  // does not run (the CPU backend's upload, its table built inside the filter) stays at zero and
  // is left out of the panel and the run summary.
  bool ran(Series s) const { return ran_[static_cast<int>(s)]; }

 private:
  std::array<std::vector<float>, kSeriesCount> ring_;
  std::array<std::vector<float>, kSeriesCount> kept_;
  std::array<bool, kSeriesCount> ran_{};
  mutable std::vector<float> scratch_;  // median workspace
  int head_ = 0, filled_ = 0;
  int keep_frames_;
  long long frames_ = 0;
  TimingMode mode_;
  bool has_mode_ = false;
};

}  // namespace satlab
