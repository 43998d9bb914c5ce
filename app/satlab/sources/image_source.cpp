#include "sources/image_source.h"

#include <opencv2/imgcodecs.hpp>

#include <filesystem>

#include "common/image/image_limits.h"
#include "sources/deep_frame.h"

namespace satlab {

ImageSource::ImageSource(const std::string& path) {
  // A few kilobytes of PNG can announce 32767x32767 pixels: judged from the header, not decoded.
  const std::string oversize = satapp::image::file_oversize_reason(path, satapp::image::kDefaultMaxPixels);
  if (!oversize.empty()) throw SourceError("\"" + path + "\": " + oversize);
  cv::Mat decoded;
  try {
    // Its depth as stored: 16-bit samples stay 16-bit. Other depths (float, signed) are read as
    // 8-bit BGR, as before 16-bit files were shown as they are.
    decoded = cv::imread(path, cv::IMREAD_ANYDEPTH | cv::IMREAD_ANYCOLOR);
    if (!decoded.empty() && decoded.depth() != CV_8U && decoded.depth() != CV_16U)
      decoded = cv::imread(path, cv::IMREAD_COLOR);
  } catch (const cv::Exception& e) {
    throw SourceError("\"" + path + "\": " + e.what());
  }
  if (decoded.empty()) throw SourceError("\"" + path + "\": not an image OpenCV can read (corrupt?)");
  std::string depth;
  if (decoded.depth() == CV_16U) {
    to_gray16(decoded, image_, path);
    depth = ", 16-bit";
  } else {
    to_bgr8(decoded, image_, path);
  }
  name_ = "image " + std::filesystem::path(path).filename().string() + " (" + std::to_string(image_.cols) + "x" +
          std::to_string(image_.rows) + depth + ")";
}

bool ImageSource::poll(satapp::Frame& frame, cv::Mat& buffer, double /*now_s*/) {
  if (delivered_) return false;
  image_.copyTo(buffer);  // a 16-bit image takes memory of its own (the buffer is made for 8-bit BGR)
  frame = image_.depth() == CV_16U ? host_frame16(buffer) : satapp::host_frame(buffer);
  delivered_ = true;
  return true;
}

}  // namespace satlab
