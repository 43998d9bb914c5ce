// Checks the shadow demo's pictures against the scene's geometry, without trusting the renderer:
// the camera and light come from the frame dump (PREFIX.view.txt), the scene and the exact ray
// queries from app/satlab/scenes/shadows/world.h. Both pictures are checked: PREFIX.input.png (the
// comparison technique, left of the divider) and PREFIX.output.png (the chosen technique).
//   1. In every object's umbra (a visible ground point near where its centre's shadow falls, deep
//      inside the geometric shadow) the picture is darker than open, lit ground: at most 80% of
//      its brightness; at least three objects' umbrae must be in view.
//   2. With --expect-variable-penumbra (the output is savsm-variable): across the pillar's long
//      shadow, the edge near the pillar's foot (contact) is at least 1.5 times as sharp as the edge
//      near the shadow's tip, sharpness being the steepest brightness change per world unit on the
//      ground. --expect-constant-penumbra (a fixed box) asks the two to be within a factor 1.4.
// usage: satlab_check_shadows SCREENSHOT.png DUMP_PREFIX [--expect-variable-penumbra |
//                                                         --expect-constant-penumbra]
#include <stb_image.h>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "scenes/shadows/light_rig.h"
#include "scenes/shadows/orbit_camera.h"
#include "scenes/shadows/world.h"

namespace {

using namespace satlab::shadows;

int failures = 0;

void check(bool ok, const std::string& what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  if (!ok) ++failures;
}

struct Dump {
  OrbitCamera camera;
  LightRig light;
  std::vector<std::string> filter;
};

Dump read_dump(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  Dump d;
  bool camera = false, light = false;
  for (std::string line; std::getline(in, line);) {
    std::istringstream s(line);
    std::string key;
    s >> key;
    if (key == "camera") {
      float yaw = 0, pitch = 0, distance = 0;
      Vec3 target;
      s >> yaw >> pitch >> distance >> target.x >> target.y >> target.z;
      d.camera.set(yaw, pitch, distance);
      d.camera.set_target(target);
      camera = static_cast<bool>(s);
    } else if (key == "light") {
      float azimuth = 0, elevation = 0;
      s >> azimuth >> elevation;
      d.light.set_angles(azimuth, elevation);
      light = static_cast<bool>(s);
    } else if (key == "filter") {
      for (std::string word; s >> word;) d.filter.push_back(word);
    }
  }
  if (!camera || !light) throw std::runtime_error(path + " has no camera or light line (not a shadow demo dump?)");
  return d;
}

cv::Mat read_luminance(const std::string& path) {
  int width = 0, height = 0, stored = 0;
  unsigned char* data = stbi_load(path.c_str(), &width, &height, &stored, 3);
  if (!data) throw std::runtime_error("cannot read " + path);
  const cv::Mat rgb(height, width, CV_8UC3, data);
  cv::Mat gray, luminance;
  cv::cvtColor(rgb, gray, cv::COLOR_RGB2GRAY);
  gray.convertTo(luminance, CV_32F, 1.0 / 255.0);
  stbi_image_free(data);
  return luminance;
}

// Where the camera sees world point p in a width×height picture (row 0 at the top), if the
// camera sees it at all (in front, inside the picture, no object in between).
class Viewer {
 public:
  Viewer(const OrbitCamera& camera, int width, int height)
      : camera_(camera), vp_(camera.view_projection(float(width) / float(height))), w_(width), h_(height) {}

  std::optional<cv::Point2f> pixel(Vec3 p) const {
    const Vec4 clip = transform_point(vp_, p);
    if (clip.w <= 0) return std::nullopt;
    const float x = (clip.x / clip.w * 0.5f + 0.5f) * float(w_), y = (0.5f - clip.y / clip.w * 0.5f) * float(h_);
    if (x < 2 || y < 2 || x > float(w_ - 3) || y > float(h_ - 3)) return std::nullopt;
    const Vec3 eye = camera_.eye();
    const Vec3 to = p - eye;
    const float distance = length(to);
    for (const WorldObject& object : demo_world()) {
      const auto hit = intersect(object, eye, to / distance);
      if (hit && *hit < distance - 1e-3f) return std::nullopt;  // hidden behind an object
    }
    return cv::Point2f(x, y);
  }

 private:
  const OrbitCamera& camera_;
  Mat4 vp_;
  int w_, h_;
};

float sample(const cv::Mat& image, cv::Point2f p) {
  cv::Mat patch;
  cv::getRectSubPix(image, {1, 1}, p, patch);
  return patch.at<float>(0, 0);
}

float mean_3x3(const cv::Mat& image, cv::Point2f p) {
  cv::Mat patch;
  cv::getRectSubPix(image, {3, 3}, p, patch);
  return static_cast<float>(cv::mean(patch)[0]);
}

// A ground point counts as open when no object occludes it or anything within `margin` of it.
bool open_ground(Vec3 p, Vec3 to_light, float margin) {
  for (float dx = -margin; dx <= margin; dx += margin / 2)
    for (float dz = -margin; dz <= margin; dz += margin / 2)
      if (occluded({p.x + dx, 0, p.z + dz}, to_light)) return false;
  return true;
}

// A ground point deep in an umbra: it and all ground within `margin` of it are occluded.
bool deep_umbra(Vec3 p, Vec3 to_light, float margin) {
  for (float dx = -margin; dx <= margin; dx += margin / 2)
    for (float dz = -margin; dz <= margin; dz += margin / 2)
      if (!occluded({p.x + dx, 0, p.z + dz}, to_light)) return false;
  return true;
}

float median(std::vector<float> v) {
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

// Brightness of open ground: the median over a grid of visible, unshadowed ground points.
float lit_ground(const cv::Mat& image, const Viewer& viewer, Vec3 to_light) {
  std::vector<float> values;
  for (float x = -8; x <= 8; x += 1.0f)
    for (float z = -8; z <= 8; z += 1.0f) {
      const Vec3 p{x, 0, z};
      if (!open_ground(p, to_light, 1.0f)) continue;
      if (const auto px = viewer.pixel(p)) values.push_back(mean_3x3(image, *px));
    }
  if (values.size() < 10) throw std::runtime_error("fewer than 10 open ground points in view");
  return median(values);
}

void check_umbrae(const cv::Mat& image, const Viewer& viewer, Vec3 to_light, const std::string& which) {
  const float lit = lit_ground(image, viewer, to_light);
  std::printf("     %s: open ground brightness %.3f\n", which.c_str(), lit);
  int checked = 0;
  for (const WorldObject& object : demo_world()) {
    // Near where the ray from the light through the object's centre meets the ground: the
    // visible ground point closest to it that lies deep in the umbra (occluded, and so is all
    // ground within 0.15 of it: clear of the penumbra and of the hard shadow's jagged edge).
    const Vec3 centre_foot = object.center - to_light * (object.center.y / to_light.y);
    std::optional<cv::Point2f> px;
    Vec3 foot;
    float best = 1e9f;
    for (float dx = -1.5f; dx <= 1.5f; dx += 0.1f)
      for (float dz = -1.5f; dz <= 1.5f; dz += 0.1f) {
        const Vec3 p{centre_foot.x + dx, 0, centre_foot.z + dz};
        if (dx * dx + dz * dz >= best || !deep_umbra(p, to_light, 0.15f)) continue;
        if (const auto at = viewer.pixel(p)) {
          px = at;
          foot = p;
          best = dx * dx + dz * dz;
        }
      }
    if (!px) {
      std::printf("     %s: %s's umbra is out of view\n", which.c_str(), object.name);
      continue;
    }
    const float value = mean_3x3(image, *px);
    char what[200];
    std::snprintf(what, sizeof what, "%s: ground in %s's shadow (%.1f, %.1f) at pixel (%.0f, %.0f): %.3f <= 0.8 x %.3f",
                  which.c_str(), object.name, foot.x, foot.z, px->x, px->y, value, lit);
    check(value <= 0.8f * lit, what);
    ++checked;
  }
  check(checked >= 3, which + ": at least three objects' umbrae in view (" + std::to_string(checked) + ")");
}

// The steepest brightness change per world unit along the ground line from `from` in direction
// `across`, over `length` world units; nullopt when part of it is out of view.
std::optional<float> steepest_edge(const cv::Mat& image, const Viewer& viewer, Vec3 from, Vec3 across, float length) {
  constexpr float kStep = 0.01f, kSpan = 0.04f;  // slope over 4 cm: resolves edges of a pixel or two
  std::vector<float> profile;
  for (float t = 0; t <= length; t += kStep) {
    const auto px = viewer.pixel(from + across * t);
    if (!px) return std::nullopt;
    profile.push_back(sample(image, *px));
  }
  const int span = static_cast<int>(std::lround(kSpan / kStep));
  float steepest = 0;
  for (std::size_t i = span; i < profile.size(); ++i)
    steepest = std::max(steepest, std::fabs(profile[i] - profile[i - span]) / kSpan);
  return steepest;
}

// Across the pillar's shadow near its foot and near its tip; returns sharpness near / far.
std::optional<float> pillar_sharpness_ratio(const cv::Mat& image, const Viewer& viewer, Vec3 to_light) {
  const auto pillar = std::find_if(demo_world().begin(), demo_world().end(),
                                   [](const WorldObject& o) { return std::string(o.name) == "pillar"; });
  if (pillar == demo_world().end()) throw std::runtime_error("the scene has no pillar");
  const float height = 2 * pillar->half_extent.y;
  const Vec3 along = normalize(Vec3{-to_light.x, 0, -to_light.z});  // the shadow's direction on the ground
  const Vec3 across{-along.z, 0, along.x};
  const float shadow_length = height * std::sqrt(to_light.x * to_light.x + to_light.z * to_light.z) / to_light.y;
  const Vec3 base{pillar->center.x, 0, pillar->center.z};
  float sharpness[2];
  const float at[2] = {0.3f, 0.85f};
  for (int i = 0; i < 2; ++i) {
    const Vec3 mid = base + along * (at[i] * shadow_length);
    // From the shadow's axis outwards, on whichever side the camera sees.
    std::optional<float> edge = steepest_edge(image, viewer, mid, across, 1.2f);
    if (!edge) edge = steepest_edge(image, viewer, mid, -across, 1.2f);
    if (!edge) {
      std::printf("     the pillar's shadow at %.0f%% of its length is out of view\n", 100 * at[i]);
      return std::nullopt;
    }
    sharpness[i] = *edge;
    std::printf("     pillar shadow at %.0f%% of its length (%.2f from the foot): steepest edge %.2f per world unit\n",
                100 * at[i], at[i] * shadow_length, sharpness[i]);
  }
  return sharpness[0] / sharpness[1];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::fprintf(stderr,
                 "usage: %s SCREENSHOT.png DUMP_PREFIX [--expect-variable-penumbra|--expect-constant-penumbra]\n",
                 argv[0]);
    return 2;
  }
  const std::string prefix = argv[2], expect = argc == 4 ? argv[3] : "";
  if (!expect.empty() && expect != "--expect-variable-penumbra" && expect != "--expect-constant-penumbra") {
    std::fprintf(stderr, "unknown option %s\n", expect.c_str());
    return 2;
  }
  try {
    const Dump dump = read_dump(prefix + ".view.txt");
    const Vec3 to_light = dump.light.direction_to_light();
    std::printf("     light azimuth %.1f elevation %.1f; filter", dump.light.azimuth_deg(), dump.light.elevation_deg());
    for (const std::string& word : dump.filter) std::printf(" %s", word.c_str());
    std::printf("\n");
    for (const char* which : {"input", "output"}) {
      const cv::Mat image = read_luminance(prefix + "." + which + ".png");
      const Viewer viewer(dump.camera, image.cols, image.rows);
      check_umbrae(image, viewer, to_light, which);
      if (std::string(which) == "output" && !expect.empty()) {
        const auto ratio = pillar_sharpness_ratio(image, viewer, to_light);
        check(ratio.has_value(), "the pillar's shadow is in view");
        if (ratio) {
          char what[160];
          if (expect == "--expect-variable-penumbra") {
            std::snprintf(what, sizeof what, "penumbra widens away from the contact: sharpness near/far %.2f >= 1.5",
                          *ratio);
            check(*ratio >= 1.5f, what);
          } else {
            std::snprintf(what, sizeof what,
                          "penumbra constant along the shadow: sharpness near/far %.2f in [1/1.4, 1.4]", *ratio);
            check(*ratio >= 1 / 1.4f && *ratio <= 1.4f, what);
          }
        }
      }
    }
  } catch (const std::exception& e) {
    std::printf("FAIL %s\n", e.what());
    return 1;
  }
  std::printf("%s\n", failures ? "FAILED" : "all shadow checks passed");
  return failures ? 1 : 0;
}
