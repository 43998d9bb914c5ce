// Tensors → satcore's C ABI: the image axes and planes of a tensor, dtype mapping, workspace,
// the filter sessions (CUDA: one per device and stream; host: one per thread, its engine kept
// only while small), and errors in the Python functions' words.
//
// These functions run without the GIL (module.cpp releases it): they touch no Python object, and
// what they share between threads (the CUDA workspaces and sessions) is locked.
#include "ops.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>

#include "cuda_call.h"
#include "messages.h"
#include "planes.h"

namespace satpy {
namespace {

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
// (`busy`). Kept for the life of the process, like the filter sessions below (never destroyed:
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

// A filter session (sat/filter_session.h through the C ABI): its engine grown as images grow,
// never per call, and made again for other options.
struct SessionSlot {
  std::unique_ptr<sat_filter_session, void (*)(sat_filter_session*)> session{nullptr, sat_filter_session_destroy};

  sat_filter_session* fit(const Device& device, const sat_options& options) {
    if (!session) {
      sat_filter_session* created = nullptr;
      check(sat_filter_session_create(device.cuda ? SAT_BACKEND_CUDA : SAT_BACKEND_CPU, &options, &created));
      session.reset(created);
    }
    check(sat_filter_session_set_options(session.get(), &options));
    return session.get();
  }
};

// CUDA: one session per (device, stream), so that concurrent streams never share scratch memory;
// threads on one stream take turns (`busy`). Kept for the life of the process.
struct CudaSessionSlot {
  std::mutex busy;
  SessionSlot slot;
};

CudaSessionSlot& cuda_session_slot(int device, cudaStream_t stream) {
  static auto* slots = new std::map<std::pair<int, cudaStream_t>, CudaSessionSlot>;
  const std::lock_guard<std::mutex> lock(slots_mutex);
  return (*slots)[{device, stream}];
}

// Host arrays: one session per thread (never shared, so never locked). Its tables take 20 bytes
// per pixel of the largest image its engine was made for, in host memory: an engine kept for an
// 8000² image would hold 1.3 GB after its result is gone. It is kept between calls only up to
// this size (the allocation is what a small call would otherwise pay each time).
constexpr int64_t kKeptHostEnginePixels = int64_t(1) << 21;  // 2 Mpixel: 40 MiB of tables

struct HostSessionLease {
  SessionSlot& slot;
  ~HostSessionLease() {
    int width = 0, height = 0;
    if (slot.session && sat_filter_session_extent(slot.session.get(), &width, &height) == SAT_OK &&
        int64_t(width) * height > kKeptHostEnginePixels)
      sat_filter_session_release(slot.session.get());
  }
};

SessionSlot& host_session_slot() {
  thread_local SessionSlot slot;
  return slot;
}

// Errors in the words of the Python function: its name, its parameter names.
PythonWords filter_words(const FilterRequest& r) {
  std::vector<std::pair<std::string, std::string>> renames{{"max extent", "input"}, {"src", "input"}, {"dst", "out"}};
  renames.insert(renames.end(), r.renames.begin(), r.renames.end());
  return {r.function, renames};
}

}  // namespace

DType integral_dtype(DType input, bool wide) {
  if (wide && input != DType::U16)
    bad(std::string("integral(): wide=True takes uint16 input (got ") + numpy_name(input) +
        "; uint8 tables are uint32, exact for boxes up to 16 843 009 pixels)");
  switch (input) {
    case DType::U8:
      return DType::U32;
    case DType::U16:
      return wide ? DType::U64 : DType::U32;
    case DType::F32:
      return DType::F32;
    default:
      bad(std::string("integral() takes uint8, uint16 or float32 input (got ") + numpy_name(input) + ")");
  }
}

namespace {

// The C ABI's element type of an integral() call (dtype and layout checked by integral_dtype).
int integral_element_type(DType input, IntegralLayout layout) {
  if (layout.channels_last) {
    if (layout.wide) bad("integral(): wide=True takes one-channel uint16 planes, not channels_last ones");
    if (input == DType::U8) return SAT_U8X4_TO_U32X4;
    if (input == DType::U16) return SAT_U16X4_TO_U32X4;
    bad(std::string("integral(): channels_last takes uint8 or uint16 input (got ") + numpy_name(input) + ")");
  }
  switch (input) {
    case DType::U8:
      return SAT_U8_TO_U32;
    case DType::U16:
      return layout.wide ? SAT_U16_TO_U64 : SAT_U16_TO_U32;
    default:
      return SAT_F32_TO_F32;
  }
}

}  // namespace

std::vector<int64_t> integral_shape(std::vector<int64_t> shape, bool tilted) {
  if (tilted && shape.size() >= 2) {
    shape[shape.size() - 1] += 1;
    shape[shape.size() - 2] += 1;
  }
  return shape;
}

void integral(const Tensor& src, const Tensor& dst, const sat_options& options, IntegralLayout layout,
              cudaStream_t stream) {
  speaking_python({"integral", {}}, [&] {
    const DType out_type = integral_dtype(src.dtype(), layout.wide);
    const int type = integral_element_type(src.dtype(), layout);
    const bool tilted = options.table == SAT_TABLE_TILTED;
    check_out(src, dst, out_type, integral_shape(src.shape(), tilted));
    // Four interleaved channels are one pixel of the library's 4-channel types (u8x4, u16x4).
    const Planes in = planes_of(src, layout.channels_last, "input");
    const Planes out = written_planes_of(dst, layout.channels_last, "out");
    if (in.count == 0) return;
    if (layout.channels_last && in.channels != 4)
      bad("integral(): channels_last takes 4 channels (..., H, W, 4); got shape " + shape_text(src.shape()));
    const sat_problem problem{type, in.width, in.height, src.data(), in.pitch, dst.data(), out.pitch};
    const sat_batch batch{int(in.count), in.plane_stride, out.plane_stride};
    if (!src.device().cuda) {
      // The CPU backend takes no options, but they are checked as for CUDA arrays (tile=7 is
      // wrong wherever the array lives).
      std::size_t unused = 0;
      check(sat_workspace_size(&problem, &options, batch.planes, &unused));
      check(tilted ? sat_cpu_compute_tilted(&problem, &batch) : sat_cpu_compute(&problem, &batch, 0));
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
  if (sat_filter_gray_output(request.filter) == 1 && request.channels_last && !shape.empty()) shape.pop_back();
  return shape;
}

namespace {

// An image parameter (a radius map) seen as planes: uint8, one channel, the input's size, on the
// input's device; one plane for every input plane, or a single plane that all of them share.
struct ImageParam {
  const FilterParam* param = nullptr;
  Planes planes;
};

ImageParam image_param(const FilterParam& param, const Tensor& src, const Planes& in) {
  const Tensor& map = *param.image;
  if (map.device().cuda != src.device().cuda || map.device().id != src.device().id)
    bad(param.name + " must be on the input's device (" +
        (src.device().cuda ? "cuda:" + std::to_string(src.device().id) : std::string("the host")) + ")");
  if (map.dtype() != DType::U8) bad(param.name + " must be uint8 (got " + numpy_name(map.dtype()) + ")");
  ImageParam p{&param, planes_of(map, false, param.name)};
  if (p.planes.width != in.width || p.planes.height != in.height)
    bad(param.name + " must be " + std::to_string(in.height) + " x " + std::to_string(in.width) +
        " (H x W of the input); got shape " + shape_text(map.shape()));
  if (p.planes.count != 1 && p.planes.count != in.count)
    bad(param.name + " has " + std::to_string(p.planes.count) + " planes; give one, or one per input plane (" +
        std::to_string(in.count) + ")");
  return p;
}

sat_image8 plane(const Tensor& t, const Planes& p, int64_t k) {
  return {static_cast<uint8_t*>(t.data()) + k * int64_t(p.plane_stride), p.pitch, p.width, p.height, p.channels};
}

sat_image16 plane16(const Tensor& t, const Planes& p, int64_t k) {
  return {reinterpret_cast<uint16_t*>(static_cast<uint8_t*>(t.data()) + k * int64_t(p.plane_stride)), p.pitch, p.width,
          p.height, p.channels};
}

void filter_planes(sat_filter_session* session, const Tensor& src, const Tensor& dst, const Planes& in,
                   const Planes& out, const FilterRequest& r, const std::vector<ImageParam>& images,
                   cudaStream_t stream) {
  const char* name = sat_filter_name(r.filter);
  std::vector<sat_filter_param> params;
  for (const FilterParam& p : r.params)
    params.push_back({p.name.c_str(), p.value, p.text ? p.text->c_str() : nullptr, nullptr});
  std::vector<sat_image8> maps(images.size());
  for (int64_t k = 0; k < in.count; ++k) {
    for (std::size_t i = 0; i < images.size(); ++i) {
      const ImageParam& m = images[i];
      maps[i] = plane(*m.param->image, m.planes, m.planes.count == 1 ? 0 : k);
      params[std::size_t(m.param - r.params.data())].image = &maps[i];
    }
    if (src.dtype() == DType::U16) {
      const sat_image16 s = plane16(src, in, k), d = plane16(dst, out, k);
      check(sat_filter_session_apply16(session, name, params.data(), int(params.size()), &s, &d, stream));
      continue;
    }
    const sat_image8 s = plane(src, in, k), d = plane(dst, out, k);
    check(sat_filter_session_apply(session, name, params.data(), int(params.size()), &s, &d, stream));
  }
}

}  // namespace

void filter(const Tensor& src, const Tensor& dst, const FilterRequest& r, cudaStream_t stream) {
  speaking_python(filter_words(r), [&] {
    if (sat_filter_name(r.filter) == nullptr) bad("unknown filter #" + std::to_string(r.filter));
    const bool sixteen = src.dtype() == DType::U16 && (sat_filter_sample_types(r.filter) & SAT_SAMPLE_U16);
    if (src.dtype() != DType::U8 && !sixteen)
      bad(std::string("filters take uint8 images") +
          ((sat_filter_sample_types(r.filter) & SAT_SAMPLE_U16)
               ? std::string(", and ") + sat_filter_name(r.filter) + " uint16 ones"
               : std::string()) +
          " (got " + numpy_name(src.dtype()) + ")");
    check_out(src, dst, src.dtype(), filter_result_shape(src, r));
    const Planes in = planes_of(src, r.channels_last, "input");
    const bool keeps_channels = sat_filter_gray_output(r.filter) == 0 && r.channels_last;
    const Planes out = written_planes_of(dst, keeps_channels, "out");
    std::vector<ImageParam> images;
    for (const FilterParam& p : r.params)
      if (p.image && in.count > 0) images.push_back(image_param(p, src, in));
    if (in.count == 0) return;
    if (!src.device().cuda) {
      SessionSlot& slot = host_session_slot();
      const HostSessionLease lease{slot};
      filter_planes(slot.fit(src.device(), r.options), src, dst, in, out, r, images, stream);
      return;
    }
    const DeviceScope scope(src.device().id);
    CudaSessionSlot& cuda = cuda_session_slot(src.device().id, stream);
    const std::lock_guard<std::mutex> turn(cuda.busy);
    filter_planes(cuda.slot.fit(src.device(), r.options), src, dst, in, out, r, images, stream);
  });
}

}  // namespace satpy
