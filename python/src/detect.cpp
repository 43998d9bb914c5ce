// See detect.h. detect() runs without the GIL: it touches no Python object until the boxes are
// copied into the result, and a Cascade's detectors are locked (one call at a time per detector).
#include "detect.h"

#include <pybind11/numpy.h>

#include <algorithm>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "cuda_call.h"
#include "gil.h"
#include "messages.h"
#include "planes.h"
#include "sat/detect_c.h"
#include "tensor.h"

namespace py = pybind11;

namespace satpy {
namespace {

// The words of the C++ messages as detect()'s parameters say them.
PythonWords detect_words() { return {"detect", {{"frame", "input"}, {"image", "input"}}}; }

// detect()'s parameters, checked and defaulted from the catalog by satcore/_detect.py.
struct DetectRequest {
  double scale_factor;
  int min_neighbors;
  int min_width, min_height, max_width, max_height;
};

// A detection session (sat/detect_session.h through the C ABI): its detector grown as frames
// grow, never per call.
struct DetectorSlot {
  std::mutex busy;
  std::unique_ptr<sat_detect_session, void (*)(sat_detect_session*)> session{nullptr, sat_detect_session_destroy};
  std::vector<sat_box> boxes = std::vector<sat_box>(64);
};

// (CUDA?, device, stream, parameters)
using DetectorKey = std::tuple<bool, int, cudaStream_t, double, int, int, int, int, int>;

// Detectors a Cascade keeps, the last used: each holds buffers for its largest frame (~18 bytes a
// pixel on the CPU), so one per parameter set ever asked for grew without bound (60 values of
// min_neighbors on 2000x2000: 4.5 GB).
constexpr std::size_t kKeptDetectors = 4;

}  // namespace

class Cascade {
 public:
  Cascade(const std::string& path, const std::string& function) : path_(path) {
    speaking_python({function, {}}, [&] {
      sat_cascade* loaded = nullptr;
      check(sat_cascade_load(path.c_str(), &loaded));
      cascade_.reset(loaded);
      check(sat_cascade_window(loaded, &window_width_, &window_height_));
    });
  }

  const std::string& path() const { return path_; }
  py::tuple window() const { return py::make_tuple(window_width_, window_height_); }
  std::size_t detector_count() {
    const std::lock_guard<std::mutex> lock(slots_mutex_);
    return slots_.size();
  }

  // The boxes found in `frame` (already checked: 8-bit, 1/3/4 channels).
  std::vector<sat_box> detect(const Tensor& frame, const Planes& p, const DetectRequest& r, cudaStream_t stream) {
    const Device& device = frame.device();
    // Shared: a slot dropped from the kept ones while this call runs lives until the call ends.
    const std::shared_ptr<DetectorSlot> kept =
        slot_for({device.cuda, device.id, stream, r.scale_factor, r.min_neighbors, r.min_width, r.min_height,
                  r.max_width, r.max_height});
    DetectorSlot& slot = *kept;
    const std::lock_guard<std::mutex> turn(slot.busy);
    std::unique_ptr<DeviceScope> scope;
    if (device.cuda) scope = std::make_unique<DeviceScope>(device.id);
    if (!slot.session) {
      sat_detect_session* made = nullptr;
      check(sat_detect_session_create(device.cuda ? SAT_BACKEND_CUDA : SAT_BACKEND_CPU, cascade_.get(), r.scale_factor,
                                      r.min_neighbors, r.min_width, r.min_height, r.max_width, r.max_height, &made));
      slot.session.reset(made);
    }
    const sat_image8 image{static_cast<uint8_t*>(frame.data()), p.pitch, p.width, p.height, p.channels};
    int count = 0;
    check(sat_detect_session_detect(slot.session.get(), &image, slot.boxes.data(), int(slot.boxes.size()), &count,
                                    stream));
    if (count > int(slot.boxes.size())) {  // more than fitted: the rest without detecting again
      slot.boxes.resize(std::size_t(count));
      check(sat_detect_session_boxes(slot.session.get(), slot.boxes.data(), count, &count));
    }
    return {slot.boxes.begin(), slot.boxes.begin() + count};
  }

 private:
  // The slot for `key`, now the most recent; the least recent beyond kKeptDetectors let go.
  std::shared_ptr<DetectorSlot> slot_for(const DetectorKey& key) {
    const std::lock_guard<std::mutex> lock(slots_mutex_);
    auto found = std::find_if(slots_.begin(), slots_.end(), [&](const auto& kept) { return kept.first == key; });
    if (found == slots_.end()) {
      slots_.emplace_front(key, std::make_shared<DetectorSlot>());
      if (slots_.size() > kKeptDetectors) slots_.pop_back();
    } else {
      slots_.splice(slots_.begin(), slots_, found);
    }
    return slots_.front().second;
  }

  std::string path_;
  std::unique_ptr<sat_cascade, void (*)(sat_cascade*)> cascade_{nullptr, sat_cascade_destroy};
  int window_width_ = 0, window_height_ = 0;
  std::mutex slots_mutex_;
  std::list<std::pair<DetectorKey, std::shared_ptr<DetectorSlot>>> slots_;  // most recent first
};

namespace {

// One image: (H, W) gray or (H, W, C) with C ∈ {1, 3, 4} (BGR/BGRA), uint8.
Planes frame_planes(const Tensor& frame) {
  if (frame.dtype() != DType::U8) bad(std::string("detect takes uint8 images (got ") + numpy_name(frame.dtype()) + ")");
  const std::size_t axes = frame.shape().size();
  if (axes != 2 && axes != 3)
    bad("input must be one picture, (H, W) gray or (H, W, C) BGR/BGRA, not a batch; got shape " +
        shape_text(frame.shape()));
  const Planes p = planes_of(frame, axes == 3, "input");
  if (p.count == 0) bad("input is empty: shape " + shape_text(frame.shape()));
  return p;
}

py::array_t<int32_t> boxes_array(const std::vector<sat_box>& boxes) {
  py::array_t<int32_t> out({py::ssize_t(boxes.size()), py::ssize_t(4)});
  auto w = out.mutable_unchecked<2>();
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const py::ssize_t r = py::ssize_t(i);
    w(r, 0) = boxes[i].x;
    w(r, 1) = boxes[i].y;
    w(r, 2) = boxes[i].width;
    w(r, 3) = boxes[i].height;
  }
  return out;
}

}  // namespace

void bind_detect(py::module_& m) {
  py::class_<Cascade>(m, "Cascade",
                      "An OpenCV Haar cascade (XML, OpenCV >= 2.4 format) loaded once; detect() takes it or a path.")
      .def(py::init<const std::string&, const std::string&>(), py::arg("path"), py::arg("function") = "Cascade")
      .def_property_readonly("path", &Cascade::path)
      .def_property_readonly("window", &Cascade::window, "the training window (width, height)")
      .def_property_readonly("detectors", &Cascade::detector_count,
                             "how many detectors it keeps (one per device, stream and parameters; the last 4 used)")
      .def("__repr__",
           [](const Cascade& c) { return "satcore.Cascade(" + py::repr(py::str(c.path())).cast<std::string>() + ")"; });
  m.def("detect", [](const Tensor& frame, Cascade& cascade, double scale_factor, int min_neighbors, int min_width,
                     int min_height, int max_width, int max_height, std::uintptr_t stream) {
    const DetectRequest request{scale_factor, min_neighbors, min_width, min_height, max_width, max_height};
    std::vector<sat_box> boxes;
    without_gil([&] {
      speaking_python(detect_words(), [&] {
        const Planes p = frame_planes(frame);
        boxes = cascade.detect(frame, p, request, reinterpret_cast<cudaStream_t>(stream));
      });
    });
    return boxes_array(boxes);
  });
}

}  // namespace satpy
