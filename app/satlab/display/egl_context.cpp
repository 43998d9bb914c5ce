// The headless GL context: EGL without a window system. On NVIDIA machines the EGL device
// platform gives a GL 4.5 core context on the GPU (CUDA-GL interop works there); elsewhere the
// default EGL display (e.g. Mesa's llvmpipe). Frames are drawn into a framebuffer object; the
// pbuffer (or no surface at all, EGL_KHR_surfaceless_context) only makes the context current.
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "display/gl_context.h"
#include "display/gl_handle.h"

namespace satlab {

namespace {

bool has_extension(const char* list, const char* name) {
  if (!list) return false;
  const std::size_t n = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += n)
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
  return false;
}

std::string egl_error() {
  char text[32];
  std::snprintf(text, sizeof text, "EGL error 0x%04x", static_cast<unsigned>(eglGetError()));
  return text;
}

template <typename Proc>
Proc egl_proc(const char* name) {
  return reinterpret_cast<Proc>(eglGetProcAddress(name));
}

class EglContext final : public GlContext {
 public:
  EglContext(int width, int height, int cuda_device) : width_(width), height_(height) {
    std::string attempts;
    for (const Candidate& candidate : candidates(cuda_device)) {
      std::string why;
      if (try_display(candidate, why)) {
        description_ = "EGL " + candidate.what + (surface_ == EGL_NO_SURFACE ? ", surfaceless" : ", pbuffer");
        break;
      }
      attempts += "\n  " + candidate.what + ": " + why;
    }
    if (context_ == EGL_NO_CONTEXT)
      throw GlContextError("no headless OpenGL 3.3 context through EGL:" +
                           (attempts.empty() ? std::string("\n  no EGL display found") : attempts) +
                           "\n  (NVIDIA: is libEGL_nvidia registered? see __EGL_VENDOR_LIBRARY_FILENAMES)");
    try {
      description_ += "; " + load_gl_entry_points(true);
      create_framebuffer();
    } catch (...) {
      release();
      throw;
    }
  }
  ~EglContext() override { release(); }
  EglContext(const EglContext&) = delete;
  EglContext& operator=(const EglContext&) = delete;

  bool headless() const override { return true; }
  int framebuffer_width() const override { return width_; }
  int framebuffer_height() const override { return height_; }
  GLuint framebuffer() const override { return fbo_.get(); }
  void swap_buffers() override { glFlush(); }

 private:
  struct Candidate {
    EGLDisplay display;
    std::string what;
  };

  // Device displays first (NVIDIA, the CUDA device's own first), then the default display.
  static std::vector<Candidate> candidates(int cuda_device) {
    std::vector<Candidate> list;
    const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    const auto get_platform_display = egl_proc<PFNEGLGETPLATFORMDISPLAYEXTPROC>("eglGetPlatformDisplayEXT");
    const auto query_devices = egl_proc<PFNEGLQUERYDEVICESEXTPROC>("eglQueryDevicesEXT");
    const auto query_string = egl_proc<PFNEGLQUERYDEVICESTRINGEXTPROC>("eglQueryDeviceStringEXT");
    const auto query_attrib = egl_proc<PFNEGLQUERYDEVICEATTRIBEXTPROC>("eglQueryDeviceAttribEXT");
    if (get_platform_display && query_devices && query_string && has_extension(client, "EGL_EXT_platform_device")) {
      EGLDeviceEXT devices[16];
      EGLint count = 0;
      if (query_devices(16, devices, &count)) {
        struct Ranked {
          int rank;
          Candidate candidate;
        };
        std::vector<Ranked> ranked;
        for (EGLint i = 0; i < count; ++i) {
          const char* ext = query_string(devices[i], EGL_EXTENSIONS);
          const bool nvidia = has_extension(ext, "EGL_NV_device_cuda");
          EGLAttrib ordinal = -1;
          const bool is_cuda_device = nvidia && query_attrib &&
                                      query_attrib(devices[i], EGL_CUDA_DEVICE_NV, &ordinal) && ordinal == cuda_device;
          const bool software = has_extension(ext, "EGL_MESA_device_software");
          const int rank = is_cuda_device ? 0 : nvidia ? 1 : software ? 3 : 2;
          const EGLDisplay display = get_platform_display(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
          if (display == EGL_NO_DISPLAY) continue;
          std::string what = "device " + std::to_string(i) + (nvidia ? " (NVIDIA" : software ? " (software" : " (");
          if (nvidia && ordinal >= 0) what += ", CUDA device " + std::to_string(ordinal);
          what += ")";
          ranked.push_back({rank, {display, what}});
        }
        std::stable_sort(ranked.begin(), ranked.end(),
                         [](const Ranked& a, const Ranked& b) { return a.rank < b.rank; });
        for (const Ranked& r : ranked) list.push_back(r.candidate);
      }
    }
    if (get_platform_display && has_extension(client, "EGL_MESA_platform_surfaceless")) {
      const EGLDisplay display = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
      if (display != EGL_NO_DISPLAY) list.push_back({display, "surfaceless platform"});
    }
    const EGLDisplay display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    if (display != EGL_NO_DISPLAY) list.push_back({display, "default display"});
    return list;
  }

  bool try_display(const Candidate& candidate, std::string& why) {
    EGLint major = 0, minor = 0;
    if (!eglInitialize(candidate.display, &major, &minor)) {
      why = "eglInitialize failed (" + egl_error() + ")";
      return false;
    }
    const auto fail = [&](const std::string& what) {
      why = what + " (" + egl_error() + ")";
      if (context_ != EGL_NO_CONTEXT) eglDestroyContext(candidate.display, context_);
      context_ = EGL_NO_CONTEXT;
      if (surface_ != EGL_NO_SURFACE) eglDestroySurface(candidate.display, surface_);
      surface_ = EGL_NO_SURFACE;
      eglTerminate(candidate.display);
      return false;
    };
    if (!eglBindAPI(EGL_OPENGL_API)) return fail("no desktop OpenGL (eglBindAPI)");
    const bool surfaceless =
        has_extension(eglQueryString(candidate.display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context");
    const EGLint pbuffer_config[] = {EGL_SURFACE_TYPE,
                                     EGL_PBUFFER_BIT,
                                     EGL_RENDERABLE_TYPE,
                                     EGL_OPENGL_BIT,
                                     EGL_RED_SIZE,
                                     8,
                                     EGL_GREEN_SIZE,
                                     8,
                                     EGL_BLUE_SIZE,
                                     8,
                                     EGL_ALPHA_SIZE,
                                     8,
                                     EGL_NONE};
    const EGLint any_config[] = {EGL_SURFACE_TYPE, 0, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config = nullptr;
    EGLint found = 0;
    const bool pbuffer = eglChooseConfig(candidate.display, pbuffer_config, &config, 1, &found) && found > 0;
    if (!pbuffer && !(surfaceless && eglChooseConfig(candidate.display, any_config, &config, 1, &found) && found > 0))
      return fail("no OpenGL config with a pbuffer, and no surfaceless contexts");
    const EGLint context_attribs[] = {
        EGL_CONTEXT_MAJOR_VERSION,           3,       EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
        EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    context_ = eglCreateContext(candidate.display, config, EGL_NO_CONTEXT, context_attribs);
    if (context_ == EGL_NO_CONTEXT) return fail("no OpenGL 3.3 core context");
    if (pbuffer) {
      const EGLint pbuffer_attribs[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
      surface_ = eglCreatePbufferSurface(candidate.display, config, pbuffer_attribs);
      if (surface_ == EGL_NO_SURFACE && !surfaceless) return fail("eglCreatePbufferSurface failed");
    }
    if (!eglMakeCurrent(candidate.display, surface_, surface_, context_)) return fail("eglMakeCurrent failed");
    display_ = candidate.display;
    return true;
  }

  void create_framebuffer() {
    fbo_ = gl::Framebuffer::create();
    color_ = gl::Renderbuffer::create();
    glBindRenderbuffer(GL_RENDERBUFFER, color_.get());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width_, height_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_.get());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_.get());
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
      char text[96];
      std::snprintf(text, sizeof text, "off-screen framebuffer %dx%d incomplete (status 0x%04x)", width_, height_,
                    static_cast<unsigned>(status));
      throw GlContextError(text);
    }
  }

  void release() noexcept {
    if (display_ == EGL_NO_DISPLAY) return;
    fbo_.reset();  // while the context is still current
    color_.reset();
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (surface_ != EGL_NO_SURFACE) eglDestroySurface(display_, surface_);
    if (context_ != EGL_NO_CONTEXT) eglDestroyContext(display_, context_);
    eglTerminate(display_);
    eglReleaseThread();
    display_ = EGL_NO_DISPLAY;
  }

  int width_, height_;
  EGLDisplay display_ = EGL_NO_DISPLAY;
  EGLContext context_ = EGL_NO_CONTEXT;
  EGLSurface surface_ = EGL_NO_SURFACE;
  gl::Framebuffer fbo_;  // released by release(), not by their destructors: they need the context
  gl::Renderbuffer color_;
};

}  // namespace

std::unique_ptr<GlContext> create_headless_context(int width, int height, int cuda_device) {
  return std::make_unique<EglContext>(width, height, cuda_device);
}

}  // namespace satlab
