#include "sources/frame_source.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "sources/synthetic_source.h"
#if SATLAB_MEDIA_IO
#include "sources/camera_source.h"
#include "sources/image_source.h"
#include "sources/video_source.h"
#endif

namespace satlab {

#if SATLAB_MEDIA_IO
namespace {
bool has_image_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  static const char* const kImage[] = {".png", ".jpg",  ".jpeg", ".bmp", ".tif", ".tiff",
                                       ".webp", ".pgm", ".ppm",  ".pbm", ".pnm", ".exr", ".hdr"};
  return std::any_of(std::begin(kImage), std::end(kImage), [&](const char* e) { return ext == e; });
}
}  // namespace
#endif

std::unique_ptr<FrameSource> open_source(const SourceSpec& spec, const SourceOpenOptions& options) {
  switch (spec.kind) {
    case SourceSpec::Kind::Synthetic:
      return std::make_unique<SyntheticSource>(spec.width, spec.height);
#if SATLAB_MEDIA_IO
    case SourceSpec::Kind::Camera:
      return std::make_unique<CameraSource>(spec.camera_index);
    case SourceSpec::Kind::File: {
      std::error_code ec;
      if (!std::filesystem::is_regular_file(spec.path, ec))
        throw SourceError("\"" + spec.path + "\": no such file");
      if (has_image_extension(spec.path)) return std::make_unique<ImageSource>(spec.path);
      return std::make_unique<VideoSource>(spec.path, options.video_fast);
    }
#else
    case SourceSpec::Kind::Camera:
    case SourceSpec::Kind::File:
      (void)options;
      throw SourceError(to_string(spec) + ": this satlab was built without camera and file sources (SATLAB_MEDIA_IO=OFF)");
#endif
    case SourceSpec::Kind::Default: break;
  }
  throw SourceError("open_source: the default source must be resolved by the caller");
}

void to_bgr8(const cv::Mat& image, cv::Mat& bgr, const std::string& what) {
  if (image.empty()) throw SourceError(what + ": empty image");
  if (image.depth() != CV_8U)
    throw SourceError(what + ": only 8-bit images are supported (got depth " + std::to_string(image.depth()) + ")");
  switch (image.channels()) {
    case 3: image.copyTo(bgr); break;
    case 1: cv::cvtColor(image, bgr, cv::COLOR_GRAY2BGR); break;
    case 4: cv::cvtColor(image, bgr, cv::COLOR_BGRA2BGR); break;
    default: throw SourceError(what + ": unsupported channel count " + std::to_string(image.channels()));
  }
}

}  // namespace satlab
