// InteropTexture with CUDA writes (label gpu; skipped without a CUDA device, or where EGL gives no
// GL context), read back through GL: without interop (--no-interop, or a GL context CUDA cannot
// register) the kernels write a surface of the texture's own and texture() uploads the last
// write's host copy when GL needs it: never an older frame, never over newer host pixels, across
// moves and size changes; the CUDA pipeline's frames in flight reach GL that way bit-identical to
// the CPU pipeline's; with interop (an EGL context on the CUDA device) the kernels write the
// texture itself.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <utility>

#include "common/frame/host_frame.h"
#include "cuda_test_support.h"
#include "device_test_images.h"
#include "display_test_support.h"
#include "pipeline/color_cpu.h"
#include "pipeline/color_kernels.h"
#include "pipeline/cpu_pipeline.h"
#include "pipeline/cuda_pipeline.h"
#include "pipeline/mat_view.h"
#include "sat/support/cuda_stream.h"
#include "test_images.h"
#include "test_targets.h"

namespace satlab {
namespace {

using test::differing;
using test::random_image;
using test::texels;

// A device image to write, and the RGBA texels it must give.
struct Picture {
  Picture(int width, int height, int channels, unsigned seed)
      : host(random_image(width, height, channels, seed)), device(test::upload(host)), rgba(height, width, CV_8UC4) {
    to_rgba_cpu(image_view(host), image_view(rgba));
  }
  cv::Mat host;
  satapp::DeviceImage device;
  cv::Mat rgba;
};

// Skips without a CUDA device or a GL context; writes pictures into textures on a stream of its own.
class InteropTextureGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!sat::test::has_cuda_device()) GTEST_SKIP() << "no CUDA device";
    gl_ = test::headless_gl();
    if (!gl_) GTEST_SKIP() << "no headless OpenGL context through EGL";
    stream_.emplace();
  }
  // One CUDA write of `picture` into `texture`, queued on the stream; nothing waits for it.
  void write(InteropTexture& texture, const Picture& picture) {
    ScopedCudaWrite write(texture, stream_->get());
    to_rgba_surface_gpu(picture.device.view(), write.surface(), stream_->get());
  }
  // A texture of the picture's size with the picture written into it (queued).
  InteropTexture written(bool allow_interop, const Picture& picture) {
    InteropTexture texture(allow_interop);
    texture.resize(picture.rgba.cols, picture.rgba.rows);
    write(texture, picture);
    return texture;
  }

  std::unique_ptr<GlContext> gl_;
  std::optional<sat::CudaStream> stream_;
};

TEST_F(InteropTextureGpu, WithoutInteropGlGetsTheLastWriteWhenItNeedsIt) {
  const int width = 131, height = 77;
  const Picture a(width, height, 3, 1), b(width, height, 1, 2), c(width, height, 4, 3);
  InteropTexture texture = written(false, a);
  EXPECT_FALSE(texture.interop_active());
  EXPECT_EQ(texture.interop_problem(), "CUDA-GL interop disabled (--no-interop)");
  EXPECT_STREQ(texture.display_path(), "CUDA surface + host upload");
  EXPECT_EQ(differing(texels(texture), a.rgba), 0);
  EXPECT_EQ(differing(texels(texture), a.rgba), 0);  // asked again: the same pixels

  // Frames in flight: two writes before GL looks; it gets the newer one.
  write(texture, b);
  write(texture, c);
  EXPECT_EQ(differing(texels(texture), c.rgba), 0);

  // Host pixels after a CUDA write GL has not taken yet: the host's are newer and stay.
  write(texture, a);
  texture.upload_host(0, image_view(static_cast<const cv::Mat&>(b.rgba)));
  EXPECT_STREQ(texture.display_path(), "host upload");
  EXPECT_EQ(differing(texels(texture), b.rgba), 0);

  // A size change with a write still queued, then writes at the new size.
  write(texture, c);
  const Picture small(40, 30, 3, 4);
  texture.resize(40, 30);
  write(texture, small);
  EXPECT_EQ(differing(texels(texture), small.rgba), 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(InteropTextureGpu, MovesKeepAQueuedWrite) {
  const Picture a(64, 48, 3, 5), b(64, 48, 4, 6);
  InteropTexture first = written(false, a);
  InteropTexture second(std::move(first));
  EXPECT_EQ(first.texture(), 0u);
  EXPECT_EQ(differing(texels(second), a.rgba), 0);

  InteropTexture third = written(false, a);  // replaced while its copy may still be queued
  write(second, b);
  third = std::move(second);
  EXPECT_EQ(differing(texels(third), b.rgba), 0);
  EXPECT_STREQ(third.display_path(), "CUDA surface + host upload");
  written(false, b);  // destroyed with its copy queued
  SAT_CUDA_CHECK(cudaStreamSynchronize(stream_->get()));
}

// The CUDA pipeline without interop, frames in flight, GL looking only after the last one: both
// textures show what the CPU pipeline shows, after a size change too.
TEST_F(InteropTextureGpu, CudaPipelineFramesReachGlWithoutInterop) {
  CudaPipeline gpu(sat::Options{});
  CpuPipeline cpu;
  InteropTexture before(false), after(false);
  test::HostTarget cpu_before, cpu_after;
  PipelineSettings settings;
  settings.filter.kind = FilterKind::Box;
  settings.filter.params<sat::BoxBlurParams>() = {15, 9, sat::Border::Reflect101};
  for (const cv::Size size : {cv::Size(640, 360), cv::Size(333, 217)}) {
    SCOPED_TRACE(std::to_string(size.width) + "x" + std::to_string(size.height));
    cv::Mat frame;
    for (int i = 0; i < 4; ++i) {
      frame = test::synthetic_frame(size.width, size.height, i);
      gpu.process(satapp::host_frame(frame), settings, &before, &after);
    }
    cpu.process(satapp::host_frame(frame), settings, &cpu_before, &cpu_after);
    EXPECT_EQ(gpu.display_path(), "CUDA surface + host upload");
    EXPECT_EQ(differing(texels(after), cpu_after.rgba), 0);
    EXPECT_EQ(differing(texels(before), cpu_before.rgba), 0);
  }
}

// With an EGL context on the CUDA device (the NVIDIA EGL device platform), the kernels write the
// texture itself; elsewhere (e.g. Mesa) registration fails and the test says why.
TEST_F(InteropTextureGpu, WithInteropKernelsWriteTheTextureItself) {
  const Picture a(96, 64, 3, 7), b(96, 64, 1, 8);
  InteropTexture texture = written(true, a);
  if (!texture.interop_active())
    GTEST_SKIP() << "CUDA cannot register this GL context's textures (" << gl_->description()
                 << "): " << texture.interop_problem();
  EXPECT_EQ(texture.interop_problem(), "");
  EXPECT_STREQ(texture.display_path(), "CUDA-GL interop");
  EXPECT_EQ(differing(texels(texture), a.rgba), 0);  // the unmap orders GL after the write
  write(texture, b);
  EXPECT_EQ(differing(texels(texture), b.rgba), 0);
}

}  // namespace
}  // namespace satlab
