#include "media.h"

#include <sys/stat.h>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include <cerrno>
#include <cstring>

#include "atomic_output.h"
#include "common/files/file_kind.h"
#include "common/image/image_limits.h"
#include "failure.h"
#include "image_io.h"
#include "sequence_io.h"
#include "sequence_pattern.h"
#include "stdio_image.h"
#include "video_io.h"
#if SATAPP_HAVE_GST
#include "gst_video.h"
#endif

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

MediaKind media_kind_of_output(const std::string& path, const SinkOptions& options) {
  const bool to_stdout = path == "-";
  if (to_stdout && options.format.empty())
    throw usage_error("OUTPUT - (stdout) needs --format to name the image format (e.g. --format png)");
  const std::string extension = to_stdout ? options.format : lower_extension(path);
  const std::string where = to_stdout ? "--format " + extension : "output '" + path + "'";
  if (extension.empty())
    throw usage_error("output '" + path + "' has no extension: cannot choose a format (e.g. .png or .mp4)");
  const bool sequence = !to_stdout && SequencePattern::parse(path).has_value();
  MediaKind kind;
  if (!video_codecs_for(extension).empty() && !to_stdout && !sequence) {
    kind = MediaKind::Video;
  } else if (can_write_image("x." + extension)) {
    kind = sequence ? MediaKind::Video : MediaKind::Image;
  } else {
    throw usage_error("unknown " + std::string(to_stdout ? "--format" : "output format") + " '" + extension +
                      "' (images: png, jpg, bmp, tif, pgm/ppm, webp...; videos: avi, mp4, m4v, mov, mkv, webm)");
  }
  if (options.quality >= 0) {
    const bool image_file = kind == MediaKind::Image || sequence;
    const bool takes = image_file ? image_takes_quality(extension) : video_takes_quality(extension, options.fourcc);
    if (!takes)
      throw usage_error("--quality does not apply to " + where +
                        " (it applies to jpg and webp images and to MJPG videos such as .avi)");
  }
  return kind;
}

std::unique_ptr<FrameSource> open_source(const std::string& path, std::uint64_t max_pixels, satapp::Decoder decoder) {
  if (path == "-") return open_stdin_image_source(max_pixels);
  // A pattern names a sequence, unless a file has that very name.
  if (const std::optional<SequencePattern> pattern = SequencePattern::parse(path))
    if (is_image_extension(lower_extension(path)) && ::access(path.c_str(), F_OK) != 0)
      return open_sequence_source(*pattern, max_pixels);
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) throw runtime_error("cannot open '" + path + "': " + std::strerror(errno));
  if (S_ISDIR(st.st_mode))
    throw runtime_error("cannot open '" + path + "': " + satapp::files::why_not_a_regular_file(path));
  if (::access(path.c_str(), R_OK) != 0) throw runtime_error("cannot open '" + path + "': " + std::strerror(errno));
  // A FIFO or a device can be read only once, to its end: images only (videos must seek).
  if (!S_ISREG(st.st_mode)) return open_image_source(path, max_pixels);
  // By extension first: FFmpeg would happily open a broken "x.png" as a one-frame video.
  if (is_image_extension(lower_extension(path)) || content_is_image(path)) return open_image_source(path, max_pixels);
  satapp::Decoder resolved = satapp::Decoder::OpenCv;
  try {
    resolved = satapp::resolve_decoder(decoder, true);
  } catch (const std::runtime_error& e) {
    throw usage_error(e.what());
  }
  std::unique_ptr<FrameSource> video;
#if SATAPP_HAVE_GST
  if (resolved == satapp::Decoder::Gst) video = open_gst_video_source(path);
#endif
  if (!video) video = open_video_source(path);
  const MediaInfo& info = video->info();
  const std::string reason =
      satapp::image::oversize_reason(std::uint64_t(info.width), std::uint64_t(info.height), max_pixels);
  if (!reason.empty())
    throw runtime_error("cannot read '" + path + "': its frames are too large: " + reason + " (--max-pixels " +
                        std::to_string(max_pixels) + " is the limit; give a larger one to read it)");
  return video;
}

std::unique_ptr<FrameSink> open_sink(const std::string& path, MediaKind kind, const MediaInfo& input,
                                     const SinkOptions& options, satapp::files::OutputBatch& outputs) {
  if (path == "-") return open_stdout_image_sink(options, outputs);
  const std::optional<SequencePattern> pattern = SequencePattern::parse(path);
  if (pattern && kind == MediaKind::Video && video_codecs_for(lower_extension(path)).empty())
    return open_sequence_sink(*pattern, input, options, outputs);
  if (kind == MediaKind::Image) return open_image_sink(path, options, outputs);
  return open_video_sink(path, input, options, outputs);
}

}  // namespace satfilter
