#include "sources/image_source.h"

#include <opencv2/imgcodecs.hpp>

#include <filesystem>

namespace satlab {

ImageSource::ImageSource(const std::string& path) {
  cv::Mat decoded;
  try {
    decoded = cv::imread(path, cv::IMREAD_COLOR);  // 8-bit BGR whatever the file holds
  } catch (const cv::Exception& e) {
    throw SourceError("\"" + path + "\": " + e.what());
  }
  if (decoded.empty()) throw SourceError("\"" + path + "\": not an image OpenCV can read (corrupt?)");
  to_bgr8(decoded, image_, path);
  name_ = "image " + std::filesystem::path(path).filename().string() + " (" + std::to_string(image_.cols) +
          "x" + std::to_string(image_.rows) + ")";
}

bool ImageSource::poll(cv::Mat& frame, double /*now_s*/) {
  if (delivered_) return false;
  image_.copyTo(frame);
  delivered_ = true;
  return true;
}

}  // namespace satlab
