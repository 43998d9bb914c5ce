// For the tests of display/ that need OpenGL: a headless context (EGL: the GPU's device platform
// where there is one, else e.g. Mesa's llvmpipe), and the pixels of a texture as GL has them.
#pragma once

#include <gtest/gtest.h>

#include <opencv2/core.hpp>

#include <memory>

#include "display/gl_context.h"
#include "display/interop_texture.h"

namespace satlab::test {

// A current GL context for a test's body; null (the test skips) where EGL gives none.
inline std::unique_ptr<GlContext> headless_gl() {
  try {
    return create_headless_context(64, 64);
  } catch (const GlContextError& e) {
    std::printf("no headless GL context: %s\n", e.what());
    return nullptr;
  }
}

#define SATLAB_REQUIRE_GL(context)                                                    \
  const std::unique_ptr<::satlab::GlContext> context = ::satlab::test::headless_gl(); \
  if (!context) GTEST_SKIP() << "no headless OpenGL context through EGL"

// The texture's RGBA8 texels, row 0 first, through texture() (so with the upload it may make).
inline cv::Mat texels(InteropTexture& texture) {
  cv::Mat rgba(texture.height(), texture.width(), CV_8UC4);
  glBindTexture(GL_TEXTURE_2D, texture.texture());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data);
  glBindTexture(GL_TEXTURE_2D, 0);
  return rgba;
}

}  // namespace satlab::test
