// Where the image sits in the framebuffer, and the before/after divider. All in framebuffer
// pixels, top-left origin: image pixel (i, j) covers [origin + zoom·(i, j), origin + zoom·(i+1, j+1)).
// Until the user zooms or pans, the view follows its mode as the window or the image changes size.
#pragma once

#include <optional>
#include <string>

namespace satlab {

struct Vec2f {
  float x = 0, y = 0;
};

struct RectF {
  float x = 0, y = 0, w = 0, h = 0;
  bool contains(Vec2f p) const { return p.x >= x && p.y >= y && p.x < x + w && p.y < y + h; }
};

// A window on screen, by its title (the frame dump lists them).
struct NamedRect {
  RectF rect;  // framebuffer pixels
  std::string name;
};

class ViewState {
 public:
  enum class Mode {
    Auto,   // 1:1 when the image fits the area, else fit; centred
    Fit,    // the largest zoom that shows the whole image; centred
    Fixed,  // a chosen zoom, centred
    Free,   // wherever the user zoomed and panned
  };

  // Once per frame, before drawing: the image size and the free area it is placed in.
  void update(int image_width, int image_height, RectF area);

  void set_mode(Mode mode) { mode_ = mode; }
  void fit() { mode_ = Mode::Fit; }
  void set_zoom(float zoom);                 // Fixed, centred
  void zoom_at(float factor, Vec2f anchor);  // Free: keeps the image point under `anchor`
  void pan(Vec2f delta);                     // Free
  Mode mode() const { return mode_; }

  float zoom() const { return zoom_; }
  Vec2f origin() const { return origin_; }
  int image_width() const { return image_w_; }
  int image_height() const { return image_h_; }
  Vec2f to_image(Vec2f screen) const;
  Vec2f to_screen(Vec2f image) const;
  RectF image_rect() const;  // the image on screen
  // Where a framebuffer point falls on the image, as fractions of its width and height (0..1 from
  // the top-left corner, whatever the zoom and pan); nullopt off the image or before the first
  // update() with an image.
  std::optional<Vec2f> image_fraction(Vec2f screen) const;

  // Fraction of the image width, from the left, that shows the input ("before"); the rest shows
  // the filter's output.
  float divider() const { return divider_; }
  void set_divider(float fraction);
  float divider_screen_x() const { return origin_.x + zoom_ * divider_ * image_w_; }

  static constexpr float kMinZoom = 1.0f / 64, kMaxZoom = 64;

 private:
  void center();

  Mode mode_ = Mode::Auto;
  int image_w_ = 0, image_h_ = 0;
  RectF area_;
  float zoom_ = 1;
  Vec2f origin_;
  float divider_ = 0.5f;
};

}  // namespace satlab
