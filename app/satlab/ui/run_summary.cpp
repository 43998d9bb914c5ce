#include "ui/run_summary.h"

#include <algorithm>
#include <cstdio>

#include "ui/comparison_text.h"
#include "ui/counted.h"

namespace satlab {

void print_run_summary(const TimingHistory& history, const RunDescription& run) {
  const int warmup = static_cast<int>(std::min<long long>(10, history.frames() / 10));
  int used = 0;
  history.summary_median(Series::Frame, warmup, &used);
  std::printf("satlab: %s of %s; filter %s; backend %s%s", counted(history.frames(), "frame").c_str(),
              run.source.c_str(), run.filter.c_str(), run.backend.c_str(), run.sat.c_str());
  std::printf("; display %s\n", run.display_path.empty() ? "-" : run.display_path.c_str());
  // Before the run, not part of any frame: its own line, so the medians below are the frames' only.
  if (!run.source_load.empty())
    std::printf("satlab: source load at open (not in the frame timings): %s\n", run.source_load.c_str());
  std::printf("satlab: median over %s (ms, %s):\n", counted(used, "frame").c_str(), run.labels.clock.c_str());
  for (int s = 0; s < kSeriesCount; ++s) {
    const auto series = static_cast<Series>(s);
    if (!history.ran(series)) continue;  // a stage this backend does not run
    const double median = history.summary_median(series, warmup);
    std::printf("  %-13s %10.4f", run.labels[series], median);
    if (series == Series::Period && median > 0) std::printf("   (%.1f FPS)", 1000.0 / median);
    std::printf("\n");
  }
  std::fflush(stdout);
}

bool print_backend_comparison(const BackendComparison& c) {
  if (!c.valid) {
    std::printf("satlab: --compare-cpu: no comparison (nothing was filtered)\n");
    return true;
  }
  if (c.cpu_only) {  // the CPU backend: against OpenCV, the CPU library a user would otherwise pick
    std::printf("satlab: CPU backend vs OpenCV on the last frame (%dx%d, %s):\n", c.width, c.height, c.what.c_str());
    std::printf("satlab: %s\n", cpu_speed_line(c).c_str());
    std::printf("satlab: OpenCV: %s\n", opencv_relation_line(c).c_str());
    std::printf("satlab: %s\n", cpu_threads_line(c).c_str());
    if (comparison_failed(c)) std::printf("satlab: outputs DIFFER from OpenCV's bit-exact %s\n", c.opencv.op.c_str());
    std::fflush(stdout);
    return !comparison_failed(c);
  }
  std::printf("satlab: CPU vs GPU on the last frame (%dx%d, %s):\n", c.width, c.height, c.what.c_str());
  std::printf("satlab: %s\n", speedup_line(c).c_str());
  std::printf("satlab: OpenCV: %s\n", opencv_relation_line(c).c_str());
  std::printf("satlab: %s\n", cpu_threads_line(c).c_str());
  std::printf("  %-9s %10s %10s %10s\n", "stage", "GPU ms", "satcore CPU ms", "speed-up");
  const auto row = [](const char* name, double gpu, double cpu) {
    std::printf("  %-9s %10.4f %10.4f", name, gpu, cpu);
    if (gpu > 0 && cpu > 0)
      std::printf(" %9.1fx\n", cpu / gpu);
    else
      std::printf(" %10s\n", "-");
  };
  for (int s = 0; s < kStageCount; ++s) row(to_string(static_cast<Stage>(s)), c.gpu[s].ms, c.cpu[s].ms);
  row("total", c.gpu.total(), c.cpu.total());
  if (c.differing_pixels == 0)
    std::printf("satlab: outputs bit-identical\n");
  else
    std::printf("satlab: outputs DIFFER in %lld of %d pixels\n", c.differing_pixels, c.width * c.height);
  std::fflush(stdout);
  return !comparison_failed(c);
}

}  // namespace satlab
