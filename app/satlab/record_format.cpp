#include "record_format.h"

#include <cstdio>

#include "common/files/atomic_output.h"

namespace satlab {

namespace {

std::string size_text(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

std::string even_sizes(int width, int height) {
  if (width % 2 == 0 && height % 2 == 0) return "";
  return "needs even width and height; " + size_text(width, height) + " is odd";
}

// OpenCV's MJPG encoder: colour frames in 16x16 blocks (4:2:0), a buffer of 8 bytes per pixel
// of the frame (record_format.h says why a quarter).
std::string mjpeg_blocks(int width, int height) {
  const long long blocks = static_cast<long long>((width + 15) / 16) * ((height + 15) / 16);
  const long long pixels = static_cast<long long>(width) * height;
  if (4 * pixels >= 256 * blocks) return "";
  char filled[32];
  std::snprintf(filled, sizeof filled, "%.1f%%", 100.0 * pixels / (256.0 * blocks));
  return "needs frames that fill at least a quarter of their 16x16 JPEG blocks (OpenCV's MJPG writer overruns "
         "its buffer on emptier ones); " +
         size_text(width, height) + " fills " + filled;
}

constexpr RecordFormat kFormats[] = {
    {"avi", "MJPG", "MJPG", RecordFormat::Writer::OpenCvMjpeg, &mjpeg_blocks},
    {"mp4", "mp4v", "MPEG-4 (mp4v)", RecordFormat::Writer::Ffmpeg, &even_sizes},
};

}  // namespace

const RecordFormat* record_format(const std::string& path) {
  const std::string extension = satapp::files::lower_extension(path);
  for (const RecordFormat& format : kFormats)
    if (extension == format.extension) return &format;
  return nullptr;
}

std::string size_refusal(const RecordFormat& format, int width, int height) {
  const std::string problem = format.size_problem(width, height);
  if (problem.empty()) return "";
  std::string instead;
  for (const RecordFormat& other : kFormats)
    if (&other != &format && other.size_problem(width, height).empty())
      instead += (instead.empty() ? "" : " or ") + std::string(".") + other.extension + " (" + other.codec + ")";
  const std::string size = size_text(width, height);
  return std::string(format.codec) + " in ." + format.extension + " " + problem + ": " +
         (instead.empty() ? "no format satlab records keeps " + size
                          : "record to " + instead + ", which keeps " + size);
}

}  // namespace satlab
