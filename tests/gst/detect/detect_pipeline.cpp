#include "detect_pipeline.h"

#include "detect_test_data.h"

#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>

#include <opencv2/imgproc.hpp>

#include "sat/filters.h"

#include <algorithm>
#include <cstring>
#include <random>
#include <stdexcept>

namespace gst_detect_test {
namespace {

void copy_rows(uint8_t* dst, int dst_stride, const uint8_t* src, std::size_t src_stride, std::size_t row_bytes,
               int rows) {
  for (int y = 0; y < rows; ++y)
    std::memcpy(dst + std::ptrdiff_t(y) * dst_stride, src + std::size_t(y) * src_stride, row_bytes);
}

void copy_mat(GstVideoFrame& v, int plane, const cv::Mat& m) {
  copy_rows(static_cast<uint8_t*>(GST_VIDEO_FRAME_PLANE_DATA(&v, plane)), GST_VIDEO_FRAME_PLANE_STRIDE(&v, plane),
            m.data, m.step, std::size_t(m.cols) * m.elemSize(), m.rows);
}

}  // namespace

Frame make_frame(const cv::Mat& image, GstVideoFormat format) {
  Frame f;
  gst_video_info_set_format(&f.info, format, guint(image.cols), guint(image.rows));
  f.buffer.reset(gst_buffer_new_allocate(nullptr, f.info.size, nullptr));
  GstVideoFrame v;
  if (!gst_video_frame_map(&v, &f.info, f.buffer.get(), GST_MAP_WRITE))
    throw std::runtime_error("cannot map a new frame");
  cv::Mat bgr, gray, converted;
  if (image.channels() == 1)
    gray = image, cv::cvtColor(gray, bgr, cv::COLOR_GRAY2BGR);
  else
    bgr = image, cv::cvtColor(bgr, gray, cv::COLOR_BGR2GRAY);
  switch (format) {
    case GST_VIDEO_FORMAT_GRAY8:
      copy_mat(v, 0, gray);
      break;
    case GST_VIDEO_FORMAT_BGR:
      copy_mat(v, 0, bgr);
      break;
    case GST_VIDEO_FORMAT_RGB:
      cv::cvtColor(bgr, converted, cv::COLOR_BGR2RGB), copy_mat(v, 0, converted);
      break;
    case GST_VIDEO_FORMAT_BGRx:
    case GST_VIDEO_FORMAT_BGRA:
      cv::cvtColor(bgr, converted, cv::COLOR_BGR2BGRA), copy_mat(v, 0, converted);
      break;
    case GST_VIDEO_FORMAT_RGBA:
      cv::cvtColor(bgr, converted, cv::COLOR_BGR2RGBA), copy_mat(v, 0, converted);
      break;
    case GST_VIDEO_FORMAT_I420:
    case GST_VIDEO_FORMAT_NV12: {
      cv::cvtColor(bgr, converted, cv::COLOR_BGR2YUV_I420);  // Y rows, then U, then V, tight
      const int w = image.cols, h = image.rows;
      const cv::Mat y_plane = converted.rowRange(0, h);
      const cv::Mat u(h / 2, w / 2, CV_8U, converted.data + std::size_t(w) * std::size_t(h));
      const cv::Mat vv(h / 2, w / 2, CV_8U, converted.data + std::size_t(w) * std::size_t(h) * 5 / 4);
      copy_mat(v, 0, y_plane);
      if (format == GST_VIDEO_FORMAT_I420) {
        copy_mat(v, 1, u), copy_mat(v, 2, vv);
      } else {
        cv::Mat uv;
        cv::merge(std::vector<cv::Mat>{u, vv}, uv);
        copy_mat(v, 1, uv);
      }
      break;
    }
    default:
      gst_video_frame_unmap(&v);
      throw std::runtime_error("make_frame: format not handled");
  }
  gst_video_frame_unmap(&v);
  return f;
}

std::vector<cv::Mat> frame_planes(GstBuffer* buffer, const GstVideoInfo& info) {
  GstVideoFrame v;
  GstVideoInfo copy = info;
  if (!gst_video_frame_map(&v, &copy, buffer, GST_MAP_READ)) throw std::runtime_error("cannot map a frame");
  std::vector<cv::Mat> planes;
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES(&v); ++p) {
    guint c = 0;
    while (GST_VIDEO_FORMAT_INFO_PLANE(v.info.finfo, c) != p) ++c;
    const int rows = GST_VIDEO_FRAME_COMP_HEIGHT(&v, c);
    const int row_bytes = GST_VIDEO_FRAME_COMP_WIDTH(&v, c) * GST_VIDEO_FRAME_COMP_PSTRIDE(&v, c);
    const cv::Mat view(rows, row_bytes, CV_8U, GST_VIDEO_FRAME_PLANE_DATA(&v, p),
                       std::size_t(GST_VIDEO_FRAME_PLANE_STRIDE(&v, p)));
    planes.push_back(view.clone());
  }
  gst_video_frame_unmap(&v);
  return planes;
}

// The 10-bit frame of an 8-bit gray image (even size): Y10 = gray << 2 | 2 random low bits (P010:
// shifted into the high bits, with 6 random bits below), chroma random 10-bit values.
Frame make_ten_bit_frame(const cv::Mat& gray, GstVideoFormat format, unsigned seed) {
  Frame frame;
  gst_video_info_set_format(&frame.info, format, guint(gray.cols), guint(gray.rows));
  frame.buffer.reset(gst_buffer_new_allocate(nullptr, GST_VIDEO_INFO_SIZE(&frame.info), nullptr));
  GstVideoFrame mapped;
  if (!gst_video_frame_map(&mapped, &frame.info, frame.buffer.get(), GST_MAP_WRITE))
    throw std::runtime_error("cannot map a new buffer");
  std::mt19937 random(seed);
  const int shift = format == GST_VIDEO_FORMAT_P010_10LE ? 6 : 0;
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES(&mapped); ++p) {
    auto* base = static_cast<uint8_t*>(GST_VIDEO_FRAME_PLANE_DATA(&mapped, p));
    const int stride = GST_VIDEO_FRAME_PLANE_STRIDE(&mapped, p);
    const int rows = p == 0 ? gray.rows : (gray.rows + 1) / 2;
    const int samples = p == 0                                 ? gray.cols
                        : format == GST_VIDEO_FORMAT_P010_10LE ? 2 * ((gray.cols + 1) / 2)
                                                               : (gray.cols + 1) / 2;
    for (int y = 0; y < rows; ++y) {
      auto* row = reinterpret_cast<uint16_t*>(base + std::ptrdiff_t(y) * stride);
      for (int x = 0; x < samples; ++x) {
        const unsigned value = p == 0 ? (unsigned(gray.at<uint8_t>(y, x)) << 2) | (random() & 3) : random() & 1023;
        row[x] = uint16_t((value << shift) | (shift ? random() & 63 : 0));
      }
    }
  }
  gst_video_frame_unmap(&mapped);
  return frame;
}

cv::Mat searched_gray(const Frame& frame) {
  const cv::Mat plane = frame_planes(frame.buffer.get(), frame.info)[0];
  const int w = GST_VIDEO_INFO_WIDTH(&frame.info);
  cv::Mat gray;
  switch (GST_VIDEO_INFO_FORMAT(&frame.info)) {
    case GST_VIDEO_FORMAT_BGR:
      cv::cvtColor(plane.reshape(3), gray, cv::COLOR_BGR2GRAY);
      break;
    case GST_VIDEO_FORMAT_RGB:
      cv::cvtColor(plane.reshape(3), gray, cv::COLOR_RGB2GRAY);
      break;
    case GST_VIDEO_FORMAT_BGRx:
    case GST_VIDEO_FORMAT_BGRA:
      cv::cvtColor(plane.reshape(4), gray, cv::COLOR_BGRA2GRAY);
      break;
    case GST_VIDEO_FORMAT_RGBA:
      cv::cvtColor(plane.reshape(4), gray, cv::COLOR_RGBA2GRAY);
      break;
    default:
      gray = plane.colRange(0, w).clone();
      break;  // GRAY8, the luma of I420 / NV12
  }
  return gray;
}

std::vector<sat::Box> detector_boxes(const cv::Mat& gray, const sat::DetectParams& params) {
  sat::Detector detector(sat::Backend::Cpu,
                         sat::load_haar_cascade(detect_test::cascade_path("haarcascade_frontalface_default.xml")),
                         {gray.cols, gray.rows}, params);
  return detector.detect({gray.data, gray.step, gray.cols, gray.rows, 1});
}

void blur_regions(std::vector<cv::Mat>& planes, const std::vector<PlaneLayout>& layout,
                  const std::vector<sat::Box>& boxes, int kernel) {
  sat::FilterEngine engine(sat::Backend::Cpu, {planes[0].cols, planes[0].rows});
  for (const sat::Box& b : boxes)
    for (std::size_t p = 0; p < planes.size(); ++p) {
      const int ch = layout[p].channels, s = layout[p].subsampling;
      const int x0 = b.x >> s, y0 = b.y >> s;
      const int x1 = std::min(planes[p].cols / ch, (b.x + b.width + (1 << s) - 1) >> s);
      const int y1 = std::min(planes[p].rows, (b.y + b.height + (1 << s) - 1) >> s);
      const sat::Image8 region{planes[p].ptr(y0) + std::size_t(x0) * std::size_t(ch), planes[p].step, x1 - x0, y1 - y0,
                               ch};
      engine.apply(sat::BoxBlurParams{kernel, kernel, sat::Border::Reflect101}, region, region);
    }
}

bool same_planes(const std::vector<cv::Mat>& a, const std::vector<cv::Mat>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    if (a[k].size() != b[k].size() || cv::countNonZero(a[k] != b[k]) != 0) return false;
  return true;
}

std::vector<sat::Box> roi_boxes(GstBuffer* buffer, const char* roi_type) {
  std::vector<sat::Box> boxes;
  gpointer state = nullptr;
  while (GstMeta* meta = gst_buffer_iterate_meta_filtered(buffer, &state, GST_VIDEO_REGION_OF_INTEREST_META_API_TYPE)) {
    const auto* roi = reinterpret_cast<GstVideoRegionOfInterestMeta*>(meta);
    if (roi->roi_type != g_quark_from_string(roi_type)) throw std::runtime_error("ROI meta of another type");
    boxes.push_back({int(roi->x), int(roi->y), int(roi->w), int(roi->h)});
  }
  return boxes;
}

std::vector<sat::Box> message_boxes(const GstStructure* s) {
  const GValue* faces = gst_structure_get_value(s, "faces");
  if (!faces || !GST_VALUE_HOLDS_LIST(faces)) throw std::runtime_error("no \"faces\" list in the message");
  std::vector<sat::Box> boxes;
  for (guint k = 0; k < gst_value_list_get_size(faces); ++k) {
    const GstStructure* face = gst_value_get_structure(gst_value_list_get_value(faces, k));
    if (!gst_structure_has_name(face, "face")) throw std::runtime_error("a \"faces\" entry not named face");
    guint x = 0, y = 0, w = 0, h = 0;
    if (!gst_structure_get(face, "x", G_TYPE_UINT, &x, "y", G_TYPE_UINT, &y, "width", G_TYPE_UINT, &w, "height",
                           G_TYPE_UINT, &h, nullptr))
      throw std::runtime_error("a face without guint x, y, width, height");
    boxes.push_back({int(x), int(y), int(w), int(h)});
  }
  return boxes;
}

Pipeline::Pipeline(const std::string& element) {
  const std::string description = "appsrc name=src format=time ! " + element +
                                  (element.find("name=under_test") == std::string::npos ? " name=under_test" : "") +
                                  " ! appsink name=sink sync=false";
  GError* error = nullptr;
  pipeline_ = gst_parse_launch(description.c_str(), &error);
  if (!pipeline_) {
    const std::string text = error ? error->message : "unknown error";
    g_clear_error(&error);
    throw std::runtime_error("cannot make \"" + description + "\": " + text);
  }
  src_ = gst_bin_get_by_name(GST_BIN(pipeline_), "src");
  sink_ = gst_bin_get_by_name(GST_BIN(pipeline_), "sink");
  element_ = gst_bin_get_by_name(GST_BIN(pipeline_), "under_test");
  bus_ = gst_element_get_bus(pipeline_);
}

Pipeline::~Pipeline() {
  gst_element_set_state(pipeline_, GST_STATE_NULL);
  if (caps_) gst_caps_unref(caps_);
  gst_object_unref(bus_);
  gst_object_unref(element_);
  gst_object_unref(sink_);
  gst_object_unref(src_);
  gst_object_unref(pipeline_);
}

// The element starts (and loads its cascade) in READY → PAUSED, synchronously; the pipeline
// prerolls only once a frame is pushed, so it is not waited for.
bool Pipeline::play() { return gst_element_set_state(pipeline_, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE; }

GstBuffer* Pipeline::push_and_pull(const Frame& frame, GstClockTime timeout) {
  GstCaps* caps = gst_video_info_to_caps(&frame.info);
  if (!caps_ || !gst_caps_is_equal(caps, caps_)) {
    gst_app_src_set_caps(GST_APP_SRC(src_), caps);
    std::swap(caps, caps_);
  }
  if (caps) gst_caps_unref(caps);
  GstBuffer* copy = gst_buffer_copy_deep(frame.buffer.get());  // the element writes in place
  GST_BUFFER_PTS(copy) = pts_;
  GST_BUFFER_DURATION(copy) = 40 * GST_MSECOND;
  pts_ += 40 * GST_MSECOND;
  if (gst_app_src_push_buffer(GST_APP_SRC(src_), copy) != GST_FLOW_OK) return nullptr;
  GstSample* sample = gst_app_sink_try_pull_sample(GST_APP_SINK(sink_), timeout);
  if (!sample) return nullptr;
  GstBuffer* out = gst_buffer_ref(gst_sample_get_buffer(sample));
  gst_sample_unref(sample);
  return out;
}

std::vector<Structure> Pipeline::take_messages(const char* name) {
  std::vector<Structure> found;
  while (GstMessage* m = gst_bus_pop_filtered(bus_, GST_MESSAGE_ELEMENT)) {
    const GstStructure* s = gst_message_get_structure(m);
    if (s && gst_structure_has_name(s, name)) found.emplace_back(gst_structure_copy(s));
    gst_message_unref(m);
  }
  return found;
}

std::string Pipeline::wait_error(GstClockTime timeout) {
  GstMessage* m = gst_bus_timed_pop_filtered(bus_, timeout, GST_MESSAGE_ERROR);
  if (!m) return "";
  GError* error = nullptr;
  gchar* debug = nullptr;
  gst_message_parse_error(m, &error, &debug);
  std::string text = std::string(error->message) + " | " + (debug ? debug : "");
  g_clear_error(&error);
  g_free(debug);
  gst_message_unref(m);
  return text;
}

}  // namespace gst_detect_test
