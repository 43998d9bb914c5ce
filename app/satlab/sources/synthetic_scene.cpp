#include "sources/synthetic_scene.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace satlab {

namespace {

constexpr double kTwoPi = 6.283185307179586;

const char* const kPageText[] = {
    "Summed-area tables: any box sum in four lookups.",    "b[i][j] = sum of a[i'][j'] over i' <= i and j' <= j",
    "box = b[y1][x1] - b[y0][x1] - b[y1][x0] + b[y0][x0]", "1R1W-SKSS-LB: one read, one write, one kernel.",
    "Adaptive thresholds keep this text readable",         "under uneven light; a global threshold does not.",
    "The quick brown fox jumps over the lazy dog.",        "0123456789 +-*/= ()[]{} <> ABCDEFGHIJKLMNOPQRSTUVWXYZ",
};

cv::Mat make_page(int w, int h) {
  cv::Mat page(h, w, CV_8UC3, cv::Scalar(214, 226, 232));  // warm paper (BGR)

  const double s = std::min(w / 640.0, h / 480.0);
  const int thick = std::max(1, static_cast<int>(std::lround(s)));
  const int margin = std::max(2, static_cast<int>(24 * s));

  // Title and text lines on the left 60%.
  cv::putText(page, "satlab", {margin, margin + static_cast<int>(36 * s)}, cv::FONT_HERSHEY_DUPLEX, 1.4 * s,
              cv::Scalar(60, 40, 30), std::max(1, 2 * thick), cv::LINE_AA);
  const double font = 0.42 * s;
  const int line = std::max(1, static_cast<int>(22 * s));
  int y = margin + static_cast<int>(70 * s);
  for (int i = 0; y < h - margin - static_cast<int>(30 * s); ++i, y += line) {
    cv::putText(page, kPageText[i % std::size(kPageText)], {margin, y}, cv::FONT_HERSHEY_SIMPLEX, font,
                cv::Scalar(45, 40, 40), thick, cv::LINE_AA);
  }

  // A checkerboard (top right) and colour ramps (bottom right).
  const int x0 = static_cast<int>(w * 0.66), x1 = w - margin;
  const int cell = std::max(1, static_cast<int>(8 * s));
  const int cb_bottom = static_cast<int>(h * 0.45);
  for (int yy = margin; yy < cb_bottom; ++yy)
    for (int xx = x0; xx < x1; ++xx)
      if ((((xx - x0) / cell) + ((yy - margin) / cell)) % 2 == 0) page.at<cv::Vec3b>(yy, xx) = cv::Vec3b(20, 20, 20);
  const int ramp_top = static_cast<int>(h * 0.52), ramp_h = std::max(1, (h - margin - ramp_top) / 3);
  for (int band = 0; band < 3; ++band)
    for (int yy = ramp_top + band * ramp_h; yy < std::min(h - margin, ramp_top + (band + 1) * ramp_h); ++yy)
      for (int xx = x0; xx < x1; ++xx) {
        const auto v = static_cast<uchar>(255 * (xx - x0) / std::max(1, x1 - x0 - 1));
        cv::Vec3b c(30, 30, 30);
        c[band] = v;
        page.at<cv::Vec3b>(yy, xx) = c;
      }
  return page;
}

// Radial light, brightest in the middle of a (2h)×(2w) image: 30% ambient + 70% spot.
cv::Mat make_light(int w, int h) {
  cv::Mat light(2 * h, 2 * w, CV_8UC3);
  const double radius = 0.5 * std::max(w, h);
  for (int y = 0; y < light.rows; ++y)
    for (int x = 0; x < light.cols; ++x) {
      const double dx = (x - w) / radius, dy = (y - h) / radius;
      const double l = 0.3 + 0.7 * std::exp(-(dx * dx + dy * dy));
      const auto v = static_cast<uchar>(std::lround(255 * l));
      light.at<cv::Vec3b>(y, x) = cv::Vec3b(v, static_cast<uchar>(v * 0.97), static_cast<uchar>(v * 0.93));
    }
  return light;
}

}  // namespace

SyntheticScene::SyntheticScene(int width, int height)
    : page_(make_page(width, height)), light_(make_light(width, height)) {}

void SyntheticScene::render(long long index, cv::Mat& bgr) {
  const int w = page_.cols, h = page_.rows;
  const double t = static_cast<double>(index);
  // lit_ is the page but where the last frame drew its shapes, restored below: copying the whole
  // page every frame costs more than all the drawing.
  if (lit_.empty()) page_.copyTo(lit_);
  cv::Rect drawn[5];  // what the shapes may have touched (anti-aliased edges included)

  // Shapes moving over the page.
  const double s = std::min(w / 640.0, h / 480.0);
  const cv::Point2d c(w * 0.5, h * 0.55);
  const cv::Scalar colors[] = {{40, 40, 220}, {50, 170, 60}, {200, 110, 30}};
  for (int i = 0; i < 3; ++i) {
    const double a = kTwoPi * (t / 180.0 + i / 3.0);
    const cv::Point center(static_cast<int>(c.x + 0.30 * w * std::cos(a)),
                           static_cast<int>(c.y + 0.28 * h * std::sin(1.3 * a)));
    const int radius = std::max(1, static_cast<int>((26 + 8 * i) * s));
    cv::circle(lit_, center, radius, colors[i], cv::FILLED, cv::LINE_AA);
    drawn[i] = cv::Rect(center.x - radius, center.y - radius, 2 * radius + 1, 2 * radius + 1);
  }
  const cv::RotatedRect bar(cv::Point2f(static_cast<float>(w * 0.8), static_cast<float>(h * 0.78)),
                            cv::Size2f(static_cast<float>(110 * s), static_cast<float>(14 * s)),
                            static_cast<float>(std::fmod(t * 2.0, 360.0)));
  cv::Point2f corners[4];
  bar.points(corners);
  cv::Point poly[4];
  for (int i = 0; i < 4; ++i) poly[i] = corners[i];
  cv::fillConvexPoly(lit_, poly, 4, cv::Scalar(30, 30, 30), cv::LINE_AA);
  drawn[3] = cv::boundingRect(std::vector<cv::Point>(poly, poly + 4));

  char label[32];
  std::snprintf(label, sizeof label, "frame %06lld", index);
  const cv::Point origin(std::max(2, static_cast<int>(24 * s)), h - std::max(2, static_cast<int>(12 * s)));
  const double font_scale = 0.5 * s;
  const int thickness = std::max(1, static_cast<int>(s));
  cv::putText(lit_, label, origin, cv::FONT_HERSHEY_SIMPLEX, font_scale, cv::Scalar(20, 20, 120), thickness,
              cv::LINE_AA);
  int baseline = 0;
  const cv::Size text = cv::getTextSize(label, cv::FONT_HERSHEY_SIMPLEX, font_scale, thickness, &baseline);
  drawn[4] = cv::Rect(origin.x, origin.y - text.height, text.width, text.height + baseline);

  // The light wanders on a Lissajous path; the frame is the page times a window of the light,
  // in row stripes on all cores (an element-wise product: the same bytes as one call).
  const int cx = static_cast<int>(std::lround(w * (0.5 + 0.32 * std::sin(kTwoPi * t / 240.0))));
  const int cy = static_cast<int>(std::lround(h * (0.5 + 0.30 * std::sin(kTwoPi * t / 170.0))));
  const cv::Mat light = light_(cv::Rect(w - cx, h - cy, w, h));
  bgr.create(h, w, CV_8UC3);
  cv::parallel_for_(cv::Range(0, h), [&](const cv::Range& rows) {
    cv::Mat out = bgr.rowRange(rows);
    cv::multiply(lit_.rowRange(rows), light.rowRange(rows), out, 1.0 / 255.0);
  });

  // Back to the bare page where the shapes were, with a margin for anti-aliasing and line caps.
  const cv::Rect image(0, 0, w, h);
  const int margin = 4 + 2 * thickness;
  for (const cv::Rect& r : drawn) {
    const cv::Rect dirty = (r + cv::Point(-margin, -margin) + cv::Size(2 * margin, 2 * margin)) & image;
    if (!dirty.empty()) page_(dirty).copyTo(lit_(dirty));
  }
}

}  // namespace satlab
