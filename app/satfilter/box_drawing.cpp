#include "box_drawing.h"

#include <opencv2/imgproc.hpp>

namespace satfilter {

void draw_boxes(cv::Mat& frame, const std::vector<sat::Box>& boxes) {
  const cv::Scalar color = frame.channels() == 1 ? cv::Scalar(255) : cv::Scalar(0, 255, 0, 255);
  const cv::Rect image(0, 0, frame.cols, frame.rows);
  for (const sat::Box& b : boxes) {
    // Two 1-pixel rectangles, the outer on the box's edge, the inner one pixel in (cv::rectangle
    // with thickness 2 would straddle the edge).
    for (int inset = 0; inset < 2; ++inset) {
      const cv::Rect r = cv::Rect(b.x + inset, b.y + inset, b.width - 2 * inset, b.height - 2 * inset) & image;
      if (r.width > 0 && r.height > 0) cv::rectangle(frame, r, color, 1, cv::LINE_8);
    }
  }
}

}  // namespace satfilter
