#include "detect/cpu_detect.h"

#include <chrono>
#include <cstring>

#include "detect/haar_eval.h"
#include "filters/cpu_rows.h"

namespace sat::detect {
namespace {

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

CpuDetect::CpuDetect(const HaarCascade& cascade, Extent max_extent)
    : window_(cascade.window),
      table_pitch_(max_extent.width + 1),
      flat_(cascade, max_extent.width + 1),
      resized_(std::size_t(max_extent.width) * std::size_t(max_extent.height)),
      table_(std::size_t(max_extent.width + 1) * std::size_t(max_extent.height + 1)),
      x_taps_(std::size_t(max_extent.width)),
      y_taps_(std::size_t(max_extent.height)),
      accepted_(std::size_t(max_extent.width + 1) * std::size_t(max_extent.height + 1)) {}

void CpuDetect::run(const uint8_t* gray, std::size_t pitch, Extent frame, const std::vector<ScaleLevel>& levels,
                    std::vector<Box>& candidates, DetectTimes& times, bool timed) {
  const CascadeView view = flat_.view();
  const std::size_t tp = std::size_t(table_pitch_);
  for (const ScaleLevel& level : levels) {
    auto t0 = std::chrono::steady_clock::now();
    cpu_resize_linear(gray, pitch, frame, resized_.data(), std::size_t(level.size.width), level.size, x_taps_.data(),
                      y_taps_.data());
    if (timed) times.pyramid_ms += ms_since(t0), t0 = std::chrono::steady_clock::now();

    // The inclusive table written one row and one column in: cv::integral's layout.
    Problem table{ElementType::U8ToSumSq, level.size, resized_.data(), std::size_t(level.size.width),
                  table_.data() + tp + 1, tp * sizeof(SumSq)};
    cpu_parallel(table);
    if (timed) times.tables_ms += ms_since(t0), t0 = std::chrono::steady_clock::now();

    const int rows = (level.positions.height + level.step - 1) / level.step;
    const int cols = level.positions.width;
    filters::parallel_rows(rows, int64_t(cols) * 8, 0, [&](int r0, int r1) {
      for (int r = r0; r < r1; ++r) {
        const int y = r * level.step;
        uint8_t* flags = accepted_.data() + std::size_t(r) * std::size_t(cols);
        std::memset(flags, 0, std::size_t(cols));
        const SumSq* row = table_.data() + std::size_t(y) * tp;
        for (int x = 0; x < cols; x += level.step) {
          const int result = run_window(view, row + x);
          if (result > 0) flags[x] = 1;
          if (result == 0) x += level.step;  // rejected by the first stage: OpenCV skips a position
        }
      }
    });
    for (int r = 0; r < rows; ++r) {
      const uint8_t* flags = accepted_.data() + std::size_t(r) * std::size_t(cols);
      for (int x = 0; x < cols; ++x)
        if (flags[x]) candidates.push_back(window_box(level, x, r * level.step));
    }
    if (timed) times.cascade_ms += ms_since(t0);
  }
}

}  // namespace sat::detect
