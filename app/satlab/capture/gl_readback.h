// GL → OpenCV readbacks for the captures. Need the GL context current.
#pragma once

#include <GL/glew.h>
#include <opencv2/core.hpp>

namespace satlab {

// The bound read framebuffer (what the frame was drawn into), width×height, as BGR with row 0 at
// the top. `rgba` is scratch (reused between calls).
void read_framebuffer_bgr(int width, int height, cv::Mat& rgba, cv::Mat& bgr);

// An RGBA8 texture's level 0 as BGR (row 0 = the texture's first row). `rgba` is scratch.
void read_texture_bgr(GLuint texture, int width, int height, cv::Mat& rgba, cv::Mat& bgr);

}  // namespace satlab
