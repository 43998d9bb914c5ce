// GL → OpenCV readbacks for the captures. Need the GL context current.
#pragma once

#include <GL/glew.h>
#include <opencv2/core.hpp>

namespace satlab {

// The bound read framebuffer (what the frame was drawn into), width×height, as BGR with row 0 at
// the top. `rgba` is scratch (reused between calls).
void read_framebuffer_bgr(int width, int height, cv::Mat& rgba, cv::Mat& bgr);

// A texture's level 0 as BGR (row 0 = the texture's first row): RGBA8 read as BGR straight into
// `bgr`, an R8 texture (a gray image, display/interop_texture.h) into `scratch` and expanded
// (glGetTexImage ignores the swizzle that shows it as gray).
void read_texture_bgr(GLuint texture, int width, int height, cv::Mat& scratch, cv::Mat& bgr);

}  // namespace satlab
