// See detect_frames.h.
#include "detect_frames.h"

#include <algorithm>
#include <stdexcept>

#if SATBENCH_HAVE_DETECT_FRAMES
#include <opencv2/imgproc.hpp>

#include "detect_test_data.h"
#endif

namespace satbench {

#if SATBENCH_HAVE_DETECT_FRAMES

std::string detect_frames_unavailable() { return ""; }

std::string frontal_face_cascade() { return detect_test::cascade_path("haarcascade_frontalface_default.xml"); }
std::string upper_body_cascade() { return detect_test::cascade_path("haarcascade_upperbody.xml"); }

std::vector<uint8_t> make_detect_frame(sat::Extent extent, bool faces) {
  const cv::Size size(extent.width, extent.height);
  cv::Mat frame(size, CV_8U, cv::Scalar(100));
  if (faces) {  // the face images tiled, each scaled to a third of the frame height
    const auto images = detect_test::face_images();
    const int cell = std::max(1, size.height / 3);
    int x = 0, y = 0;
    for (std::size_t k = 0; y + cell <= size.height; ++k) {
      cv::Mat g = images[k % images.size()].image, gray, scaled;
      if (g.channels() == 3)
        cv::cvtColor(g, gray, cv::COLOR_BGR2GRAY);
      else
        gray = g;
      const double s = double(cell) / std::max(gray.cols, gray.rows);
      cv::resize(gray, scaled, {}, s, s, cv::INTER_AREA);
      if (x + scaled.cols > size.width) x = 0, y += cell;
      if (y + scaled.rows > size.height || scaled.cols > size.width) break;
      scaled.copyTo(frame(cv::Rect(x, y, scaled.cols, scaled.rows)));
      x += scaled.cols;
    }
  } else {  // grass, tiled
    const cv::Mat tile = detect_test::faceless_images().at(1).image;
    for (int y = 0; y < size.height; y += tile.rows)
      for (int x = 0; x < size.width; x += tile.cols) {
        const cv::Rect r(x, y, std::min(tile.cols, size.width - x), std::min(tile.rows, size.height - y));
        tile(cv::Rect(0, 0, r.width, r.height)).copyTo(frame(r));
      }
  }
  return std::vector<uint8_t>(frame.data, frame.data + frame.total());
}

#else

std::string detect_frames_unavailable() { return "not built (needs the detection tests' data library)"; }
std::string frontal_face_cascade() { return ""; }
std::string upper_body_cascade() { return ""; }
std::vector<uint8_t> make_detect_frame(sat::Extent, bool) { throw std::runtime_error(detect_frames_unavailable()); }

#endif

}  // namespace satbench
