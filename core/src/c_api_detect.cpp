// The C ABI of detection (sat/detect_c.h) over sat::load_haar_cascade, sat::Detector and
// sat::DetectSession: each
// function converts its C arguments, checks what the C++ API cannot see from C (null handles, an
// image's span overflowing the address space, the box buffer), and reports failures through
// sat_last_error() like the rest of the C ABI (c_api_guard.h). No exception crosses it.
#include "sat/detect_c.h"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "c_api_guard.h"
#include "dispatch/validate.h"
#include "sat/detect.h"
#include "sat/detect_session.h"

struct sat_cascade {
  sat::HaarCascade cascade;
};

struct sat_detector {
  sat::Detector detector;
  std::vector<sat::Box> last;  // the last sat_detect's boxes (for sat_detector_boxes); capacity kept
};

struct sat_detect_session {
  sat::DetectSession session;
  std::vector<sat::Box> last;  // as sat_detector's
};

static_assert(sizeof(sat_box) == sizeof(sat::Box), "sat_box is sat::Box");
static_assert(SAT_BACKEND_CUDA == int(sat::Backend::Cuda) && SAT_BACKEND_CPU == int(sat::Backend::Cpu));

namespace {

using sat::c_api::guarded;
using sat::c_api::require;

[[noreturn]] void invalid(const char* call, const std::string& message) {
  throw sat::Error(sat::ErrorCode::InvalidArgument, call, message);
}

// The image's bytes, pitch × (height − 1) + a row, inside the address space, as every C ABI entry
// point checks them (a huge pitch or height from C would otherwise wrap around). Sizes and
// channels sat::Detector refuses with its own message.
void check_span(const char* call, const sat_image8& image) {
  if (image.width < 1 || image.height < 1 || (image.channels != 1 && image.channels != 3 && image.channels != 4))
    return;
  sat::detail::plane_range(call, sat::named_argument("image"), image.data, image.pitch, image.height,
                           std::size_t(image.width) * std::size_t(image.channels));
}

// The first min(found, capacity) boxes into `boxes`; *count = found.
void copy_boxes(const char* call, const std::vector<sat::Box>& found, sat_box* boxes, int capacity, int* count) {
  require(count, call, "count pointer");
  if (capacity < 0) invalid(call, "capacity must be >= 0 (got " + std::to_string(capacity) + ")");
  if (capacity > 0) require(boxes, call, "boxes (with capacity > 0)");
  const std::size_t n = std::min(found.size(), std::size_t(capacity));
  for (std::size_t i = 0; i < n; ++i) boxes[i] = {found[i].x, found[i].y, found[i].width, found[i].height};
  *count = int(std::min<std::size_t>(found.size(), std::size_t(std::numeric_limits<int>::max())));
}

// The catalog's texts as C strings that live as long as the library.
struct DetectParamTexts {
  std::string name, help, range;
};

const std::vector<DetectParamTexts>& detect_param_texts() {
  static const std::vector<DetectParamTexts> texts = [] {
    std::vector<DetectParamTexts> all;
    for (const sat::DetectParamInfo& info : sat::detect_param_catalog())
      all.push_back({std::string(info.param.name), std::string(info.param.help), sat::range_text(info.param)});
    return all;
  }();
  return texts;
}

const sat::DetectParamInfo* detect_param_at(int param) {
  const auto& catalog = sat::detect_param_catalog();
  return param >= 0 && std::size_t(param) < catalog.size() ? &catalog[std::size_t(param)] : nullptr;
}

// The checks of a frame and of the box buffer, `find` on the frame, and its boxes into `last`
// and out: the body of every detecting call.
template <class Find>
void detect_frame(const char* call, std::vector<sat::Box>& last, const sat_image8* image, sat_box* boxes, int capacity,
                  int* count, Find&& find) {
  require(image, call, "image");
  require(count, call, "count pointer");
  *count = 0;
  if (capacity < 0) invalid(call, "capacity must be >= 0 (got " + std::to_string(capacity) + ")");
  if (capacity > 0) require(boxes, call, "boxes (with capacity > 0)");
  check_span(call, *image);
  const sat::ConstImage8 frame{image->data, image->pitch, image->width, image->height, image->channels};
  last.clear();  // a failed call leaves no stale boxes behind
  last = find(frame);
  copy_boxes(call, last, boxes, capacity, count);
}

}  // namespace

extern "C" {

int sat_detect_param_count(void) { return int(sat::detect_param_catalog().size()); }

sat_status sat_detect_param_info(int param, sat_param_info* info) {
  constexpr const char* call = "sat_detect_param_info";
  return guarded([&] {
    require(info, call, "result pointer");
    const sat::DetectParamInfo* p = detect_param_at(param);
    if (!p)
      invalid(call, "no detection parameter " + std::to_string(param) + " (" +
                        std::to_string(sat_detect_param_count()) + " parameters)");
    const DetectParamTexts& texts = detect_param_texts()[std::size_t(param)];
    *info = sat::c_api::param_info_of(p->param, texts.name.c_str(), texts.help.c_str(),
                                      sat::get_detect_param(sat::DetectParams{}, p->param.name));
  });
}

int sat_detect_param_is_size(int param) {
  const sat::DetectParamInfo* p = detect_param_at(param);
  return p ? (p->size ? 1 : 0) : -1;
}

const char* sat_detect_param_range(int param) {
  return detect_param_at(param) ? detect_param_texts()[std::size_t(param)].range.c_str() : nullptr;
}

sat_status sat_cascade_load(const char* path, sat_cascade** cascade) {
  return guarded([&] {
    require(cascade, "sat_cascade_load", "result pointer");
    *cascade = nullptr;
    require(path, "sat_cascade_load", "path");
    *cascade = new sat_cascade{sat::load_haar_cascade(path)};
  });
}

void sat_cascade_destroy(sat_cascade* cascade) { delete cascade; }

sat_status sat_cascade_window(const sat_cascade* cascade, int* width, int* height) {
  return guarded([&] {
    require(cascade, "sat_cascade_window", "cascade");
    require(width, "sat_cascade_window", "width pointer");
    require(height, "sat_cascade_window", "height pointer");
    *width = cascade->cascade.window.width;
    *height = cascade->cascade.window.height;
  });
}

sat_status sat_detector_create(int backend, const sat_cascade* cascade, int max_width, int max_height,
                               double scale_factor, int min_neighbors, int min_object_width, int min_object_height,
                               int max_object_width, int max_object_height, sat_detector** detector) {
  constexpr const char* call = "sat_detector_create";
  return guarded([&] {
    require(detector, call, "result pointer");
    *detector = nullptr;
    require(cascade, call, "cascade");
    if (backend != SAT_BACKEND_CUDA && backend != SAT_BACKEND_CPU)
      invalid(call, "backend must be SAT_BACKEND_CUDA or SAT_BACKEND_CPU (got " + std::to_string(backend) + ")");
    const sat::DetectParams params{
        scale_factor, min_neighbors, {min_object_width, min_object_height}, {max_object_width, max_object_height}};
    *detector =
        new sat_detector{sat::Detector(sat::Backend(backend), cascade->cascade, {max_width, max_height}, params), {}};
  });
}

void sat_detector_destroy(sat_detector* detector) { delete detector; }

sat_status sat_detect(sat_detector* detector, const sat_image8* image, sat_box* boxes, int capacity, int* count,
                      void* stream) {
  constexpr const char* call = "sat_detect";
  return guarded([&] {
    require(detector, call, "detector");
    detect_frame(call, detector->last, image, boxes, capacity, count, [&](sat::ConstImage8 frame) {
      return detector->detector.detect(frame, static_cast<cudaStream_t>(stream));
    });
  });
}

sat_status sat_detector_boxes(const sat_detector* detector, sat_box* boxes, int capacity, int* count) {
  constexpr const char* call = "sat_detector_boxes";
  return guarded([&] {
    require(detector, call, "detector");
    copy_boxes(call, detector->last, boxes, capacity, count);
  });
}

sat_status sat_detect_session_create(int backend, const sat_cascade* cascade, double scale_factor, int min_neighbors,
                                     int min_object_width, int min_object_height, int max_object_width,
                                     int max_object_height, sat_detect_session** session) {
  constexpr const char* call = "sat_detect_session_create";
  return guarded([&] {
    require(session, call, "result pointer");
    *session = nullptr;
    require(cascade, call, "cascade");
    if (backend != SAT_BACKEND_CUDA && backend != SAT_BACKEND_CPU)
      invalid(call, "backend must be SAT_BACKEND_CUDA or SAT_BACKEND_CPU (got " + std::to_string(backend) + ")");
    const sat::DetectParams params{
        scale_factor, min_neighbors, {min_object_width, min_object_height}, {max_object_width, max_object_height}};
    *session = new sat_detect_session{sat::DetectSession(sat::Backend(backend), cascade->cascade, params), {}};
  });
}

void sat_detect_session_destroy(sat_detect_session* session) { delete session; }

sat_status sat_detect_session_detect(sat_detect_session* session, const sat_image8* image, sat_box* boxes, int capacity,
                                     int* count, void* stream) {
  constexpr const char* call = "sat_detect_session_detect";
  return guarded([&] {
    require(session, call, "session");
    sat::DetectSession& s = session->session;
    detect_frame(call, session->last, image, boxes, capacity, count, [&](sat::ConstImage8 frame) {
      return s.backend() == sat::Backend::Cpu ? s.detect_host(frame)
                                              : s.detect_device(frame, static_cast<cudaStream_t>(stream));
    });
  });
}

sat_status sat_detect_session_boxes(const sat_detect_session* session, sat_box* boxes, int capacity, int* count) {
  constexpr const char* call = "sat_detect_session_boxes";
  return guarded([&] {
    require(session, call, "session");
    copy_boxes(call, session->last, boxes, capacity, count);
  });
}

sat_status sat_detector_enable_timing(sat_detector* detector, int on) {
  return guarded([&] {
    require(detector, "sat_detector_enable_timing", "detector");
    detector->detector.enable_stage_timing(on != 0);
  });
}

sat_status sat_detect_times(const sat_detector* detector, sat_detect_timing* times) {
  return guarded([&] {
    require(detector, "sat_detect_times", "detector");
    require(times, "sat_detect_times", "result pointer");
    const sat::DetectTimes t = detector->detector.last_times();
    *times = {t.pyramid_ms, t.tables_ms, t.cascade_ms, t.grouping_ms, t.scales, t.windows};
  });
}

}  // extern "C"
