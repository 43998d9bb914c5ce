#include "scenes/shadows/shadow_renderer.h"

#include <cstddef>
#include <string>

#include "display/gl_context.h"
#include "embedded_shaders.h"
#include "scenes/shadows/mesh.h"
#include "scenes/shadows/moment_encoding.h"
#include "scenes/shadows/world.h"

namespace satlab::shadows {

ShadowRenderer::SceneUniforms::SceneUniforms(const GlProgram& program)
    : view_projection(program.uniform("u_view_projection")),
      light_view_projection(program.uniform("u_light_view_projection")),
      normal_offset(program.uniform("u_normal_offset")),
      mode(program.uniform("u_mode")),
      precision(program.uniform("u_precision")),
      map_size(program.uniform("u_map_size")),
      fixed_scale(program.uniform("u_fixed_scale")),
      box_texels(program.uniform("u_box_texels")),
      penumbra_texels(program.uniform("u_penumbra_texels")),
      min_variance(program.uniform("u_min_variance")),
      bleeding(program.uniform("u_bleeding")),
      depth_bias(program.uniform("u_depth_bias")),
      light_dir(program.uniform("u_light_dir")),
      sky(program.uniform("u_sky")),
      ground_bounce(program.uniform("u_ground_bounce")),
      moments(program.uniform("u_moments")),
      sat_float(program.uniform("u_sat_float")),
      sat_uint(program.uniform("u_sat_uint")) {}

namespace {

gl::Texture make_texture(GLint internal_format, int size, GLenum format, GLenum type) {
  gl::Texture texture = gl::Texture::create();
  glBindTexture(GL_TEXTURE_2D, texture.get());
  // Every lookup is a texelFetch: no filtering, no mipmaps.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexImage2D(GL_TEXTURE_2D, 0, internal_format, size, size, 0, format, type, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  return texture;
}

bool is_fixed(MomentPrecision precision) { return precision == MomentPrecision::Fixed32; }

// Near-white ambient from the sky, a little warm light bounced off the ground.
constexpr float kSky[3] = {0.30f, 0.32f, 0.36f};
constexpr float kBounce[3] = {0.12f, 0.11f, 0.10f};
// Hard and PCF comparisons: about two texels of a 45° slope at 1024² (depth units).
constexpr float kDepthBias = 0.002f;

}  // namespace

ShadowRenderer::ShadowRenderer()
    : light_program_(shaders::kShadowLightVert, shaders::kShadowLightFrag, "shadow light pass"),
      scene_program_(shaders::kShadowWorldVert, shaders::kShadowWorldFrag, "shadow shading pass"),
      scene_uniforms_(scene_program_),
      u_light_view_projection_(light_program_.uniform("u_light_view_projection")) {
  const Mesh mesh = build_world_mesh(demo_world());
  vertex_array_ = gl::VertexArray::create();
  vertex_buffer_ = gl::Buffer::create();
  index_buffer_ = gl::Buffer::create();
  glBindVertexArray(vertex_array_.get());
  glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_.get());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.vertices.size() * sizeof(Vertex)), mesh.vertices.data(),
               GL_STATIC_DRAW);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buffer_.get());
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(uint32_t)),
               mesh.indices.data(), GL_STATIC_DRAW);
  const auto attribute = [](GLuint index, std::size_t offset) {
    glEnableVertexAttribArray(index);
    glVertexAttribPointer(index, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), reinterpret_cast<const void*>(offset));
  };
  attribute(0, offsetof(Vertex, position));
  attribute(1, offsetof(Vertex, normal));
  attribute(2, offsetof(Vertex, color));
  glBindVertexArray(0);
  index_count_ = static_cast<GLsizei>(mesh.indices.size());

  dummy_float_ = make_texture(GL_RG32F, 1, GL_RG, GL_FLOAT);
  dummy_uint_ = make_texture(GL_RG32UI, 1, GL_RG_INTEGER, GL_UNSIGNED_INT);
  light_framebuffer_ = gl::Framebuffer::create();
  view_framebuffer_ = gl::Framebuffer::create();
  light_query_ = gl::Query::create();
  shade_query_ = gl::Query::create();
}

void ShadowRenderer::resize_map(int map_size) {
  moments_.reset();  // before the new one: never both maps in GPU memory at once
  moments_ = make_texture(GL_RG32F, map_size, GL_RG, GL_FLOAT);
  if (!light_depth_) light_depth_ = gl::Renderbuffer::create();
  glBindRenderbuffer(GL_RENDERBUFFER, light_depth_.get());
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, map_size, map_size);
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, light_framebuffer_.get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, moments_.get(), 0);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, light_depth_.get());
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE)
    throw GlContextError("the shadow map (RG32F, " + std::to_string(map_size) + "²) cannot be rendered to here");
  map_size_ = map_size;
}

void ShadowRenderer::light_pass(const Mat4& light_view_projection, int map_size) {
  if (map_size != map_size_) resize_map(map_size);
  glBeginQuery(GL_TIME_ELAPSED, light_query_.get());
  glBindFramebuffer(GL_FRAMEBUFFER, light_framebuffer_.get());
  glViewport(0, 0, map_size_, map_size_);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_CULL_FACE);  // both faces: thin or open geometry still casts a shadow
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glClearColor(1.0f, 1.0f, 0.0f, 0.0f);  // nothing in front: the far plane, moments (1, 1)
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glUseProgram(light_program_.id());
  glUniformMatrix4fv(u_light_view_projection_, 1, GL_FALSE, light_view_projection.data());
  glBindVertexArray(vertex_array_.get());
  glDrawElements(GL_TRIANGLES, index_count_, GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
  glUseProgram(0);
  glDisable(GL_DEPTH_TEST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glEndQuery(GL_TIME_ELAPSED);
  light_timed_ = true;
}

void ShadowRenderer::read_moments(std::vector<sat::f32x2>& moments) const {
  moments.resize(std::size_t(map_size_) * map_size_);
  glBindTexture(GL_TEXTURE_2D, moments_.get());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RG, GL_FLOAT, moments.data());
  glBindTexture(GL_TEXTURE_2D, 0);
}

GLuint ShadowRenderer::table_texture(MomentPrecision precision) {
  if (table_ && table_size_ == map_size_ && is_fixed(table_precision_) == is_fixed(precision)) return table_.get();
  table_.reset();  // before the new one, as the moment map
  table_ = is_fixed(precision) ? make_texture(GL_RG32UI, map_size_, GL_RG_INTEGER, GL_UNSIGNED_INT)
                               : make_texture(GL_RG32F, map_size_, GL_RG, GL_FLOAT);
  table_precision_ = precision;
  table_size_ = map_size_;
  return table_.get();
}

void ShadowRenderer::upload_table(const void* table, MomentPrecision precision) {
  glBindTexture(GL_TEXTURE_2D, table_texture(precision));
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  if (is_fixed(precision))
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, map_size_, map_size_, GL_RG_INTEGER, GL_UNSIGNED_INT, table);
  else
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, map_size_, map_size_, GL_RG, GL_FLOAT, table);
  glBindTexture(GL_TEXTURE_2D, 0);
}

void ShadowRenderer::shade(GLuint target, int width, int height, ShadowMode mode, const ShadowSettings& settings,
                           const ShadingFrame& frame, bool timed) {
  if (width != view_width_ || height != view_height_) {
    if (!view_depth_) view_depth_ = gl::Renderbuffer::create();
    glBindRenderbuffer(GL_RENDERBUFFER, view_depth_.get());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, 0);
    view_width_ = width;
    view_height_ = height;
  }
  if (timed) glBeginQuery(GL_TIME_ELAPSED, shade_query_.get());
  glBindFramebuffer(GL_FRAMEBUFFER, view_framebuffer_.get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, view_depth_.get());
  glViewport(0, 0, width, height);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_CULL_FACE);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glClearColor(0.55f, 0.62f, 0.72f, 1.0f);  // sky
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

  const SceneUniforms& u = scene_uniforms_;
  glUseProgram(scene_program_.id());
  glUniformMatrix4fv(u.view_projection, 1, GL_FALSE, frame.view_projection.data());
  glUniformMatrix4fv(u.light_view_projection, 1, GL_FALSE, frame.light_view_projection.data());
  glUniform1f(u.normal_offset, frame.normal_offset);
  glUniform1i(u.mode, static_cast<int>(mode));
  glUniform1i(u.precision, static_cast<int>(settings.precision));
  glUniform1i(u.map_size, map_size_);
  glUniform1f(u.fixed_scale, static_cast<float>(kFixedScale));
  glUniform1f(u.box_texels, static_cast<float>(settings.box_texels));
  glUniform1f(u.penumbra_texels, frame.penumbra_texels);
  glUniform1f(u.min_variance, settings.min_variance);
  glUniform1f(u.bleeding, settings.bleeding);
  glUniform1f(u.depth_bias, kDepthBias);
  glUniform3f(u.light_dir, frame.direction_to_light.x, frame.direction_to_light.y, frame.direction_to_light.z);
  glUniform3fv(u.sky, 1, kSky);
  glUniform3fv(u.ground_bounce, 1, kBounce);
  const bool fixed = is_fixed(settings.precision);
  const GLuint table = table_size_ == map_size_ ? table_.get() : 0;
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, moments_.get());
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, !fixed && table ? table : dummy_float_.get());
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D, fixed && table ? table : dummy_uint_.get());
  glUniform1i(u.moments, 0);
  glUniform1i(u.sat_float, 1);
  glUniform1i(u.sat_uint, 2);

  glBindVertexArray(vertex_array_.get());
  glDrawElements(GL_TRIANGLES, index_count_, GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
  for (GLenum unit : {GL_TEXTURE2, GL_TEXTURE1, GL_TEXTURE0}) {
    glActiveTexture(unit);
    glBindTexture(GL_TEXTURE_2D, 0);
  }
  glUseProgram(0);
  glDisable(GL_DEPTH_TEST);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (timed) {
    glEndQuery(GL_TIME_ELAPSED);
    shade_timed_ = true;
  }
}

namespace {
double query_ms(const gl::Query& query) {
  GLuint64 ns = 0;
  glGetQueryObjectui64v(query.get(), GL_QUERY_RESULT, &ns);  // waits for the GPU to pass the query
  const double ms = static_cast<double>(ns) * 1e-6;
  // Mesa's llvmpipe answers the first frame's light-pass query with hours (an empty query before
  // it does not help): such a value is no timing.
  return ms < 60'000.0 ? ms : 0.0;
}
}  // namespace

double ShadowRenderer::light_ms() const { return light_timed_ ? query_ms(light_query_) : 0.0; }
double ShadowRenderer::shade_ms() const { return shade_timed_ ? query_ms(shade_query_) : 0.0; }

}  // namespace satlab::shadows
