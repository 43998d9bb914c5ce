// The soft-shadow demo (--filter shadows): every frame a light pass renders the scene's depth
// moments, the SAT pass builds their summed-area table (satcore on the GPU through CUDA-GL
// interop, or the CPU backend), and the shading pass draws the scene with the chosen technique
// into the "after" texture and with the comparison technique into "before", so the split view
// compares the two. Its stages are its own (shadow_stages.h): light pass, encode, SAT, shading,
// to texture.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/timing/stage_timeline.h"
#include "display/interop_texture.h"
#include "sat/sat.h"
#include "scenes/shadows/light_rig.h"
#include "scenes/shadows/orbit_camera.h"
#include "scenes/shadows/shadow_renderer.h"
#include "scenes/shadows/shadow_settings.h"
#include "scenes/shadows/shadow_stages.h"

namespace satlab::shadows {

// The table's path without CUDA-GL interop: the moments down to the host and into CUDA, the table
// back up to GL.
inline constexpr const char* kTableHostCopies = "host copies";

class ShadowDemo {
 public:
  explicit ShadowDemo(bool allow_interop);  // needs the GL context current; throws GlContextError
  ~ShadowDemo();
  ShadowDemo(const ShadowDemo&) = delete;
  ShadowDemo& operator=(const ShadowDemo&) = delete;

  // Renders one frame into `before` and `after` (resized to width×height). Throws sat::Error:
  // InvalidArgument/Unsupported for options satcore rejects (nothing changed), others for CUDA failures (the caller
  // switches to the CPU backend).
  void render(const ShadowSettings& settings, const sat::Options& sat_options, sat::Backend backend,
              InteropTexture& before, InteropTexture& after, int width, int height);

  const satapp::StageTimeline& last_timings() const { return timings_; }
  // How the table reached GL in the last frame: kDisplayInterop, kTableHostCopies or "CPU" ("" when
  // no technique shown needed it).
  const std::string& display_path() const { return display_path_; }
  const std::string& interop_problem() const { return interop_problem_; }

  OrbitCamera& camera() { return camera_; }
  const OrbitCamera& camera() const { return camera_; }
  const LightRig& light() const { return light_; }  // as last rendered

 private:
  struct Cuda;  // stream, timers, table builder, interop registrations (only with a CUDA backend)

  void build_table_cuda(const ShadowSettings& settings, const sat::Options& sat_options);
  void build_table_cpu(const ShadowSettings& settings);

  bool allow_interop_;
  ShadowRenderer renderer_;
  OrbitCamera camera_;
  LightRig light_;
  std::unique_ptr<Cuda> cuda_;
  std::vector<sat::f32x2> host_moments_;
  std::vector<uint8_t> host_input_, host_table_;
  satapp::StageTimeline timings_ = shadow_stages();
  std::string display_path_, interop_problem_;
};

}  // namespace satlab::shadows
