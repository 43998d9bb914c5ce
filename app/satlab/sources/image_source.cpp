#include "sources/image_source.h"

#include <opencv2/imgcodecs.hpp>

#include <filesystem>

#include "common/image/image_limits.h"

namespace satlab {

ImageSource::ImageSource(const std::string& path) {
  // A few kilobytes of PNG can announce 32767x32767 pixels: judged from the header, not decoded.
  const std::string oversize = satapp::image::file_oversize_reason(path, satapp::image::kDefaultMaxPixels);
  if (!oversize.empty()) throw SourceError("\"" + path + "\": " + oversize);
  cv::Mat decoded;
  try {
    decoded = cv::imread(path, cv::IMREAD_COLOR);  // 8-bit BGR whatever the file holds
  } catch (const cv::Exception& e) {
    throw SourceError("\"" + path + "\": " + e.what());
  }
  if (decoded.empty()) throw SourceError("\"" + path + "\": not an image OpenCV can read (corrupt?)");
  to_bgr8(decoded, image_, path);
  name_ = "image " + std::filesystem::path(path).filename().string() + " (" + std::to_string(image_.cols) + "x" +
          std::to_string(image_.rows) + ")";
}

bool ImageSource::poll(satapp::Frame& frame, cv::Mat& buffer, double /*now_s*/) {
  if (delivered_) return false;
  image_.copyTo(buffer);
  frame = satapp::host_frame(buffer);
  delivered_ = true;
  return true;
}

}  // namespace satlab
