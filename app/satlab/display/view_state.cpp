#include "display/view_state.h"

#include <algorithm>
#include <cmath>

namespace satlab {

void ViewState::update(int image_width, int image_height, RectF area) {
  image_w_ = image_width;
  image_h_ = image_height;
  area_ = area;
  if (image_w_ <= 0 || image_h_ <= 0 || area.w <= 0 || area.h <= 0) return;
  const float fit_zoom = std::min(area.w / image_w_, area.h / image_h_);
  switch (mode_) {
    case Mode::Auto:
      zoom_ = std::min(1.0f, fit_zoom);
      break;
    case Mode::Fit:
      zoom_ = fit_zoom;
      break;
    case Mode::Fixed:
      break;
    case Mode::Free:
      return;
  }
  zoom_ = std::clamp(zoom_, kMinZoom, kMaxZoom);
  center();
}

void ViewState::center() {
  // Whole pixels: at integer zooms every image pixel lands on whole framebuffer pixels.
  origin_.x = std::round(area_.x + 0.5f * (area_.w - zoom_ * image_w_));
  origin_.y = std::round(area_.y + 0.5f * (area_.h - zoom_ * image_h_));
}

void ViewState::set_zoom(float zoom) {
  mode_ = Mode::Fixed;
  zoom_ = std::clamp(zoom, kMinZoom, kMaxZoom);
  center();
}

void ViewState::zoom_at(float factor, Vec2f anchor) {
  const Vec2f image = to_image(anchor);
  mode_ = Mode::Free;
  zoom_ = std::clamp(zoom_ * factor, kMinZoom, kMaxZoom);
  origin_.x = std::round(anchor.x - zoom_ * image.x);
  origin_.y = std::round(anchor.y - zoom_ * image.y);
}

void ViewState::pan(Vec2f delta) {
  mode_ = Mode::Free;
  origin_.x = std::round(origin_.x + delta.x);
  origin_.y = std::round(origin_.y + delta.y);
}

Vec2f ViewState::to_image(Vec2f screen) const {
  return {(screen.x - origin_.x) / zoom_, (screen.y - origin_.y) / zoom_};
}
Vec2f ViewState::to_screen(Vec2f image) const { return {origin_.x + zoom_ * image.x, origin_.y + zoom_ * image.y}; }
RectF ViewState::image_rect() const { return {origin_.x, origin_.y, zoom_ * image_w_, zoom_ * image_h_}; }

std::optional<Vec2f> ViewState::image_fraction(Vec2f screen) const {
  if (image_w_ <= 0 || image_h_ <= 0) return std::nullopt;
  const Vec2f p = to_image(screen);
  if (p.x < 0 || p.y < 0 || p.x >= image_w_ || p.y >= image_h_) return std::nullopt;
  return Vec2f{p.x / image_w_, p.y / image_h_};
}

void ViewState::set_divider(float fraction) { divider_ = std::clamp(fraction, 0.0f, 1.0f); }

}  // namespace satlab
