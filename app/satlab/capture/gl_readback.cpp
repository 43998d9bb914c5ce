#include "capture/gl_readback.h"

#include <opencv2/imgproc.hpp>

namespace satlab {

void read_framebuffer_bgr(int width, int height, cv::Mat& rgba, cv::Mat& bgr) {
  rgba.create(height, width, CV_8UC4);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data);
  cv::flip(rgba, rgba, 0);  // GL's row 0 is the bottom
  cv::cvtColor(rgba, bgr, cv::COLOR_RGBA2BGR);
}

void read_texture_bgr(GLuint texture, int width, int height, cv::Mat& rgba, cv::Mat& bgr) {
  rgba.create(height, width, CV_8UC4);
  glBindTexture(GL_TEXTURE_2D, texture);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data);
  glBindTexture(GL_TEXTURE_2D, 0);
  cv::cvtColor(rgba, bgr, cv::COLOR_RGBA2BGR);
}

}  // namespace satlab
