#include "sources/frame_source.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>

#include "common/files/file_kind.h"
#include "sources/memory_video_source.h"
#include "sources/raw_video_file.h"
#include "sources/synthetic_source.h"
#if SATAPP_HAVE_GST
#include "sources/gst_source.h"
#endif
#if SATLAB_MEDIA_IO
#include "sources/camera_source.h"
#include "sources/image_source.h"
#include "sources/video_source.h"
#endif

namespace satlab {

namespace {
bool has_image_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  static const char* const kImage[] = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp",
                                       ".pgm", ".ppm", ".pbm",  ".pnm", ".exr", ".hdr"};
  return std::any_of(std::begin(kImage), std::end(kImage), [&](const char* e) { return ext == e; });
}

// A video file through GStreamer, or an error saying why this build cannot.
std::unique_ptr<FrameSource> open_with_gstreamer(const SourceSpec& spec, const SourceOpenOptions& options) {
#if SATAPP_HAVE_GST
  if (spec.kind == SourceSpec::Kind::Gst) return open_gst_pipeline(spec.pipeline, options);
  return open_gst_video_file(spec.path, options);
#else
  (void)options;
  throw SourceError(to_string(spec) +
                    ": this satlab was built without GStreamer (its development packages were "
                    "not found, or SATLAB_GSTREAMER_SOURCES=OFF)");
#endif
}

// Which library decodes a video file: --decoder, resolved for this build.
satapp::Decoder video_decoder(const SourceOpenOptions& options) {
  try {
    return satapp::resolve_decoder(options.decoder, SATLAB_MEDIA_IO != 0);
  } catch (const std::runtime_error& e) {
    throw SourceError(e.what());
  }
}
}  // namespace

namespace {
std::string file_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }
}  // namespace

std::string memory_size_text(double bytes) {
  constexpr double kMiB = 1024.0 * 1024.0;
  char text[32];
  if (bytes < 0.1 * kMiB)
    std::snprintf(text, sizeof text, "%.0f bytes", bytes);
  else
    std::snprintf(text, sizeof text, "%.1f MiB", bytes / kMiB);
  return text;
}

std::string describe(const SourceLoad& load) {
  char text[128];
  std::snprintf(text, sizeof text, "%lld frames %s in %.1f ms (%.2f ms per frame), ", load.frames,
                load.decoded ? "decoded" : "read", load.ms, load.frames > 0 ? load.ms / load.frames : 0.0);
  return text + memory_size_text(static_cast<double>(load.bytes)) + " in memory";
}

std::unique_ptr<FrameSource> open_source(const SourceSpec& spec, const SourceOpenOptions& options) {
  switch (spec.kind) {
    case SourceSpec::Kind::Synthetic:
      return std::make_unique<SyntheticSource>(spec.width, spec.height);
    case SourceSpec::Kind::RawVideo:
      return std::make_unique<MemoryVideoSource>(
          "raw video", file_name(spec.path),
          read_raw_video(spec.path, spec.width, spec.height, options.memory_cap_bytes), options.video_fast,
          options.memory_unpaced);
    case SourceSpec::Kind::Gst:
      return open_with_gstreamer(spec, options);
    case SourceSpec::Kind::File: {
      const std::string not_regular = satapp::files::why_not_a_regular_file(spec.path);
      if (!not_regular.empty())
        throw SourceError("\"" + spec.path + "\": " + not_regular + " (--source plays image and video files)");
      const bool image = has_image_extension(spec.path);
      // --preload decodes through OpenCV (decode_video) where this build has it.
      const bool preload = options.preload && SATLAB_MEDIA_IO;
      if (!image && !preload && video_decoder(options) == satapp::Decoder::Gst)
        return open_with_gstreamer(spec, options);
#if SATLAB_MEDIA_IO
      if (image) return std::make_unique<ImageSource>(spec.path);
      if (options.preload)
        return std::make_unique<MemoryVideoSource>("video", file_name(spec.path),
                                                   decode_video(spec.path, options.memory_cap_bytes),
                                                   options.video_fast, options.memory_unpaced);
      return std::make_unique<VideoSource>(spec.path, options.video_fast);
#else
      throw SourceError(to_string(spec) + ": this satlab was built without image files (SATLAB_MEDIA_IO=OFF)");
#endif
    }
#if SATLAB_MEDIA_IO
    case SourceSpec::Kind::Camera:
      return std::make_unique<CameraSource>(spec.camera_index);
#else
    case SourceSpec::Kind::Camera:
      throw SourceError(to_string(spec) + ": this satlab was built without camera sources (SATLAB_MEDIA_IO=OFF)");
#endif
    case SourceSpec::Kind::Default:
      break;
  }
  throw SourceError("open_source: the default source must be resolved by the caller");
}

void to_bgr8(const cv::Mat& image, cv::Mat& bgr, const std::string& what) {
  if (image.empty()) throw SourceError(what + ": empty image");
  if (image.depth() != CV_8U)
    throw SourceError(what + ": only 8-bit images are supported (got depth " + std::to_string(image.depth()) + ")");
  switch (image.channels()) {
    case 3:
      image.copyTo(bgr);
      break;
    case 1:
      cv::cvtColor(image, bgr, cv::COLOR_GRAY2BGR);
      break;
    case 4:
      cv::cvtColor(image, bgr, cv::COLOR_BGRA2BGR);
      break;
    default:
      throw SourceError(what + ": unsupported channel count " + std::to_string(image.channels()));
  }
}

void to_gray16(const cv::Mat& image, cv::Mat& gray, const std::string& what) {
  if (image.empty()) throw SourceError(what + ": empty image");
  if (image.depth() != CV_16U)
    throw SourceError(what + ": not a 16-bit image (got depth " + std::to_string(image.depth()) + ")");
  switch (image.channels()) {
    case 1:
      image.copyTo(gray);
      break;
    case 3:
      cv::cvtColor(image, gray, cv::COLOR_BGR2GRAY);
      break;
    case 4:
      cv::cvtColor(image, gray, cv::COLOR_BGRA2GRAY);
      break;
    default:
      throw SourceError(what + ": unsupported channel count " + std::to_string(image.channels()));
  }
}

}  // namespace satlab
