// What the soft-shadow demo (--filter shadows) shows and how: one value type shared by the
// command line, the control panel and the renderer, like FilterSettings for the image filters.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace satlab {

// How the shading pass turns the shadow map into a light factor.
enum class ShadowMode {
  Hard,           // one depth comparison per pixel (classic shadow mapping)
  Pcf,            // percentage-closer filtering: box² depth comparisons per pixel
  SavsmFixed,     // summed-area variance shadow map, a fixed filter box (4 taps per box)
  SavsmVariable,  // the same with the box from a blocker search (variable penumbra, PCSS-style)
};
inline constexpr ShadowMode kAllShadowModes[] = {ShadowMode::Hard, ShadowMode::Pcf, ShadowMode::SavsmFixed,
                                                 ShadowMode::SavsmVariable};
const char* to_string(ShadowMode mode);  // "hard", "pcf", "savsm", "savsm-variable"
std::optional<ShadowMode> parse_shadow_mode(std::string_view name);
bool uses_sat(ShadowMode mode);  // the SAVSM modes: the SAT pass runs only for them

// How the moments (z, z²) are stored in the summed-area table. fp32 sums lose the low bits of a
// small box's moments far from the table's origin (the table's values grow with x·y); the
// variance, a difference of two such sums, then drowns in rounding noise. The two fixes:
enum class MomentPrecision {
  Float32,          // raw moments in fp32 (the artifacts, for comparison)
  Float32Centered,  // fp32 of (z − ½, (z − ½)²): smaller sums, less loss; not exact
  Fixed32,          // 32-bit fixed point with wrap-around: every box sum exact (the default)
};
inline constexpr MomentPrecision kAllMomentPrecisions[] = {MomentPrecision::Float32, MomentPrecision::Float32Centered,
                                                           MomentPrecision::Fixed32};
const char* to_string(MomentPrecision precision);  // "fp32", "fp32-centered", "fixed32"
std::optional<MomentPrecision> parse_moment_precision(std::string_view name);

struct ShadowSettings {
  ShadowMode mode = ShadowMode::SavsmVariable;
  ShadowMode compare_mode = ShadowMode::Hard;  // what the "before" side of the split view shows
  MomentPrecision precision = MomentPrecision::Fixed32;
  int map_size = 1024;          // shadow-map texels per side: 512, 1024, 2048 or 4096
  int box_texels = 15;          // filter box side for the fixed modes (PCF, SAVSM), 1…kMaxBoxTexels
  float light_size_deg = 4.0f;  // angular diameter of the light (variable penumbra)
  float min_variance = 1e-5f;   // lower clamp of σ² (depth units², depth in [0, 1])
  float bleeding = 0.2f;        // light-bleeding reduction: p ← linstep(bleeding, 1, p)
  float light_azimuth_deg = 35.0f;
  float light_elevation_deg = 50.0f;
  bool animate_light = true;  // the light circles the scene (--light fixes it)
  // --camera: where the orbit camera starts (yaw and pitch in degrees, distance); none: its own.
  std::optional<std::array<float, 3>> start_camera;
};

inline constexpr int kShadowMapSizes[] = {512, 1024, 2048, 4096};
// The widest filter box the shading pass uses (texels per side). It sets the fixed-point scale:
// the largest box sum, kMaxBoxTexels² · scale, must fit in 32 bits.
inline constexpr int kMaxBoxTexels = 255;

}  // namespace satlab
