#include "media.h"

#include <sys/stat.h>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include <cerrno>
#include <cstring>

#include "atomic_output.h"
#include "failure.h"
#include "image_io.h"
#include "video_io.h"

namespace satfilter {
namespace {

bool content_is_image(const std::string& path) {
  try {
    return cv::haveImageReader(path);
  } catch (const cv::Exception&) {
    return false;
  }
}

}  // namespace

MediaKind media_kind_of_output(const std::string& path) {
  const std::string extension = lower_extension(path);
  if (extension.empty())
    throw usage_error("output '" + path + "' has no extension: cannot choose a format (e.g. .png or .mp4)");
  if (!video_codecs_for(extension).empty()) return MediaKind::Video;
  if (can_write_image(path)) return MediaKind::Image;
  throw usage_error("unknown output format '." + extension +
                    "' (images: png, jpg, bmp, tif, pgm/ppm, webp...; videos: avi, mp4, m4v, mov, mkv, webm)");
}

std::unique_ptr<FrameSource> open_source(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) throw runtime_error("cannot open '" + path + "': " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw runtime_error("cannot open '" + path + "': it is a directory");
  if (::access(path.c_str(), R_OK) != 0) throw runtime_error("cannot open '" + path + "': " + std::strerror(errno));
  // By extension first: FFmpeg would happily open a broken "x.png" as a one-frame video.
  if (is_image_extension(lower_extension(path)) || content_is_image(path)) return open_image_source(path);
  return open_video_source(path);
}

std::unique_ptr<FrameSink> open_sink(const std::string& path, MediaKind kind, const MediaInfo& input,
                                     const SinkOptions& options) {
  if (kind == MediaKind::Image) return open_image_sink(path);
  return open_video_sink(path, input, options.fourcc);
}

}  // namespace satfilter
