#include "display/gl_readback.h"

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

void read_texture_bgr(GLuint texture, int width, int height, cv::Mat& scratch, cv::Mat& bgr) {
  glBindTexture(GL_TEXTURE_2D, texture);
  GLint format = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
  const bool gray = format == GL_R8;
  cv::Mat& target = gray ? scratch : bgr;
  target.create(height, width, gray ? CV_8UC1 : CV_8UC3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ROW_LENGTH, static_cast<GLint>(target.step[0] / target.elemSize()));
  glGetTexImage(GL_TEXTURE_2D, 0, gray ? GL_RED : GL_BGR, GL_UNSIGNED_BYTE, target.data);
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D, 0);
  if (gray) cv::cvtColor(scratch, bgr, cv::COLOR_GRAY2BGR);
}

}  // namespace satlab
