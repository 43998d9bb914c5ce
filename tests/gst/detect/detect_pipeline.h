// The detection elements' test bench (GStreamer is set up by the suites' main, gst_test_main.cpp): `appsrc ! ELEMENT !
// appsink` with the pipeline's bus, frames made from scikit-image's photographs in each raw format, and the boxes read
// back from the buffer's ROI metas and the "facedetect" bus message.
#pragma once

#include <gst/gst.h>
#include <gst/video/video.h>

#include <opencv2/core.hpp>

#include <memory>
#include <string>
#include <vector>

#include "sat/detect.h"

namespace gst_detect_test {

// A frame of `image` (BGR or gray) in `format`: packed colour in its channel order (BGRx's x and
// RGBA's A 255; RGB and RGBA with red first), GRAY8 as the gray image, I420 / NV12 from cv::cvtColor's BGR → YUV I420
// (even sizes only).
struct BufferUnref {
  void operator()(GstBuffer* b) const { gst_buffer_unref(b); }
};
struct Frame {
  GstVideoInfo info;
  std::unique_ptr<GstBuffer, BufferUnref> buffer;
};
Frame make_frame(const cv::Mat& image, GstVideoFormat format);
// A P010_10LE or I420_10LE frame of an 8-bit gray image (even size): Y10 = gray << 2 | 2 random
// low bits (P010: in the high bits, 6 random bits below), chroma random 10-bit values. Its
// Y10 >> 2 is `gray`: what the detection elements search.
Frame make_ten_bit_frame(const cv::Mat& gray, GstVideoFormat format, unsigned seed);

// The gray image satdetect searches in `frame` (GRAY8, the luma of I420/NV12, or cv::cvtColor's
// gray of packed colour), as a tight cv::Mat.
cv::Mat searched_gray(const Frame& frame);

// A frame's planes copied into tight cv::Mats (plane k of the frame: rows × row bytes).
std::vector<cv::Mat> frame_planes(GstBuffer* buffer, const GstVideoInfo& info);

// facedetect's defaults (scale-factor 1.25, min-neighbors 3, 30×30 minimum), the elements' too.
inline constexpr sat::DetectParams kFacedetectDefaults{1.25, 3, {30, 30}, {0, 0}};

// sat::Detector's boxes (CPU backend) in a gray image with Debian's frontal-face cascade.
std::vector<sat::Box> detector_boxes(const cv::Mat& gray, const sat::DetectParams& params = kFacedetectDefaults);

// The layout of a frame's plane: interleaved channels, log2 of its subsampling in x and y.
struct PlaneLayout {
  int channels, subsampling;
};

// Each box's region of each plane (frame_planes' Mats) replaced by satcore's box blur (CPU
// backend, Reflect101) of that region alone: satfaceblur's expected output.
void blur_regions(std::vector<cv::Mat>& planes, const std::vector<PlaneLayout>& layout,
                  const std::vector<sat::Box>& boxes, int kernel);

// Equal plane by plane (sizes and bytes).
bool same_planes(const std::vector<cv::Mat>& a, const std::vector<cv::Mat>& b);

std::vector<sat::Box> roi_boxes(GstBuffer* buffer, const char* roi_type = "face");

// The boxes of a "facedetect" message's "faces" list (fields checked to be guint).
std::vector<sat::Box> message_boxes(const GstStructure* s);

struct StructureFree {
  void operator()(GstStructure* s) const { gst_structure_free(s); }
};
using Structure = std::unique_ptr<GstStructure, StructureFree>;

class Pipeline {
 public:
  // e.g. "satdetect display=false"; the element is named "under_test" (the last one of a chain
  // such as "cudaupload ! satdetect ! cudadownload" unless the text names one itself).
  explicit Pipeline(const std::string& element);
  ~Pipeline();
  Pipeline(const Pipeline&) = delete;
  Pipeline& operator=(const Pipeline&) = delete;

  GstElement* element() const { return element_; }
  // PLAYING; false when the state change failed (the error is on the bus).
  bool play();
  // Pushes a copy of `frame` (caps set when they differ from the last) and pulls the output
  // buffer (a new reference, nullptr when none came within `timeout`).
  GstBuffer* push_and_pull(const Frame& frame, GstClockTime timeout = 10 * GST_SECOND);
  // Element messages named `name` posted so far (removed from the bus), in order.
  std::vector<Structure> take_messages(const char* name);
  // The text and debug text of the first error on the bus within `timeout`; "" when none.
  std::string wait_error(GstClockTime timeout = 5 * GST_SECOND);

 private:
  GstElement* pipeline_ = nullptr;
  GstElement* src_ = nullptr;
  GstElement* sink_ = nullptr;
  GstElement* element_ = nullptr;
  GstCaps* caps_ = nullptr;
  GstClockTime pts_ = 0;
  GstBus* bus_ = nullptr;
};

}  // namespace gst_detect_test
