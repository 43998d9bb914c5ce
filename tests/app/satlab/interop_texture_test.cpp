// InteropTexture where no GPU is needed (label cpu), in a headless GL context (EGL; Mesa here,
// skipped where EGL gives none): host uploads reach the texture and leave GL's state as they found
// it, size changes and moves keep what they promise, and without a CUDA device a CUDA write is a
// sat::Error that leaves the texture usable (skipped where there is a device). Textures with CUDA
// writes, with and without interop: interop_texture_gpu_test.cpp. GlCudaImage, the registration
// InteropTexture and the shadow demo share: registered once, or refused with the call's name,
// and owned once through moves.
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include <utility>

#include "cuda_test_support.h"
#include "display/gl_cuda_image.h"
#include "display/gl_readback.h"
#include "display_test_support.h"
#include "pipeline/mat_view.h"
#include "sat/error.h"
#include "test_images.h"

namespace satlab {
namespace {

using test::differing;
using test::random_image;
using test::texels;

TEST(InteropTexture, HostUploadsReachTheTextureAndLeaveGlStateAlone) {
  SATLAB_REQUIRE_GL(gl);
  InteropTexture texture(true);
  EXPECT_STREQ(texture.display_path(), "");
  texture.resize(37, 23);
  EXPECT_EQ(texture.width(), 37);
  EXPECT_EQ(texture.height(), 23);
  // Rows padded to 40 texels: the upload honours the pitch.
  const cv::Mat padded = random_image(40, 23, 4, 3);
  const cv::Mat pixels = padded(cv::Rect(0, 0, 37, 23));
  // What the caller had bound and set stays so.
  const gl::Texture other = gl::Texture::create();
  glBindTexture(GL_TEXTURE_2D, other.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 5);
  texture.upload_host(0, image_view(static_cast<const cv::Mat&>(pixels)));
  GLint bound = 0, alignment = 0, row_length = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &alignment);
  glGetIntegerv(GL_UNPACK_ROW_LENGTH, &row_length);
  EXPECT_EQ(static_cast<GLuint>(bound), other.get());
  EXPECT_EQ(alignment, 1);
  EXPECT_EQ(row_length, 5);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);

  EXPECT_EQ(differing(texels(texture), pixels), 0);
  EXPECT_STREQ(texture.display_path(), "host upload");
  EXPECT_FALSE(texture.interop_active());
  EXPECT_EQ(texture.interop_problem(), "");  // no CUDA write asked for: CUDA never touched
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST(InteropTexture, ResizeAndMovesKeepTheTexture) {
  SATLAB_REQUIRE_GL(gl);
  InteropTexture texture(false);
  const GLuint name = texture.texture();
  EXPECT_NE(name, 0u);
  texture.resize(16, 8);
  texture.resize(16, 8);  // the same size: nothing changes
  EXPECT_EQ(texture.texture(), name);
  const cv::Mat pixels = random_image(16, 8, 4, 4);
  texture.upload_host(0, image_view(static_cast<const cv::Mat&>(pixels)));

  InteropTexture moved(std::move(texture));
  EXPECT_EQ(moved.texture(), name);
  EXPECT_EQ(moved.width(), 16);
  EXPECT_STREQ(moved.display_path(), "host upload");
  EXPECT_EQ(differing(texels(moved), pixels), 0);
  EXPECT_EQ(texture.texture(), 0u);  // moved from: empty
  EXPECT_EQ(texture.width(), 0);
  EXPECT_STREQ(texture.display_path(), "");

  InteropTexture assigned(true);
  assigned.resize(4, 4);
  assigned = std::move(moved);
  EXPECT_EQ(assigned.texture(), name);
  EXPECT_EQ(assigned.height(), 8);
  EXPECT_EQ(differing(texels(assigned), pixels), 0);

  assigned.resize(9, 7);  // new storage: nothing has been written into it yet
  EXPECT_EQ(assigned.width(), 9);
  EXPECT_STREQ(assigned.display_path(), "");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// A gray image goes to an R8 texture (1 byte a pixel, not 4) that reads as gray: the readback
// the captures use gives B = G = R; the next resize() gives RGBA8 storage again, which takes
// RGBA rows in bands at their offsets.
TEST(InteropTexture, GrayUploadsKeepOneBytePerPixelAndResizeGivesRgbaAgain) {
  SATLAB_REQUIRE_GL(gl);
  InteropTexture texture(false);
  const cv::Mat padded = random_image(40, 23, 1, 6);
  const cv::Mat gray = padded(cv::Rect(0, 0, 37, 23));  // rows padded: the pitch is honoured
  texture.upload_host_gray(image_view(gray));
  EXPECT_TRUE(texture.gray());
  EXPECT_EQ(texture.width(), 37);
  EXPECT_EQ(texture.height(), 23);
  EXPECT_STREQ(texture.display_path(), "host upload");
  GLint format = 0;
  glBindTexture(GL_TEXTURE_2D, texture.texture());
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
  glBindTexture(GL_TEXTURE_2D, 0);
  EXPECT_EQ(format, GL_R8);
  cv::Mat scratch, bgr, expected;
  read_texture_bgr(texture.texture(), 37, 23, scratch, bgr);
  cv::cvtColor(gray, expected, cv::COLOR_GRAY2BGR);
  EXPECT_EQ(differing(bgr, expected), 0);

  texture.resize(37, 23);  // the same size, RGBA8 storage again
  EXPECT_FALSE(texture.gray());
  const cv::Mat rgba = random_image(37, 23, 4, 8);
  texture.upload_host(0, image_view(static_cast<const cv::Mat&>(rgba.rowRange(0, 10))));
  texture.upload_host(10, image_view(static_cast<const cv::Mat&>(rgba.rowRange(10, 23))));
  EXPECT_EQ(differing(texels(texture), rgba), 0);
  read_texture_bgr(texture.texture(), 37, 23, scratch, bgr);
  cv::cvtColor(rgba, expected, cv::COLOR_RGBA2BGR);
  EXPECT_EQ(differing(bgr, expected), 0);
  EXPECT_THROW(texture.upload_host(20, image_view(static_cast<const cv::Mat&>(rgba.rowRange(0, 10)))), sat::Error);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// No CUDA device: the surface cannot be had, with interop allowed or not. The failure is a
// sat::Error (the pipeline selector's cue to switch to the CPU backend), and the texture goes on
// taking host uploads.
TEST(InteropTexture, CudaWriteWithoutADeviceIsAnErrorAndHostUploadsGoOn) {
  if (sat::test::has_cuda_device()) GTEST_SKIP() << "a CUDA device is present: interop_texture_gpu_test.cpp";
  SATLAB_REQUIRE_GL(gl);
  for (const bool allow_interop : {true, false}) {
    SCOPED_TRACE(allow_interop ? "interop allowed" : "--no-interop");
    InteropTexture texture(allow_interop);
    texture.resize(8, 6);
    EXPECT_THROW(texture.begin_cuda_write(nullptr), sat::Error);
    EXPECT_FALSE(texture.interop_active());
    EXPECT_NE(texture.interop_problem(), "");
    if (!allow_interop) {
      EXPECT_EQ(texture.interop_problem(), "CUDA-GL interop disabled (--no-interop)");
    }
    const cv::Mat pixels = random_image(8, 6, 4, 5);
    texture.upload_host(0, image_view(static_cast<const cv::Mat&>(pixels)));
    EXPECT_EQ(differing(texels(texture), pixels), 0);
    EXPECT_STREQ(texture.display_path(), "host upload");
  }
}

TEST(GlCudaImage, RegistersOnceOrSaysWhyAndMovesItsRegistration) {
  SATLAB_REQUIRE_GL(gl);
  const gl::Texture texture = gl::Texture::create();
  glBindTexture(GL_TEXTURE_2D, texture.get());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  GlCudaImage image(cudaGraphicsRegisterFlagsSurfaceLoadStore);
  EXPECT_FALSE(image.attached());
  // Registered where the GL context is on the CUDA device; elsewhere (no device, Mesa) refused,
  // naming the call.
  const bool registered = image.attach(texture.get());
  EXPECT_EQ(image.attached(), registered);
  if (registered) {
    EXPECT_EQ(image.problem(), "");
    EXPECT_TRUE(image.attach(texture.get()));  // the same texture: kept as it is
  } else {
    EXPECT_NE(image.problem().find("cudaGraphicsGLRegisterImage"), std::string::npos) << image.problem();
  }
  GlCudaImage moved(std::move(image));
  EXPECT_EQ(moved.attached(), registered);
  EXPECT_FALSE(image.attached());  // NOLINT(bugprone-use-after-move): a moved-from image holds nothing
  GlCudaImage assigned(cudaGraphicsRegisterFlagsReadOnly);
  assigned = std::move(moved);
  EXPECT_EQ(assigned.attached(), registered);
  EXPECT_FALSE(moved.attached());  // NOLINT(bugprone-use-after-move)
  assigned.release();
  EXPECT_FALSE(assigned.attached());
  assigned.unmap(nullptr);  // nothing mapped: nothing to do
}

}  // namespace
}  // namespace satlab
