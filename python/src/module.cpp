// _satcore: the native half of the `satcore` Python package. It knows Tensors (DLPack views and
// results), runs the operations of ops.h, and exports results through DLPack and the array
// interfaces. Argument defaults, stream discovery and the friendly signatures live in Python
// (satcore/__init__.py).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "catalog.h"
#include "cuda_call.h"
#include "detect.h"
#include "gil.h"
#include "ops.h"
#include "sat/device.h"
#include "tensor.h"

namespace py = pybind11;
using satpy::DType;
using satpy::Tensor;
using satpy::without_gil;

namespace {

DType dtype_named(const std::string& name) {
  for (DType d : {DType::U8, DType::U16, DType::U32, DType::U64, DType::F32})
    if (name == satpy::numpy_name(d)) return d;
  throw std::invalid_argument("dtype " + name + " is not supported (uint8, uint16, uint32, uint64, float32)");
}

// "<u4"-style typestr of the array interfaces.
DType dtype_of_typestr(const std::string& typestr) {
  for (DType d : {DType::U8, DType::U16, DType::U32, DType::U64, DType::F32})
    if (typestr.size() >= 3 && (typestr[0] == '<' || typestr[0] == '|') &&
        typestr.substr(1) == std::string(1, satpy::typestr_kind(d)) + std::to_string(satpy::item_size(d)))
      return d;
  throw std::invalid_argument("dtype " + satpy::typestr_name(typestr) +
                              " is not supported (uint8, uint16 or float32 images; see satcore's documentation)");
}

cudaStream_t stream_of(std::uintptr_t handle) { return reinterpret_cast<cudaStream_t>(handle); }

py::tuple as_tuple(const std::vector<int64_t>& v) {
  py::tuple t(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) t[i] = v[i];
  return t;
}

// The dict both array interfaces share (version 3); `stream` only for CUDA.
py::dict array_interface(const Tensor& t) {
  py::dict d;
  d["shape"] = as_tuple(t.shape());
  d["typestr"] = std::string("<") + satpy::typestr_kind(t.dtype()) + std::to_string(satpy::item_size(t.dtype()));
  d["data"] = py::make_tuple(reinterpret_cast<std::uintptr_t>(t.data()), false);
  d["strides"] = as_tuple(t.byte_strides());
  d["version"] = 3;
  return d;
}

// A filter call's arguments as the package passes them: params are (name, value, text or None,
// Array or None) tuples, renames (C ABI name, Python name) pairs.
satpy::FilterRequest request_of(int filter, const py::list& params, bool channels_last, int algorithm, int tile,
                                const std::string& function, const py::list& renames) {
  satpy::FilterRequest r;
  r.filter = filter;
  r.channels_last = channels_last;
  r.options.algorithm = algorithm;
  r.options.tile = tile;
  r.function = function;
  for (const py::handle item : params) {
    const py::tuple t = item.cast<py::tuple>();
    satpy::FilterParam p;
    p.name = t[0].cast<std::string>();
    p.value = t[1].cast<double>();
    if (!t[2].is_none()) p.text = t[2].cast<std::string>();
    if (!t[3].is_none()) p.image = t[3].cast<Tensor>();
    r.params.push_back(std::move(p));
  }
  for (const py::handle item : renames) r.renames.push_back(item.cast<std::pair<std::string, std::string>>());
  return r;
}

}  // namespace

PYBIND11_MODULE(_satcore, m) {
  m.doc() = "satcore's native module (use the satcore package)";

  py::class_<Tensor>(m, "Array",
                     "An array satcore made (or views): DLPack, __cuda_array_interface__ and "
                     "__array_interface__ give its memory to other libraries without a copy.")
      .def_property_readonly("shape", [](const Tensor& t) { return as_tuple(t.shape()); })
      .def_property_readonly(
          "strides", [](const Tensor& t) { return as_tuple(t.byte_strides()); }, "strides in bytes")
      .def_property_readonly("dtype", [](const Tensor& t) { return std::string(satpy::numpy_name(t.dtype())); })
      .def_property_readonly("ndim", [](const Tensor& t) { return t.shape().size(); })
      .def_property_readonly("is_cuda", [](const Tensor& t) { return t.device().cuda; })
      .def_property_readonly("device_id", [](const Tensor& t) { return t.device().id; })
      .def_property_readonly("data_ptr", [](const Tensor& t) { return reinterpret_cast<std::uintptr_t>(t.data()); })
      .def("__dlpack_device__", [](const Tensor& t) { return py::make_tuple(t.device().cuda ? 2 : 1, t.device().id); })
      .def(
          "__dlpack__",
          [](const Tensor& t, py::object stream, py::kwargs) {
            // Only the legacy (unversioned) capsule is produced; max_version and the like are
            // accepted and answered with it, as the protocol allows.
            std::intptr_t s = -1;
            if (!stream.is_none())
              s = stream.cast<std::intptr_t>();
            else if (t.device().cuda)
              s = 1;  // None: the legacy default stream
            return py::reinterpret_steal<py::object>(static_cast<PyObject*>(t.to_dlpack_capsule(s)));
          },
          py::kw_only(), py::arg("stream") = py::none())
      .def_property_readonly("__cuda_array_interface__",
                             [](const Tensor& t) -> py::dict {
                               if (!t.device().cuda)
                                 throw py::attribute_error("a host array has no __cuda_array_interface__");
                               py::dict d = array_interface(t);
                               // v3: consumers order their use after this stream (None: nothing pending).
                               const std::intptr_t writer = t.writer_stream();
                               d["stream"] = writer ? py::object(py::int_(writer)) : py::object(py::none());
                               return d;
                             })
      .def_property_readonly("__array_interface__",
                             [](const Tensor& t) -> py::dict {
                               if (t.device().cuda)
                                 throw py::attribute_error("a CUDA array has no __array_interface__");
                               return array_interface(t);
                             })
      .def("__repr__", [](const Tensor& t) {
        std::string s = "satcore.Array(shape=" + py::str(as_tuple(t.shape())).cast<std::string>() +
                        ", dtype=" + satpy::numpy_name(t.dtype()) + ", device=";
        return s + (t.device().cuda ? "cuda:" + std::to_string(t.device().id) : std::string("cpu")) + ")";
      });

  m.def(
      "from_dlpack", [](py::capsule capsule) { return Tensor::from_dlpack_capsule(capsule.ptr()); },
      "A view of a DLPack capsule (consumes it).");
  m.def(
      "view",
      [](std::uintptr_t data, std::vector<int64_t> shape, std::vector<int64_t> strides, const std::string& typestr,
         bool cuda, int device) {
        return Tensor::view(data, std::move(shape), std::move(strides), dtype_of_typestr(typestr), {cuda, device});
      },
      "A view of raw memory (strides in bytes, empty = C-contiguous); the caller keeps it alive.");
  m.def("empty",
        [](std::vector<int64_t> shape, const std::string& dtype, bool cuda, int device, std::uintptr_t stream) {
          return Tensor::allocate(std::move(shape), dtype_named(dtype), {cuda, device}, stream_of(stream));
        });
  m.def("integral_shape", [](std::vector<int64_t> shape, bool tilted) {
    return as_tuple(satpy::integral_shape(std::move(shape), tilted));
  });
  m.def(
      "integral_dtype",
      [](const std::string& dtype, bool wide) {
        return std::string(satpy::numpy_name(satpy::integral_dtype(dtype_named(dtype), wide)));
      },
      py::arg("dtype"), py::arg("wide") = false);
  // The computing calls release the GIL: other Python threads run meanwhile (and other calls of
  // ours, in parallel). `src` and `dst` stay alive (the caller holds their Python objects), and
  // satpy's operations touch no Python object.
  m.def("integral", [](const Tensor& src, Tensor& dst, int algorithm, int tile, bool tilted, bool wide,
                       bool channels_last, std::uintptr_t stream) {
    sat_options o = sat_default_options();
    o.algorithm = algorithm;
    o.tile = tile;
    o.table = tilted ? SAT_TABLE_TILTED : SAT_TABLE_UPRIGHT;
    without_gil([&] {
      satpy::integral(src, dst, o, {wide, channels_last}, stream_of(stream));
      if (dst.owned()) dst.mark_written(stream_of(stream));  // a user's out= is ordered by its own library
    });
  });
  satpy::bind_catalog(m);
  satpy::bind_detect(m);
  m.def("filter_result_shape", [](const Tensor& src, int filter, bool channels_last) {
    satpy::FilterRequest request;
    request.filter = filter;
    request.channels_last = channels_last;
    return as_tuple(satpy::filter_result_shape(src, request));
  });
  m.def("filter", [](int filter, const Tensor& src, Tensor& dst, const py::list& params, bool channels_last,
                     int algorithm, int tile, const std::string& function, const py::list& renames,
                     std::uintptr_t stream) {
    const satpy::FilterRequest request = request_of(filter, params, channels_last, algorithm, tile, function, renames);
    without_gil([&] {
      satpy::filter(src, dst, request, stream_of(stream));
      if (dst.owned()) dst.mark_written(stream_of(stream));
    });
  });
  m.def("parse_algorithm", [](const std::string& name) {
    int a = 0;
    if (sat_parse_algorithm(name.c_str(), &a) == SAT_OK) return a;
    std::string names;
    for (int k = 0; sat_algorithm_name(k); ++k) names += std::string(k ? ", " : "") + sat_algorithm_name(k);
    throw std::invalid_argument("unknown algorithm '" + name + "' (algorithm must be one of " + names + ")");
  });
  m.def("algorithm_names", [] {
    std::vector<std::string> names;
    for (int a = 0; sat_algorithm_name(a); ++a) names.emplace_back(sat_algorithm_name(a));
    return names;
  });
  m.def(
      "pointer_device",
      [](std::uintptr_t ptr) {
        cudaPointerAttributes attributes{};
        satpy::cuda_call(cudaPointerGetAttributes(&attributes, reinterpret_cast<void*>(ptr)),
                         "cudaPointerGetAttributes");
        const bool device_memory = attributes.type == cudaMemoryTypeDevice || attributes.type == cudaMemoryTypeManaged;
        return py::make_tuple(device_memory, attributes.device);
      },
      "(is device memory, CUDA device) of a pointer");
  m.def("stream_wait", [](std::uintptr_t waiter, std::uintptr_t producer, int device) {
    // `waiter` waits for the work enqueued on `producer` so far (an event; no host wait).
    if (waiter == producer) return;
    const satpy::DeviceScope scope(device);
    cudaEvent_t event = nullptr;
    satpy::cuda_call(cudaEventCreateWithFlags(&event, cudaEventDisableTiming), "cudaEventCreate");
    const cudaError_t recorded = cudaEventRecord(event, stream_of(producer));
    const cudaError_t waited = recorded == cudaSuccess ? cudaStreamWaitEvent(stream_of(waiter), event, 0) : recorded;
    cudaEventDestroy(event);  // released once the wait is done
    satpy::cuda_call(waited, "cudaStreamWaitEvent");
  });
  // Whether CUDA can run, in satcore's words (sat/device.h), as satlab, satfilter and satbench say it.
  m.def("cuda_device_count", [] { return sat::cuda_availability().device_count; });
  m.def(
      "cuda_unavailable_reason", [](int device) { return sat::cuda_unavailable_reason(device); }, py::arg("device") = 0,
      "'' when CUDA device `device` can be used, else why not, e.g. 'no NVIDIA driver / GPU found'");
  m.attr("__version__") = sat_version();
}
