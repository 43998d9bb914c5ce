#include "detect/cpu_detect.h"

#include <algorithm>
#include <chrono>
#include <cstring>

#include "detect/haar_eval.h"
#include "filters/cpu_rows.h"

namespace sat::detect {
namespace {

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// Table rows of a band: those of 1 byte per pixel of the max extent (at least 256 KiB), and at
// least a window's height + 64 rows of positions, at most the frame's.
int band_table_rows(Extent window, Extent max_extent) {
  const std::size_t row_bytes = std::size_t(max_extent.width + 1) * sizeof(SumSq);
  const std::size_t budget =
      std::max(std::size_t(max_extent.width) * std::size_t(max_extent.height), std::size_t(256) << 10);
  const int affordable = int(std::min<std::size_t>(budget / row_bytes, std::size_t(max_extent.height) + 1));
  return std::min(std::max(affordable, window.height + 65), max_extent.height + 1);
}

}  // namespace

CpuDetect::CpuDetect(const HaarCascade& cascade, Extent max_extent)
    : window_(cascade.window),
      table_pitch_(max_extent.width + 1),
      band_table_rows_(band_table_rows(cascade.window, max_extent)),
      flat_(cascade, max_extent.width + 1),
      resized_(std::size_t(max_extent.width) * std::size_t(band_table_rows_)),
      table_(std::size_t(table_pitch_) * std::size_t(band_table_rows_)),
      tilted_(uses_tilted_features(cascade) ? std::size_t(table_pitch_) * std::size_t(band_table_rows_) : 0),
      x_taps_(std::size_t(max_extent.width)),
      y_taps_(std::size_t(max_extent.height)),
      accepted_(std::size_t(table_pitch_) * std::size_t(band_table_rows_)) {}

// Per level, bands of window rows r0 … r1 − 1 (origins y = r · step): the resized rows y0 … the
// last window's bottom row, their table rows (cv::integral's layout, one row and one column in,
// summed from the band's first row: the windows read differences of its rows, the same
// integers as the whole frame's table gives; so does the band's tilted table, whose rows above
// the band add the same amount to the four corners of a tilted rectangle with opposite signs),
// then the cascade on every window of the band.
void CpuDetect::run(const uint8_t* gray, std::size_t pitch, Extent frame, const std::vector<ScaleLevel>& levels,
                    std::vector<Box>& candidates, DetectTimes& times, bool timed) {
  const CascadeView view = flat_.view();
  const std::size_t tp = std::size_t(table_pitch_);
  for (const ScaleLevel& level : levels) {
    const int width = level.size.width;
    const int rows = level.rows;  // the window rows OpenCV scans (scale_plan.h)
    const int cols = level.positions.width;
    if (rows <= 0 || cols <= 0) continue;
    auto t0 = std::chrono::steady_clock::now();
    for (int x = 0; x < width; ++x) x_taps_[std::size_t(x)] = axis_tap(frame.width, width, x);
    for (int y = 0; y < level.size.height; ++y) y_taps_[std::size_t(y)] = axis_tap(frame.height, level.size.height, y);
    if (timed) times.pyramid_ms += ms_since(t0);
    // Window rows per band: the table keeps rows y0 … y0 + (rows − 1)·step + window height.
    const int band = std::max(1, (band_table_rows_ - 1 - window_.height) / level.step + 1);
    for (int r0 = 0; r0 < rows; r0 += band) {
      const int r1 = std::min(rows, r0 + band);
      const int y0 = r0 * level.step;
      const int image_rows = std::min((r1 - 1 - r0) * level.step + window_.height, level.size.height - y0);
      t0 = std::chrono::steady_clock::now();
      filters::parallel_rows(image_rows, int64_t(width) * 4, 0, [&](int a, int b) {
        for (int i = a; i < b; ++i) {
          uint8_t* out = resized_.data() + std::size_t(i) * std::size_t(width);
          const AxisTaps ty = y_taps_[std::size_t(y0 + i)];
          for (int x = 0; x < width; ++x)
            out[x] = uint8_t(resize_pixel(gray, pitch, frame.width, frame.height, x_taps_[std::size_t(x)], ty));
        }
      });
      if (timed) times.pyramid_ms += ms_since(t0), t0 = std::chrono::steady_clock::now();

      Problem table{ElementType::U8ToSumSq, {width, image_rows},    resized_.data(),
                    std::size_t(width),     table_.data() + tp + 1, tp * sizeof(SumSq)};
      cpu_parallel(table);
      if (!tilted_.empty())
        cpu_tilted({ElementType::U8ToU32,
                    {width, image_rows},
                    resized_.data(),
                    std::size_t(width),
                    tilted_.data(),
                    tp * sizeof(uint32_t)});
      if (timed) times.tables_ms += ms_since(t0), t0 = std::chrono::steady_clock::now();

      filters::parallel_rows(r1 - r0, int64_t(cols) * 8, 0, [&](int a, int b) {
        for (int i = a; i < b; ++i) {
          uint8_t* flags = accepted_.data() + std::size_t(i) * std::size_t(cols);
          std::memset(flags, 0, std::size_t(cols));
          const SumSq* row = table_.data() + std::size_t(i * level.step) * tp;
          const uint32_t* tilted_row = tilted_.empty() ? nullptr : tilted_.data() + std::size_t(i * level.step) * tp;
          for (int x = 0; x < cols; x += level.step) {
            const int result = run_window(view, row + x, tilted_row ? tilted_row + x : nullptr);
            if (result > 0) flags[x] = 1;
            if (result == 0) x += level.step;  // rejected by the first stage: OpenCV skips a position
          }
        }
      });
      for (int i = 0; i < r1 - r0; ++i) {
        const uint8_t* flags = accepted_.data() + std::size_t(i) * std::size_t(cols);
        for (int x = 0; x < cols; ++x)
          if (flags[x]) candidates.push_back(window_box(level, x, (r0 + i) * level.step));
      }
      if (timed) times.cascade_ms += ms_since(t0);
    }
  }
}

}  // namespace sat::detect
