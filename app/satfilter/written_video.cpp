#include "written_video.h"

#include <sys/statvfs.h>

#include <opencv2/videoio.hpp>

#include "failure.h"
#include "interrupt.h"
#include "video_io.h"

namespace satfilter {
namespace {

// Why a read-back may have come up short: a full file system is by far the likeliest.
std::string likely_reason(const std::string& path) {
  struct statvfs fs {};
  if (::statvfs(path.c_str(), &fs) == 0 && fs.f_bavail == 0) return "no space left on device";
  return "the encoder's writes did not all reach the file";
}

}  // namespace

void check_written_video(const std::string& path, const std::string& destination, int64_t frames, cv::Size size) {
  int64_t decoded = 0;
  cv::Size stored;
  try {
    cv::VideoCapture capture;
    if (capture.open(path, video_read_api()) && capture.isOpened()) {
      stored = cv::Size(static_cast<int>(capture.get(cv::CAP_PROP_FRAME_WIDTH)),
                        static_cast<int>(capture.get(cv::CAP_PROP_FRAME_HEIGHT)));
      // grab() decodes without the conversion to BGR; one frame more than written is enough to
      // tell "too many" from "exact".
      while (decoded <= frames && capture.grab()) {
        ++decoded;
        throw_if_interrupted();
      }
    }
  } catch (const cv::Exception&) {
    // Counted as far as it went.
  }
  // A writer that changed the size (OpenCV's crops odd sides) gave a wrong answer, not a short one.
  if (decoded > 0 && stored != size)
    throw runtime_error("cannot write '" + destination + "': the video reads back " + std::to_string(stored.width) +
                        "x" + std::to_string(stored.height) + ", not the " + std::to_string(size.width) + "x" +
                        std::to_string(size.height) + " frames written");
  if (decoded == frames) return;
  throw runtime_error("cannot write '" + destination + "': " + likely_reason(path) + " (the video reads back " +
                      std::to_string(decoded) + " of the " + std::to_string(frames) + " frames written)");
}

}  // namespace satfilter
