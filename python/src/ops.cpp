// Tensors → satcore's C ABI: the image axes and planes of a tensor, dtype mapping, workspace,
// the filter engines (CUDA: one per device and stream, grown as images grow; host: one per
// thread, kept only while small), and errors in the Python functions' words.
//
// These functions run without the GIL (module.cpp releases it): they touch no Python object, and
// what they share between threads (the CUDA workspaces and engines) is locked.
#include "ops.h"

#include <algorithm>
#include <climits>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>

#include "cuda_call.h"
#include "messages.h"

namespace satpy {
namespace {

// A tensor seen as `count` images of height × width × channels, rows `pitch` bytes apart, images
// `plane_stride` bytes apart.
struct Planes {
  int width = 0, height = 0, channels = 1;
  int64_t count = 1;
  std::size_t pitch = 0, plane_stride = 0;
};

[[noreturn]] void bad(const std::string& message) { throw std::invalid_argument(message); }

std::string shape_text(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

Planes planes_of(const Tensor& t, bool channels_last, const std::string& what) {
  const auto& shape = t.shape();
  const auto& strides = t.byte_strides();
  const int image_axes = channels_last ? 3 : 2;
  const int n = int(shape.size());
  if (n < image_axes)
    bad(what + " must have at least " + std::to_string(image_axes) + " axes (" +
        (channels_last ? "..., H, W, C" : "..., H, W") + "); got shape " + shape_text(shape));
  Planes p;
  if (t.element_count() == 0) {  // nothing to compute (and producers give empty arrays any strides)
    p.count = 0;
    return p;
  }
  const int64_t item = int64_t(item_size(t.dtype()));
  const int h_axis = n - image_axes, w_axis = h_axis + 1;
  const int64_t h = shape[h_axis], w = shape[w_axis], c = channels_last ? shape[n - 1] : 1;
  if (h > INT_MAX || w > INT_MAX) bad(what + " is too large: shape " + shape_text(shape));
  if (channels_last && c != 1 && c != 3 && c != 4)
    bad(what + " has " + std::to_string(c) + " channels; channels_last images have 1, 3 (BGR) or 4 (BGRA)");
  // Pixels of a row must be contiguous (interleaved channels included); rows may be pitched.
  if (channels_last && c > 1 && strides[n - 1] != item)
    bad(what + ": channels must be contiguous (stride of the last axis must be one element)");
  if (w > 1 && strides[w_axis] != c * item)
    bad(what + ": rows must be contiguous (the W axis must have a stride of one " +
        (channels_last ? std::string("pixel") : std::string("element")) + "); got strides " + shape_text(strides) +
        " bytes — make the array contiguous first");
  p.width = int(w);
  p.height = int(h);
  p.channels = int(c);
  const int64_t row = w * c * item;
  p.pitch = std::size_t(h > 1 ? strides[h_axis] : row);
  if (h > 1 && strides[h_axis] < row)
    bad(what + ": rows overlap or run backwards (stride of the H axis " + std::to_string(strides[h_axis]) +
        " bytes < a row of " + std::to_string(row) + " bytes)");
  // Leading axes collapse into planes when they have one stride pattern (e.g. any C-contiguous
  // prefix); size-1 axes do not count.
  int64_t expected = -1;
  for (int i = h_axis - 1; i >= 0; --i) {
    p.count *= shape[i];
    if (shape[i] == 1) continue;
    if (expected < 0) {
      if (strides[i] < 0) bad(what + ": negative strides are not supported");
      p.plane_stride = std::size_t(strides[i]);
    } else if (strides[i] != expected) {
      bad(what + ": the leading axes of shape " + shape_text(shape) + " with strides " + shape_text(strides) +
          " bytes cannot be read as planes with one stride — make the array contiguous first");
    }
    expected = strides[i] * shape[i];
  }
  if (p.count > INT_MAX) bad(what + " has too many planes");
  return p;
}

void check(sat_status status) {
  if (status == SAT_OK) return;
  if (status == SAT_ERROR_INVALID_ARGUMENT || status == SAT_ERROR_UNSUPPORTED) bad(sat_last_error());
  throw std::runtime_error(sat_last_error());
}

void same_device(const Tensor& a, const Tensor& b) {
  if (a.device().cuda != b.device().cuda || a.device().id != b.device().id)
    bad(std::string("out is on ") + (b.device().cuda ? "cuda:" + std::to_string(b.device().id) : "the host") +
        " but the input is on " + (a.device().cuda ? "cuda:" + std::to_string(a.device().id) : "the host"));
}

void check_out(const Tensor& src, const Tensor& dst, DType dtype, const std::vector<int64_t>& shape) {
  same_device(src, dst);
  if (dst.dtype() != dtype)
    bad(std::string("out must be ") + numpy_name(dtype) + " for " + numpy_name(src.dtype()) + " input (got " +
        numpy_name(dst.dtype()) + ")");
  if (dst.shape() != shape) bad("out must have shape " + shape_text(shape) + " (got " + shape_text(dst.shape()) + ")");
}

// The SAT workspace of a (device, stream): a sat_workspace, grown as tables grow, never shrunk.
// The library owns it and remembers what its last call left in it: the look-back's tile states
// carry an epoch from call to call, so repeated calls of one shape need neither a reset launch
// nor a clearing pass (a fresh workspace per call would clear all of it). One per stream:
// concurrent streams never share one; Python threads that use one stream take turns with it
// (`busy`). Kept for the life of the process, like the filter engines below (never destroyed:
// the CUDA runtime may be gone before static destructors run).
struct WorkspaceSlot {
  std::mutex busy;
  sat_workspace* workspace = nullptr;
};

std::mutex slots_mutex;  // guards the two maps below (their nodes never move)

WorkspaceSlot& workspace_slot(int device, cudaStream_t stream) {
  static auto* slots = new std::map<std::pair<int, cudaStream_t>, WorkspaceSlot>;
  const std::lock_guard<std::mutex> lock(slots_mutex);
  return (*slots)[{device, stream}];
}

// A filter engine and the largest image it was made for; grown (re-created) as images grow.
struct EngineSlot {
  std::unique_ptr<sat_filter_engine, void (*)(sat_filter_engine*)> engine{nullptr, sat_filter_engine_destroy};
  int max_width = 0, max_height = 0;
  sat_options options{};

  sat_filter_engine* fit(const Device& device, const Planes& p, const sat_options& o) {
    const bool same_options = options.algorithm == o.algorithm && options.tile == o.tile && options.hybrid_r == o.hybrid_r;
    if (!engine || !same_options || p.width > max_width || p.height > max_height) {
      const int w = std::max(p.width, engine && same_options ? max_width : 0);
      const int h = std::max(p.height, engine && same_options ? max_height : 0);
      release();
      sat_filter_engine* created = nullptr;
      check(sat_filter_engine_create(device.cuda ? SAT_BACKEND_CUDA : SAT_BACKEND_CPU, w, h, &o, &created));
      engine.reset(created);
      max_width = w;
      max_height = h;
      options = o;
    }
    return engine.get();
  }
  void release() {
    engine.reset();
    max_width = max_height = 0;
  }
};

// CUDA: one engine per (device, stream), so that concurrent streams never share scratch memory;
// threads on one stream take turns (`busy`). Kept for the life of the process.
struct CudaEngineSlot {
  std::mutex busy;
  EngineSlot slot;
};

CudaEngineSlot& cuda_engine_slot(int device, cudaStream_t stream) {
  static auto* slots = new std::map<std::pair<int, cudaStream_t>, CudaEngineSlot>;
  const std::lock_guard<std::mutex> lock(slots_mutex);
  return (*slots)[{device, stream}];
}

// Host arrays: one engine per thread (never shared, so never locked). Its tables take 20 bytes
// per pixel of the largest image it was made for, in host memory: an engine kept for an 8000²
// image held 1.3 GB after its result was gone. It is kept between calls only up to this size
// (the allocation is what a small call would otherwise pay each time).
constexpr int64_t kKeptHostEnginePixels = int64_t(1) << 21;  // 2 Mpixel: 40 MiB of tables

struct HostEngineLease {
  EngineSlot& slot;
  ~HostEngineLease() {
    if (int64_t(slot.max_width) * slot.max_height > kKeptHostEnginePixels) slot.release();
  }
};

EngineSlot& host_engine_slot() {
  thread_local EngineSlot slot;
  return slot;
}

// Errors in the words of the Python function: its name, its parameter names.
PythonWords filter_words(FilterKind kind) {
  std::vector<std::pair<std::string, std::string>> renames{
      {"max extent width", "input width"}, {"src", "input"}, {"dst", "out"}};
  switch (kind) {
    case FilterKind::Box:
      renames.insert(renames.end(), {{"kernel_width", "ksize[0]"}, {"kernel_height", "ksize[1]"}, {"kernel", "ksize"}});
      return {"box_blur", renames};
    case FilterKind::MeanC: return {"threshold_mean_c", renames};
    case FilterKind::Sauvola: return {"threshold_sauvola", renames};
    case FilterKind::Bradley: return {"threshold_bradley", renames};
  }
  return {"filter", renames};
}

// Runs `body`, rethrowing its errors (same type) in the Python function's words.
template <class Body>
void speaking_python(const PythonWords& words, Body&& body) {
  try {
    body();
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(python_message(words, e.what()));
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(python_message(words, e.what()));
  }
}

}  // namespace

DType integral_dtype(DType input) {
  switch (input) {
    case DType::U8: return DType::U32;
    case DType::F32: return DType::F32;
    default:
      bad(std::string("integral() takes uint8 or float32 input (got ") + numpy_name(input) + ")");
  }
}

void integral(const Tensor& src, const Tensor& dst, const sat_options& options, cudaStream_t stream) {
  speaking_python({"integral", {}}, [&] {
    const DType out_type = integral_dtype(src.dtype());
    check_out(src, dst, out_type, src.shape());
    const Planes in = planes_of(src, false, "input");
    const Planes out = planes_of(dst, false, "out");
    if (in.count == 0) return;
    const sat_problem problem{src.dtype() == DType::U8 ? SAT_U8_TO_U32 : SAT_F32_TO_F32,
                              in.width,
                              in.height,
                              src.data(),
                              in.pitch,
                              dst.data(),
                              out.pitch};
    const sat_batch batch{int(in.count), in.plane_stride, out.plane_stride};
    if (!src.device().cuda) {
      // The CPU backend takes no options, but they are checked as for CUDA arrays (tile=7 is
      // wrong wherever the array lives).
      std::size_t unused = 0;
      check(sat_workspace_size(&problem, &options, batch.planes, &unused));
      check(sat_cpu_compute(&problem, &batch, 0));
      return;
    }
    const DeviceScope scope(src.device().id);
    WorkspaceSlot& slot = workspace_slot(src.device().id, stream);
    const std::lock_guard<std::mutex> turn(slot.busy);
    if (!slot.workspace) check(sat_workspace_create(&slot.workspace));
    check(sat_compute_in(slot.workspace, &problem, &batch, &options, stream));
  });
}

std::vector<int64_t> filter_result_shape(const Tensor& src, const FilterRequest& request) {
  std::vector<int64_t> shape = src.shape();
  if (request.kind != FilterKind::Box && request.channels_last && !shape.empty()) shape.pop_back();
  return shape;
}

namespace {

void filter_planes(sat_filter_engine* engine, const Tensor& src, const Tensor& dst, const Planes& in,
                   const Planes& out, const FilterRequest& r, cudaStream_t stream) {
  const uint8_t max_value = uint8_t(r.max_value);
  for (int64_t k = 0; k < in.count; ++k) {
    const sat_image8 s{static_cast<uint8_t*>(src.data()) + k * in.plane_stride, in.pitch, in.width, in.height,
                       in.channels};
    const sat_image8 d{static_cast<uint8_t*>(dst.data()) + k * out.plane_stride, out.pitch, out.width, out.height,
                       out.channels};
    switch (r.kind) {
      case FilterKind::Box:
        check(sat_box_blur(engine, &s, &d, r.kernel_width, r.kernel_height, r.border, stream));
        break;
      case FilterKind::MeanC:
        check(sat_threshold_mean_c(engine, &s, &d, r.window, r.C, r.invert, max_value, stream));
        break;
      case FilterKind::Sauvola:
        check(sat_threshold_sauvola(engine, &s, &d, r.window, r.k, r.r, max_value, stream));
        break;
      case FilterKind::Bradley:
        check(sat_threshold_bradley(engine, &s, &d, r.window, r.t, max_value, stream));
        break;
    }
  }
}

}  // namespace

void filter(const Tensor& src, const Tensor& dst, const FilterRequest& r, cudaStream_t stream) {
  speaking_python(filter_words(r.kind), [&] {
    if (src.dtype() != DType::U8)
      bad(std::string("filters take uint8 images (got ") + numpy_name(src.dtype()) + ")");
    // The range of uint8_t; satcore checks the rest (1..255) with the same message.
    if (r.kind != FilterKind::Box && (r.max_value < 0 || r.max_value > 255))
      bad("max_value must be in 1..255 (got " + std::to_string(r.max_value) + ")");
    check_out(src, dst, DType::U8, filter_result_shape(src, r));
    const Planes in = planes_of(src, r.channels_last, "input");
    const bool keeps_channels = r.kind == FilterKind::Box && r.channels_last;
    const Planes out = planes_of(dst, keeps_channels, "out");
    if (in.count == 0) return;
    if (!src.device().cuda) {
      EngineSlot& slot = host_engine_slot();
      const HostEngineLease lease{slot};
      filter_planes(slot.fit(src.device(), in, r.options), src, dst, in, out, r, stream);
      return;
    }
    const DeviceScope scope(src.device().id);
    CudaEngineSlot& cuda = cuda_engine_slot(src.device().id, stream);
    const std::lock_guard<std::mutex> turn(cuda.busy);
    filter_planes(cuda.slot.fit(src.device(), in, r.options), src, dst, in, out, r, stream);
  });
}

}  // namespace satpy
