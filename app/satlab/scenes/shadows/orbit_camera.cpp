#include "scenes/shadows/orbit_camera.h"

#include <algorithm>
#include <cmath>

namespace satlab::shadows {

void OrbitCamera::set(float yaw, float pitch, float distance) {
  yaw_ = yaw;
  pitch_ = std::clamp(pitch, kMinPitch, kMaxPitch);
  distance_ = std::clamp(distance, kMinDistance, kMaxDistance);
}

void OrbitCamera::rotate(float d_yaw, float d_pitch) {
  // Keep yaw in (-pi, pi] so that it does not lose precision after many turns.
  constexpr float kTwoPi = 6.28318530718f;
  yaw_ = std::remainder(yaw_ + d_yaw, kTwoPi);
  pitch_ = std::clamp(pitch_ + d_pitch, kMinPitch, kMaxPitch);
}

void OrbitCamera::zoom(float factor) { distance_ = std::clamp(distance_ * factor, kMinDistance, kMaxDistance); }

Vec3 OrbitCamera::eye() const {
  const float c = std::cos(pitch_);
  return target_ + Vec3{c * std::sin(yaw_), std::sin(pitch_), c * std::cos(yaw_)} * distance_;
}

// Pitch stays below pi/2, so the view direction is never parallel to world up.
Mat4 OrbitCamera::view() const { return look_at(eye(), target_, {0, 1, 0}); }

Mat4 OrbitCamera::projection(float aspect) const { return perspective(kFovY, aspect, kNear, kFar); }

}  // namespace satlab::shadows
