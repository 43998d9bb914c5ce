// The shadow demo's viewer: a camera on a sphere around a target point, turned by yaw (around
// the world's y axis) and pitch (above the horizon), at some distance. The defaults frame every
// object of the demo scene from above and in front.
#pragma once

#include "scenes/shadows/math3d.h"

namespace satlab::shadows {

class OrbitCamera {
 public:
  static constexpr float kMinPitch = 0.05f, kMaxPitch = 1.5f;  // radians; never under the ground, never straight down
  static constexpr float kMinDistance = 4.0f, kMaxDistance = 40.0f;
  static constexpr float kFovY = 0.785398163f;  // 45 degrees
  static constexpr float kNear = 0.1f, kFar = 100.0f;

  // Yaw 0 puts the eye on the +z side of the target; positive yaw swings it toward +x.
  void set(float yaw, float pitch, float distance);
  void set_target(Vec3 target) { target_ = target; }
  void rotate(float d_yaw, float d_pitch);  // pitch clamped to [kMinPitch, kMaxPitch]
  void zoom(float factor);                  // distance *= factor, clamped to [kMinDistance, kMaxDistance]

  float yaw() const { return yaw_; }
  float pitch() const { return pitch_; }
  float distance() const { return distance_; }
  Vec3 target() const { return target_; }

  Vec3 eye() const;
  Mat4 view() const;
  Mat4 projection(float aspect) const;  // aspect = width / height
  Mat4 view_projection(float aspect) const { return projection(aspect) * view(); }

 private:
  float yaw_ = 0.6f;
  float pitch_ = 0.55f;
  float distance_ = 17.0f;
  Vec3 target_{0, 0.8f, 0};
};

}  // namespace satlab::shadows
