// The shadow demo's OpenGL side: the scene's mesh, the light pass (depth moments into an RG32F
// map), the table texture the SAT pass fills (RG32UI for fixed point, RG32F for fp32), and the
// shading pass into an RGBA8 texture. GL timer queries time the two passes on the GPU. Needs the
// GL context current for its whole life; knows nothing of CUDA.
#pragma once

#include <GL/glew.h>

#include <vector>

#include "display/gl_handle.h"
#include "display/gl_program.h"
#include "sat/types.h"
#include "scenes/shadows/math3d.h"
#include "scenes/shadows/shadow_settings.h"

namespace satlab::shadows {

// What the shading pass needs besides the settings: this frame's camera and light.
struct ShadingFrame {
  Mat4 view_projection;        // camera, for the target's aspect ratio
  Mat4 light_view_projection;  // the light pass's matrix
  Vec3 direction_to_light;
  float penumbra_texels = 0;  // penumbra width in map texels per unit of light-space depth
  float normal_offset = 0;    // world units
};

class ShadowRenderer {
 public:
  ShadowRenderer();  // throws GlContextError when a shader fails
  ShadowRenderer(const ShadowRenderer&) = delete;
  ShadowRenderer& operator=(const ShadowRenderer&) = delete;

  // Renders the moments of the scene seen from the light into a map_size² RG32F texture.
  void light_pass(const Mat4& light_view_projection, int map_size);
  GLuint moments_texture() const { return moments_.get(); }
  int map_size() const { return map_size_; }
  // The moments as the host sees them, rows packed, row 0 first (the host-copy paths).
  void read_moments(std::vector<sat::f32x2>& moments) const;

  // The table texture for this precision at the current map size, (re)created when either changed.
  GLuint table_texture(MomentPrecision precision);
  // Uploads a map_size² table (rows packed, 8 bytes per texel) from the host.
  void upload_table(const void* table, MomentPrecision precision);

  // Draws the scene into an RGBA8 texture of width×height with the given technique. `timed`:
  // measure this pass (the GL timer query of shade_ms()).
  void shade(GLuint target, int width, int height, ShadowMode mode, const ShadowSettings& settings,
             const ShadingFrame& frame, bool timed);

  // GPU milliseconds of the last light pass and the last timed shading pass. Wait for the GPU.
  double light_ms() const;
  double shade_ms() const;

 private:
  void resize_map(int map_size);

  // The shading program's uniform locations, looked up once (not by name every draw).
  struct SceneUniforms {
    explicit SceneUniforms(const GlProgram& program);
    GLint view_projection, light_view_projection, normal_offset, mode, precision, map_size, fixed_scale;
    GLint box_texels, penumbra_texels, min_variance, bleeding, depth_bias, light_dir, sky, ground_bounce;
    GLint moments, sat_float, sat_uint;
  };

  GlProgram light_program_, scene_program_;
  SceneUniforms scene_uniforms_;
  GLint u_light_view_projection_;
  // Every GL object is held by an owner (display/gl_handle.h): released with the renderer, or
  // when a constructor step after it throws.
  gl::VertexArray vertex_array_;
  gl::Buffer vertex_buffer_, index_buffer_;
  GLsizei index_count_ = 0;
  gl::Texture moments_;
  gl::Renderbuffer light_depth_;
  gl::Framebuffer light_framebuffer_;
  gl::Texture table_, dummy_float_, dummy_uint_;  // the dummies fill the unused sampler
  MomentPrecision table_precision_ = MomentPrecision::Fixed32;
  int table_size_ = 0;
  gl::Framebuffer view_framebuffer_;
  gl::Renderbuffer view_depth_;
  int view_width_ = 0, view_height_ = 0;
  int map_size_ = 0;
  gl::Query light_query_, shade_query_;
  bool light_timed_ = false, shade_timed_ = false;
};

}  // namespace satlab::shadows
