#include "progress.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace satfilter {
namespace {

std::string format_duration(double seconds) {
  const long long s = static_cast<long long>(seconds + 0.5);
  char text[32];
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%lld:%02lld", s / 60, s % 60);
  return text;
}

}  // namespace

Progress::Progress(bool enabled, bool terminal, int64_t total_frames)
    : enabled_(enabled), total_(total_frames), line_(terminal) {}

void Progress::update(int64_t frames_done) {
  if (!enabled_ || finished_) return;
  if (since_draw_.elapsed_ms() < (line_.terminal() ? 100 : 1000)) return;
  since_draw_.restart();
  draw(frames_done, false);
}

void Progress::finish(int64_t frames_done) {
  if (!enabled_ || finished_) return;
  draw(frames_done, true);
  finished_ = true;
}

void Progress::draw(int64_t frames_done, bool final_line) {
  const double elapsed = elapsed_.elapsed_s();
  const double fps = elapsed > 0 ? frames_done / elapsed : 0;
  std::string line = "satfilter: " + std::to_string(frames_done);
  char text[96];
  if (total_ > 0) {
    const double fraction = std::clamp(double(frames_done) / double(total_), 0.0, 1.0);
    constexpr int kWidth = 24;
    const int filled = static_cast<int>(fraction * kWidth + 0.5);
    line +=
        "/" + std::to_string(total_) + " frames [" + std::string(filled, '#') + std::string(kWidth - filled, '.') + "]";
    std::snprintf(text, sizeof text, " %3d%%", static_cast<int>(fraction * 100 + 0.5));
    line += text;
  } else {
    line += " frames";
  }
  std::snprintf(text, sizeof text, "  %.1f fps", fps);
  line += text;
  if (final_line) {
    line += "  " + format_duration(elapsed) + " elapsed";
  } else if (total_ > 0 && fps > 0) {
    line += "  ETA " +
            format_duration(std::max<double>(0, satapp::seconds_left(elapsed, double(frames_done), double(total_))));
  }
  if (final_line)
    line_.finish(line);
  else
    line_.draw(line);
}

}  // namespace satfilter
