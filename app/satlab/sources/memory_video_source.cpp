#include "sources/memory_video_source.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace satlab {

void check_fits_in_memory(const std::string& what, long long frames, int width, int height, std::size_t cap_bytes) {
  const double need = static_cast<double>(frames) * width * height * 3;
  if (need <= static_cast<double>(cap_bytes)) return;
  throw SourceError(what + ": " + std::to_string(frames) + " frames of " + std::to_string(width) + "x" +
                    std::to_string(height) + " need " + memory_size_text(need) + ", over the cap of " +
                    memory_size_text(static_cast<double>(cap_bytes)) + " for a video in memory (--preload-mb)");
}

MemoryVideoSource::MemoryVideoSource(std::string kind, std::string file, MemoryVideo video, bool fast, bool always_fast)
    : kind_(std::move(kind)),
      file_(std::move(file)),
      video_(std::move(video)),
      fast_(fast),
      always_fast_(always_fast),
      clock_(video_.fps) {
  if (video_.frames.empty()) throw SourceError(kind_ + " " + file_ + ": no frames");
}

std::string MemoryVideoSource::name() const {
  const cv::Mat& first = video_.frames.front();
  char fps[32];
  std::snprintf(fps, sizeof fps, "%.3g fps", clock_.fps());
  return kind_ + " " + file_ + " (" + std::to_string(first.cols) + "x" + std::to_string(first.rows) + ", " +
         std::to_string(video_.frames.size()) + " frames in memory, " +
         (fast_ || always_fast_ ? std::string("as fast as possible") : std::string(fps)) + ")";
}

bool MemoryVideoSource::poll(satapp::Frame& frame, cv::Mat& buffer, double now_s) {
  if (!fast_ && !always_fast_ && !clock_.due(now_s)) return false;
  copy_frame(video_.frames[static_cast<std::size_t>(played_ % static_cast<long long>(video_.frames.size()))], buffer);
  frame = satapp::host_frame(buffer);
  ++played_;
  return true;
}

void copy_frame(const cv::Mat& from, cv::Mat& to) {
  to.create(from.size(), from.type());
  const std::size_t row_bytes = from.cols * from.elemSize();
  // Stripes of about 1 MiB: enough work per task, all cores busy on a 1080p frame.
  const double stripes = std::max(1.0, static_cast<double>(row_bytes) * from.rows / (1 << 20));
  cv::parallel_for_(
      cv::Range(0, from.rows),
      [&](const cv::Range& rows) {
        if (from.isContinuous() && to.isContinuous()) {
          std::memcpy(to.ptr(rows.start), from.ptr(rows.start), row_bytes * (rows.end - rows.start));
          return;
        }
        for (int y = rows.start; y < rows.end; ++y) std::memcpy(to.ptr(y), from.ptr(y), row_bytes);
      },
      stripes);
}

}  // namespace satlab
