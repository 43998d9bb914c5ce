// PNG files through stb_image_write: screenshots and frame dumps need no OpenCV codec library
// (imgcodecs pulls in some 170 MB of shared libraries; the GPU test machine has none of them).
#pragma once

#include <opencv2/core.hpp>

#include <string>

namespace satlab {

// Writes an 8-bit gray, BGR or BGRA image. Throws std::runtime_error naming the path on failure.
void write_png(const std::string& path, const cv::Mat& image);

}  // namespace satlab
