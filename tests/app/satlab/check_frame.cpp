// Checks what satlab drew, from its screenshot and its --dump-frame files, without trusting it:
//   1. the screenshot has the framebuffer's size;
//   2. the UI is drawn: the control panel's pixels are far from uniform;
//   3. the dumped output equals OpenCV's exact twin of the filter (app/common/opencv_twins: box
//      → cv::blur, threshold → cv::adaptiveThreshold MEAN_C) on the dumped input, bit for bit;
//      other filters have no reference here (the filter line, "filter NAME PARAM=VALUE ...",
//      is read back through satcore's catalog);
//   4. on screen, at zoom 1, the image's pixels that no UI window covers equal the dumped
//      input (left of the divider) and output (right of it) exactly;
//   5. every UI window lies inside the framebuffer (nothing below the window's edge).
// usage: satlab_check_frame SCREENSHOT.png DUMP_PREFIX
#include <stb_image.h>  // not OpenCV's imgcodecs: this runs where only core and imgproc are
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "opencv_twins/filter_twins.h"
#include "sat/filter_spec.h"

namespace {

struct Window {
  cv::Rect rect;
  std::string name;
};

struct Layout {
  cv::Size framebuffer, image;
  double zoom = 0, divider = 0;
  cv::Point origin;
  std::vector<std::string> filter;  // name, then parameters
  std::vector<Window> windows;
};

int failures = 0;

void check(bool ok, const std::string& what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  if (!ok) ++failures;
}

Layout read_layout(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  Layout l;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string key;
    s >> key;
    if (key == "framebuffer")
      s >> l.framebuffer.width >> l.framebuffer.height;
    else if (key == "image")
      s >> l.image.width >> l.image.height;
    else if (key == "zoom")
      s >> l.zoom;
    else if (key == "divider")
      s >> l.divider;
    else if (key == "origin") {
      double x = 0, y = 0;
      s >> x >> y;
      l.origin = {static_cast<int>(std::lround(x)), static_cast<int>(std::lround(y))};
    } else if (key == "filter") {
      for (std::string word; s >> word;) l.filter.push_back(word);
    } else if (key == "window") {
      double x = 0, y = 0, w = 0, h = 0;
      s >> x >> y >> w >> h;
      std::string name;
      std::getline(s >> std::ws, name);
      // Whole pixels the window touches.
      const int x0 = static_cast<int>(std::floor(x)), y0 = static_cast<int>(std::floor(y));
      l.windows.push_back(
          {cv::Rect(x0, y0, static_cast<int>(std::ceil(x + w)) - x0, static_cast<int>(std::ceil(y + h)) - y0), name});
    }
  }
  return l;
}

// The dumped filter as satcore's spec: "filter NAME P=V ..." read back with sat::parse_param, which
// refuses a name or value satcore does not know. nullopt for "none" and the shadow demo.
std::optional<sat::FilterSpec> dumped_spec(const Layout& l) {
  const auto& f = l.filter;
  if (f.empty() || f[0] == "none" || f[0] == "shadows") return std::nullopt;
  sat::FilterSpec spec = sat::default_spec(f[0]);
  for (std::size_t i = 1; i < f.size(); ++i) {
    const std::size_t equals = f[i].find('=');
    if (equals == std::string::npos) throw std::runtime_error("filter parameter without '=': " + f[i]);
    sat::parse_param(spec, f[i].substr(0, equals), f[i].substr(equals + 1));
  }
  return spec;
}

// OpenCV's result for the dumped filter (its exact twin, app/common/opencv_twins), or an empty
// Mat when there is no exact twin here.
cv::Mat reference(const Layout& l, const cv::Mat& input) {
  if (l.filter.size() == 1 && l.filter[0] == "none") return input.clone();
  const std::optional<sat::FilterSpec> spec = dumped_spec(l);
  if (!spec || satapp::twin_info(*spec).kind != satapp::TwinKind::Exact) return {};
  return satapp::twin_output(*spec, input);
}

// A PNG as BGR (`color`) or as stored (gray stays gray). Empty when unreadable.
cv::Mat read_png(const std::string& path, bool color) {
  int width = 0, height = 0, stored = 0;
  unsigned char* data = stbi_load(path.c_str(), &width, &height, &stored, color ? 3 : 0);
  if (!data) return {};
  const int channels = color ? 3 : stored;
  const cv::Mat rgb(height, width, CV_8UC(channels), data);
  cv::Mat image;
  if (channels == 3)
    cv::cvtColor(rgb, image, cv::COLOR_RGB2BGR);
  else if (channels == 4)
    cv::cvtColor(rgb, image, cv::COLOR_RGBA2BGRA);
  else
    image = rgb.clone();
  stbi_image_free(data);
  return image;
}

long long count_differing_pixels(const cv::Mat& a, const cv::Mat& b) {
  cv::Mat differs, any;
  cv::compare(a, b, differs, cv::CMP_NE);
  cv::reduce(differs.reshape(1, static_cast<int>(differs.total())), any, 1, cv::REDUCE_MAX);
  return cv::countNonZero(any);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s SCREENSHOT.png DUMP_PREFIX\n", argv[0]);
    return 2;
  }
  try {
    const std::string prefix = argv[2];
    const cv::Mat screen = read_png(argv[1], true);
    const cv::Mat input = read_png(prefix + ".input.png", true);
    const cv::Mat output = read_png(prefix + ".output.png", false);
    const Layout layout = read_layout(prefix + ".view.txt");
    if (screen.empty() || input.empty() || output.empty()) throw std::runtime_error("missing or unreadable images");

    // 1. The whole framebuffer.
    check(screen.size() == layout.framebuffer,
          "screenshot is " + std::to_string(screen.cols) + "x" + std::to_string(screen.rows) + ", framebuffer " +
              std::to_string(layout.framebuffer.width) + "x" + std::to_string(layout.framebuffer.height));
    check(input.size() == layout.image && output.size() == layout.image, "dumped images have the image's size");

    // 2. The UI: the control panel (first listed window) is drawn, not a flat rectangle.
    check(!layout.windows.empty(), std::to_string(layout.windows.size()) + " UI windows listed");
    if (!layout.windows.empty()) {
      const cv::Rect panel = layout.windows[0].rect & cv::Rect(0, 0, screen.cols, screen.rows);
      cv::Mat gray;
      cv::cvtColor(screen(panel), gray, cv::COLOR_BGR2GRAY);
      cv::Scalar mean, stddev;
      cv::meanStdDev(gray, mean, stddev);
      int histogram[256] = {0};
      for (int y = 0; y < gray.rows; ++y)
        for (int x = 0; x < gray.cols; ++x) ++histogram[gray.at<uchar>(y, x)];
      int levels = 0;
      for (int count : histogram) levels += count > 0;
      char text[160];
      std::snprintf(text, sizeof text, "UI window \"%s\" is drawn (gray std-dev %.1f, %d levels)",
                    layout.windows[0].name.c_str(), stddev[0], levels);
      check(stddev[0] > 8.0 && levels >= 32, text);
    }

    // 5. The layout fits the window (panels are laid out from its size every frame).
    for (const Window& w : layout.windows) {
      const cv::Rect inside = w.rect & cv::Rect(0, 0, layout.framebuffer.width, layout.framebuffer.height);
      check(inside == w.rect, "UI window \"" + w.name + "\" (" + std::to_string(w.rect.x) + ", " +
                                  std::to_string(w.rect.y) + ", " + std::to_string(w.rect.width) + "x" +
                                  std::to_string(w.rect.height) + ") lies inside the framebuffer");
    }

    // 3. The filter's output against OpenCV.
    const cv::Mat expected = reference(layout, input);
    const std::string filter = layout.filter.empty() ? "?" : layout.filter[0];
    if (expected.empty()) {
      std::printf("skip no OpenCV reference for filter \"%s\" here\n", filter.c_str());
    } else {
      const bool comparable = expected.size() == output.size() && expected.type() == output.type();
      const long long differing = comparable ? count_differing_pixels(expected, output) : -1;
      check(differing == 0, "dumped output equals OpenCV's " + filter + " of the dumped input (" +
                                std::to_string(differing) + " pixels differ)");
    }

    // 4. On screen: exact pixels at zoom 1, where no window covers the image.
    if (std::fabs(layout.zoom - 1.0) > 1e-6) {
      std::printf("skip on-screen comparison needs zoom 1 (zoom %g)\n", layout.zoom);
    } else {
      cv::Mat shown_output;
      if (output.channels() == 1)
        cv::cvtColor(output, shown_output, cv::COLOR_GRAY2BGR);
      else
        shown_output = output;
      const int divider_x = static_cast<int>(std::lround(layout.divider * layout.image.width));
      const bool split = divider_x > 0 && divider_x < layout.image.width;
      long long compared = 0, differing = 0, first_x = -1, first_y = -1;
      for (int y = 0; y < layout.image.height; ++y) {
        const int sy = layout.origin.y + y;
        if (sy < 0 || sy >= screen.rows) continue;
        for (int x = 0; x < layout.image.width; ++x) {
          const int sx = layout.origin.x + x;
          if (sx < 0 || sx >= screen.cols) continue;
          // The divider's line, grip and labels are drawn over the image around it (the shadow
          // demo's labels are technique names, up to "savsm-variable": ~110 px).
          if (split && (std::abs(x - divider_x) <= 12 || (y < 40 && std::abs(x - divider_x) <= 160))) continue;
          bool covered = false;
          for (const Window& w : layout.windows) covered = covered || w.rect.contains({sx, sy});
          if (covered) continue;
          const cv::Vec3b want = x < divider_x ? input.at<cv::Vec3b>(y, x) : shown_output.at<cv::Vec3b>(y, x);
          ++compared;
          if (screen.at<cv::Vec3b>(sy, sx) != want && differing++ == 0) first_x = x, first_y = y;
        }
      }
      const long long visible_needed = static_cast<long long>(layout.image.area()) / 4;
      check(compared >= visible_needed,
            "on-screen pixels compared: " + std::to_string(compared) + " (>= " + std::to_string(visible_needed) + ")");
      check(
          differing == 0,
          "on-screen image equals the dumped " + std::string(split ? "input | output" : "output") + " (" +
              std::to_string(differing) + " differ" +
              (differing ? ", first at image (" + std::to_string(first_x) + ", " + std::to_string(first_y) + ")" : "") +
              ")");
    }
  } catch (const std::exception& e) {
    std::printf("FAIL %s\n", e.what());
    return 1;
  }
  std::printf(failures ? "%d check(s) failed\n" : "all checks passed\n", failures);
  return failures ? 1 : 0;
}
