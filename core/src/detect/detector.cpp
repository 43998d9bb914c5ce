// sat::Detector: validation, the scale plan, the backend, grouping and timing.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "detect/cascade_check.h"
#include "detect/cpu_detect.h"
#include "detect/cuda_detect.h"
#include "detect/grouping.h"
#include "detect/scale_plan.h"
#include "filters/backend.h"
#include "sat/detect.h"
#include "sat/error.h"

namespace sat {
namespace {

[[noreturn]] void invalid(const char* call, const std::string& message) {
  throw Error(ErrorCode::InvalidArgument, call, message);
}

[[noreturn]] void invalid(const char* call, std::vector<MessagePart> parts) {
  throw Error(ErrorCode::InvalidArgument, call, std::move(parts));
}

std::string extent_text(Extent e) { return std::to_string(e.width) + "x" + std::to_string(e.height); }

// The shortest text that reads back as `v` (1.0000000001, not std::to_string's 1.000000).
std::string number_text(double v) {
  char text[32];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, v);
    if (std::strtod(text, nullptr) == v) break;
  }
  return text;
}

// The smallest factor, to 4 decimals rounded up, whose sequence 1, f, f², … has at most
// kMaxDetectScales terms up to `ratio` (the largest frame over the window, with a term's margin).
double smallest_fitting_factor(double ratio) {
  return std::ceil(std::pow(ratio, 1.0 / double(kMaxDetectScales - 2)) * 1e4) / 1e4;
}

void validate_setup(const HaarCascade& c, Extent max_extent, const DetectParams& p) {
  const char* call = "sat::Detector";
  if (c.stages.empty() || c.features.empty() || c.window.width < 3 || c.window.height < 3)
    invalid(call, "the cascade is empty (load it with sat::load_haar_cascade)");
  if (const std::string problem = detect::cascade_problem(c); !problem.empty())
    invalid(call, "the cascade is inconsistent: " + problem);
  if (max_extent.width < 1 || max_extent.height < 1 || max_extent.width > 32768 || max_extent.height > 32768)
    invalid(call, "max extent must be 1..32768 in each axis (got " + extent_text(max_extent) + ")");
  validate(p, call);  // each parameter in the catalog's range (sat/detect_params.h)
  if (detect::max_scale_count(max_extent, c.window, p) > kMaxDetectScales) {
    const double ratio =
        std::min(double(max_extent.width) / c.window.width, double(max_extent.height) / c.window.height);
    invalid(call, "scale factor " + number_text(p.scale_factor) + " gives more than " +
                      std::to_string(kMaxDetectScales) + " scales (the limit) for a " + extent_text(c.window) +
                      " window in frames up to " + extent_text(max_extent) + "; use a factor of at least " +
                      number_text(smallest_fitting_factor(ratio)));
  }
}

// detect()'s frame as its messages name it.
MessagePart frame() { return named_argument("frame"); }

void validate_frame(ConstImage8 f, Extent max_extent) {
  const char* call = "sat::Detector::detect";
  if (!f.data) invalid(call, {frame(), " data is null"});
  if (f.channels != 1 && f.channels != 3 && f.channels != 4)
    invalid(call, {frame(), " must have 1, 3 or 4 channels (got " + std::to_string(f.channels) + ")"});
  if (f.width < 1 || f.height < 1)
    invalid(call, {frame(), " must be at least 1x1 (got " + extent_text({f.width, f.height}) + ")"});
  if (f.width > max_extent.width || f.height > max_extent.height)
    invalid(call, {frame(), " " + extent_text({f.width, f.height}) + " is larger than the detector's max extent " +
                                extent_text(max_extent)});
  if (f.pitch < std::size_t(f.width) * std::size_t(f.channels))
    invalid(call, {frame(), " pitch " + std::to_string(f.pitch) + " is smaller than width x channels"});
}

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

void check_window_count(std::size_t windows, Extent frame) {
  if (windows > std::size_t(kMaxDetectWindows))
    throw Error(ErrorCode::Unsupported, "sat::Detector::detect",
                "the cascade accepted more than " + std::to_string(kMaxDetectWindows) + " windows (the limit) in the " +
                    extent_text(frame) + " frame (" + std::to_string(windows) +
                    " by then): it does not tell objects from background; use another cascade or a larger min size");
}

}  // namespace

struct Detector::Impl {
  Backend backend;
  HaarCascade cascade;
  Extent max_extent;
  DetectParams params;
  std::unique_ptr<detect::CpuDetect> cpu;    // Backend::Cpu
  std::unique_ptr<detect::CudaDetect> cuda;  // Backend::Cuda
  std::vector<uint8_t> gray;                 // CPU: colour frames converted to gray
  std::vector<detect::ScaleLevel> levels;
  std::vector<detect::ScaleLevel> one_level;  // CPU: the levels one at a time (the window limit between them)
  std::vector<Box> candidates, objects;
  detect::Grouper grouper;
  bool timed = false;
  DetectTimes times;

  Impl(Backend b, HaarCascade c, Extent e, DetectParams p)
      : backend(b), cascade(std::move(c)), max_extent(e), params(p) {
    if (b == Backend::Cpu) {
      cpu = std::make_unique<detect::CpuDetect>(cascade, e);
      gray.resize(std::size_t(e.width) * std::size_t(e.height));
    } else {
      cuda = std::make_unique<detect::CudaDetect>(cascade, e, params);
    }
    levels.reserve(std::size_t(detect::max_scale_count(e, cascade.window, params)));
    one_level.reserve(1);
  }
};

Detector::Detector(Backend backend, HaarCascade cascade, Extent max_extent, DetectParams params) {
  validate_setup(cascade, max_extent, params);
  impl_ = std::make_unique<Impl>(backend, std::move(cascade), max_extent, params);
}

Detector::~Detector() = default;
Detector::Detector(Detector&&) noexcept = default;
Detector& Detector::operator=(Detector&&) noexcept = default;

Backend Detector::backend() const { return impl_->backend; }
const DetectParams& Detector::params() const { return impl_->params; }
const HaarCascade& Detector::cascade() const { return impl_->cascade; }
Extent Detector::max_extent() const { return impl_->max_extent; }
const std::vector<Box>& Detector::candidates() const { return impl_->candidates; }
void Detector::enable_stage_timing(bool on) { impl_->timed = on; }
DetectTimes Detector::last_times() const { return impl_->times; }

const std::vector<Box>& Detector::detect(ConstImage8 frame, cudaStream_t stream) {
  Impl& m = *impl_;
  validate_frame(frame, m.max_extent);
  m.times = {};
  const Extent size{frame.width, frame.height};

  detect::plan_scales(size, m.cascade.window, m.params, m.levels);
  m.candidates.clear();
  if (m.cuda) {
    m.cuda->run(frame, m.levels, m.candidates, m.times, m.timed, stream);  // gray conversion included
  } else {
    auto t0 = std::chrono::steady_clock::now();
    const uint8_t* gray = frame.data;
    std::size_t pitch = frame.pitch;
    if (frame.channels != 1) {  // cv::cvtColor(BGR[A] → GRAY), as detectMultiScale does
      filters::cpu_to_gray(frame, m.gray.data(), std::size_t(frame.width), 0);  // 0: threads by size
      gray = m.gray.data(), pitch = std::size_t(frame.width);
    }
    if (m.timed) m.times.pyramid_ms += ms_since(t0);
    for (const detect::ScaleLevel& level : m.levels) {  // a cascade accepting everything stops early
      m.one_level.assign(1, level);
      m.cpu->run(gray, pitch, size, m.one_level, m.candidates, m.times, m.timed);
      check_window_count(m.candidates.size(), size);
    }
  }
  check_window_count(m.candidates.size(), size);  // before grouping them
  m.times.scales = int(m.levels.size());
  m.times.windows = (long long)m.candidates.size();

  const auto t0 = std::chrono::steady_clock::now();
  m.objects.assign(m.candidates.begin(), m.candidates.end());
  m.grouper.group(m.objects, m.params.min_neighbors, 0.2);  // detectMultiScale's GROUP_EPS
  detect::clip_boxes(size, m.objects);
  if (m.timed) m.times.grouping_ms = ms_since(t0);
  return m.objects;
}

}  // namespace sat
