// sat::FilterEngine: owns the tables, the staging buffer and the SAT workspace for frames up to
// its max extent, validates every call, and runs each filter as up to three stages:
//   convert (colour → gray, or 3 → 4 bytes per pixel), table (satcore), filter pass (backend.h).
#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "detail/compute_owned.h"
#include "detail/launch.h"
#include "filters/backend.h"
#include "filters/filter_validate.h"
#include "sat/device.h"
#include "sat/filters.h"

namespace sat {

using filters::Alias;

namespace {

constexpr ElementType kTableTypes[] = {ElementType::U8ToU32, ElementType::U8x4ToU32x4, ElementType::U8ToSumSq};
constexpr std::size_t kTableBytesPerPixel = 16;  // the largest table element (u32x4, SumSq)
constexpr std::size_t kStageBytesPerPixel = 4;   // u8x4 staging, or a gray image

// The user's options for one table type; a tile this type cannot use (16-byte elements at
// W = 128) falls back to the algorithm's default tile for it.
Options options_for(const Options& options, ElementType type) {
  Options o = options;
  const bool valid_tile = o.tile == 32 || o.tile == 64 || o.tile == 128;  // others: let satcore reject
  if (is_tiled(o.algorithm) && valid_tile && !supports(o.algorithm, type, o.tile)) o.tile = 0;
  return o;
}

std::size_t workspace_for(const char* call, Extent extent, const Options& options) {
  std::size_t bytes = 0;
  try {
    for (ElementType t : kTableTypes) bytes = std::max(bytes, workspace_size(t, extent, options_for(options, t)));
  } catch (const Error& e) {
    throw Error(e.code(), call, e.what());
  }
  return bytes;
}

void* device_alloc(std::size_t bytes, const char* call, const char* what) {
  if (bytes == 0) return nullptr;
  void* p = nullptr;
  const cudaError_t status = cudaMalloc(&p, bytes);
  if (status != cudaSuccess) {
    cudaGetLastError();
    throw Error(status == cudaErrorMemoryAllocation ? ErrorCode::OutOfMemory : ErrorCode::CudaError, call,
                "cudaMalloc of " + std::to_string(bytes) + " bytes for the " + what +
                    " failed: " + describe_cuda_error(status));
  }
  return p;
}

double ms_between(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

}  // namespace

struct FilterEngine::Impl {
  Backend backend;
  Extent max_extent;
  Options options;

  // CUDA backend: device buffers.
  void* d_table = nullptr;
  void* d_stage = nullptr;
  void* d_workspace = nullptr;
  std::size_t workspace_bytes = 0;
  detail::WorkspaceHistory workspace_history;  // the workspace is the engine's alone
  // CPU backend: no tables (running sums over the image); a staging image (4 bytes per pixel)
  // for the gray conversion and for a copy of src when dst overlaps it.
  std::vector<u8x4> h_stage;
  int cpu_threads = 0;  // 0: automatic (cpu_rows.h)

  bool timing = false;
  cudaEvent_t events[4] = {};  // start, after convert, after table, after filter
  bool events_recorded = false;
  StageTimes host_times;
  std::chrono::steady_clock::time_point t0, t1, t2;

  Impl(Backend b, Extent e, const Options& o) : backend(b), max_extent(e), options(o) {}

  ~Impl() {
    if (d_table) cudaFree(d_table);
    if (d_stage) cudaFree(d_stage);
    if (d_workspace) cudaFree(d_workspace);
    for (cudaEvent_t& ev : events)
      if (ev) cudaEventDestroy(ev);
  }

  std::size_t pixels() const { return std::size_t(max_extent.width) * std::size_t(max_extent.height); }
  void* table() { return d_table; }  // CUDA only
  void* stage() { return backend == Backend::Cuda ? d_stage : static_cast<void*>(h_stage.data()); }

  void allocate(const char* call) {
    const std::size_t ws = workspace_for(call, max_extent, options);
    if (backend == Backend::Cuda) {
      d_table = device_alloc(pixels() * kTableBytesPerPixel, call, "tables");
      d_stage = device_alloc(pixels() * kStageBytesPerPixel, call, "staging image");
      d_workspace = device_alloc(ws, call, "SAT workspace");
      workspace_bytes = ws;
    } else {
      h_stage.assign(pixels(), u8x4{});
    }
  }

  // ---- stage timing ----
  void begin(cudaStream_t stream) {
    if (!timing) return;
    if (backend == Backend::Cuda) {
      detail::check_cuda(cudaEventRecord(events[0], stream), "cudaEventRecord");
    } else {
      t0 = std::chrono::steady_clock::now();
    }
  }
  void mark(int stage, cudaStream_t stream) {  // 1: convert done, 2: table done, 3: filter done
    if (!timing) return;
    if (backend == Backend::Cuda) {
      detail::check_cuda(cudaEventRecord(events[stage], stream), "cudaEventRecord");
      if (stage == 3) events_recorded = true;
      return;
    }
    const auto now = std::chrono::steady_clock::now();
    if (stage == 1) t1 = now;
    if (stage == 2) t2 = backend == Backend::Cpu ? t1 : now;  // the CPU backend builds no table
    if (stage == 3) host_times = {ms_between(t0, t1), ms_between(t1, t2), ms_between(t2, now)};
  }

  // ---- the table of `input` (extent e) into table(); CUDA only ----
  void build_table(ElementType type, const void* input, std::size_t input_pitch, Extent e, cudaStream_t stream) {
    const Problem p{type, e, input, input_pitch, table(), std::size_t(e.width) * output_element_size(type)};
    detail::compute_owned("sat::compute", p, Batch{}, options_for(options, type), d_workspace, workspace_bytes,
                          stream, workspace_history);
  }

  // CPU: src as the filter pass may read it while writing dst: src itself, or, where dst
  // overlaps it (in place), a copy in the staging buffer. The running sums read rows above and
  // below the one they write.
  ConstImage8 cpu_readable(ConstImage8 src, const Image8& dst) {
    if (!filters::overlaps(src, dst)) return src;
    auto* copy = static_cast<uint8_t*>(stage());
    const std::size_t row_bytes = std::size_t(src.width) * std::size_t(src.channels);
    for (int y = 0; y < src.height; ++y)
      std::memcpy(copy + row_bytes * std::size_t(y), src.data + src.pitch * std::size_t(y), row_bytes);
    return {copy, row_bytes, src.width, src.height, src.channels};
  }

  // The gray image the thresholds read: src itself, or src converted into the staging buffer.
  std::pair<const uint8_t*, std::size_t> gray_of(ConstImage8 src, const Image8& dst, cudaStream_t stream) {
    if (src.channels == 1) {
      if (backend == Backend::Cuda) return {src.data, src.pitch};
      const ConstImage8 gray = cpu_readable(src, dst);
      return {gray.data, gray.pitch};
    }
    auto* gray = static_cast<uint8_t*>(stage());
    const auto pitch = std::size_t(src.width);
    if (backend == Backend::Cuda)
      filters::cuda_to_gray(src, gray, pitch, stream);
    else
      filters::cpu_to_gray(src, gray, pitch, cpu_threads);
    return {gray, pitch};
  }

  // The thresholds' pass: gray of src (stage 1), its table of `type` (stage 2, CUDA only), then
  // `filter`, given the gray plane and the table (CPU: none), writes dst (stage 3).
  template <class Filter>
  void threshold_pass(ConstImage8 src, const Image8& dst, ElementType type, cudaStream_t stream, Filter&& filter) {
    const Extent e{src.width, src.height};
    begin(stream);
    const auto [gray, gray_pitch] = gray_of(src, dst, stream);
    mark(1, stream);
    if (backend == Backend::Cuda) build_table(type, gray, gray_pitch, e, stream);
    mark(2, stream);
    filter(gray, gray_pitch, table(), std::size_t(e.width) * output_element_size(type));
    mark(3, stream);
  }

  // One filter pass on this engine's backend.
  template <class Job>
  void run_on(void (*cuda)(const Job&, cudaStream_t), void (*cpu)(const Job&, int), const Job& job,
              cudaStream_t stream) {
    if (backend == Backend::Cuda)
      cuda(job, stream);
    else
      cpu(job, cpu_threads);
  }
};

// ---- construction ----------------------------------------------------------------------------

FilterEngine::FilterEngine(Backend backend, Extent max_extent, Options sat_options) {
  constexpr const char* call = "sat::FilterEngine";
  if (backend != Backend::Cuda && backend != Backend::Cpu)
    throw Error(ErrorCode::InvalidArgument, call, "unknown backend " + std::to_string(int(backend)));
  if (max_extent.width < 1 || max_extent.height < 1)
    throw Error(ErrorCode::InvalidArgument, call,
                "max extent must be at least 1x1 (got " + std::to_string(max_extent.width) + "x" +
                    std::to_string(max_extent.height) + ")");
  if (max_extent.width > filters::kMaxExactU32Pixels)
    throw Error(ErrorCode::InvalidArgument, call,
                "max extent width " + std::to_string(max_extent.width) + " exceeds " +
                    std::to_string(filters::kMaxExactU32Pixels) + " (a row's sum must fit in 32 bits)");
  impl_ = std::make_unique<Impl>(backend, max_extent, sat_options);
  impl_->allocate(call);
}

FilterEngine::~FilterEngine() = default;
FilterEngine::FilterEngine(FilterEngine&&) noexcept = default;
FilterEngine& FilterEngine::operator=(FilterEngine&&) noexcept = default;

namespace {
template <class ImplPtr>
auto& live(const ImplPtr& impl, const char* call) {
  if (!impl) throw Error(ErrorCode::InvalidArgument, call, "this engine was moved from");
  return *impl;
}
}  // namespace

Backend FilterEngine::backend() const { return live(impl_, "sat::FilterEngine::backend").backend; }
Extent FilterEngine::max_extent() const { return live(impl_, "sat::FilterEngine::max_extent").max_extent; }
const Options& FilterEngine::sat_options() const { return live(impl_, "sat::FilterEngine::sat_options").options; }

void FilterEngine::set_sat_options(const Options& options) {
  constexpr const char* call = "sat::FilterEngine::set_sat_options";
  auto& im = live(impl_, call);
  const std::size_t ws = workspace_for(call, im.max_extent, options);  // validates first
  if (im.backend == Backend::Cuda && ws > im.workspace_bytes) {
    void* fresh = device_alloc(ws, call, "SAT workspace");
    if (im.d_workspace) cudaFree(im.d_workspace);
    im.d_workspace = fresh;
    im.workspace_bytes = ws;
    im.workspace_history.forget();
  }
  im.options = options;
}

void FilterEngine::set_cpu_threads(int threads) {
  constexpr const char* call = "sat::FilterEngine::set_cpu_threads";
  auto& im = live(impl_, call);
  if (threads < 0) throw Error(ErrorCode::InvalidArgument, call, "threads must be >= 0 (got " + std::to_string(threads) + ")");
  im.cpu_threads = threads;
}

int FilterEngine::cpu_threads() const { return live(impl_, "sat::FilterEngine::cpu_threads").cpu_threads; }

void FilterEngine::enable_stage_timing(bool on) {
  constexpr const char* call = "sat::FilterEngine::enable_stage_timing";
  auto& im = live(impl_, call);
  if (on && im.backend == Backend::Cuda && !im.events[0])
    for (cudaEvent_t& ev : im.events) detail::check_cuda(cudaEventCreate(&ev), "cudaEventCreate");
  im.timing = on;
  im.events_recorded = false;
  im.host_times = {};
}

StageTimes FilterEngine::last_stage_times() const {
  constexpr const char* call = "sat::FilterEngine::last_stage_times";
  auto& im = live(impl_, call);
  if (!im.timing) return {};
  if (im.backend == Backend::Cpu) return im.host_times;
  if (!im.events_recorded) return {};
  detail::check_cuda(cudaEventSynchronize(im.events[3]), "cudaEventSynchronize");
  float ms[3] = {};
  for (int i = 0; i < 3; ++i)
    detail::check_cuda(cudaEventElapsedTime(&ms[i], im.events[i], im.events[i + 1]), "cudaEventElapsedTime");
  return {ms[0], ms[1], ms[2]};
}

// ---- filters ---------------------------------------------------------------------------------

void FilterEngine::box_blur(ConstImage8 src, Image8 dst, const BoxBlurParams& params, cudaStream_t stream) {
  constexpr const char* call = "sat::FilterEngine::box_blur";
  auto& im = live(impl_, call);
  // The filter pass reads only the table: dst may overlap src in any way.
  filters::check_images(call, src, dst, src.channels, im.max_extent, Alias::Any);
  filters::check_box_blur(call, params);
  if (im.backend == Backend::Cuda) filters::check_device_images(call, src, dst);

  const Extent e{src.width, src.height};
  const int cn = src.channels;
  filters::BoxJob job;
  job.dst = dst.data;
  job.dst_pitch = dst.pitch;
  job.width = e.width;
  job.height = e.height;
  job.channels = cn;
  job.kw = params.kernel_width;
  job.kh = params.kernel_height;
  job.ax = params.kernel_width / 2;  // cv::blur's anchor (-1, -1): the kernel centre
  job.ay = params.kernel_height / 2;
  job.border = params.border;
  job.rounding = filters::make_box_rounding(int64_t(job.kw) * job.kh, int64_t(e.width) * cn);

  im.begin(stream);
  if (im.backend == Backend::Cpu) {  // running sums over the image itself: no table
    const ConstImage8 in = im.cpu_readable(src, dst);
    job.src = in.data;
    job.src_pitch = in.pitch;
    im.mark(1, stream);
    im.mark(2, stream);
    filters::cpu_box_blur(job, im.cpu_threads);
    im.mark(3, stream);
    return;
  }
  ElementType type = ElementType::U8ToU32;
  const void* input = src.data;
  std::size_t input_pitch = src.pitch;
  if (cn != 1) {
    type = ElementType::U8x4ToU32x4;
    const bool direct = cn == 4 && reinterpret_cast<std::uintptr_t>(src.data) % 4 == 0 && src.pitch % 4 == 0;
    if (!direct) {  // BGR (or unaligned BGRA) → 4-byte pixels
      auto* staged = static_cast<u8x4*>(im.stage());
      input = staged;
      input_pitch = std::size_t(e.width) * 4;
      filters::cuda_to_bgrx(src, staged, input_pitch, stream);
    }
  }
  im.mark(1, stream);
  im.build_table(type, input, input_pitch, e, stream);
  im.mark(2, stream);
  job.table = im.table();
  job.table_pitch = std::size_t(e.width) * output_element_size(type);
  filters::cuda_box_blur(job, stream);
  im.mark(3, stream);
}

void FilterEngine::threshold_mean_c(ConstImage8 src, Image8 dst, const MeanCParams& params, cudaStream_t stream) {
  constexpr const char* call = "sat::FilterEngine::threshold_mean_c";
  auto& im = live(impl_, call);
  // Gray src is read by the filter pass pixel by pixel: in place is fine, other overlaps are not.
  filters::check_images(call, src, dst, 1, im.max_extent, src.channels == 1 ? Alias::SameImageOnly : Alias::Any);
  filters::check_mean_c(call, params);
  if (im.backend == Backend::Cuda) filters::check_device_images(call, src, dst);

  const Extent e{src.width, src.height};
  filters::MeanCJob job;
  filters::BoxJob& box = job.box;
  box.dst = dst.data;
  box.dst_pitch = dst.pitch;
  box.width = e.width;
  box.height = e.height;
  box.channels = 1;
  // boxFilter(src, mean, CV_8U, b×b, (-1,-1), true, BORDER_REPLICATE|BORDER_ISOLATED): with
  // BORDER_ISOLATED a one-row (one-column) image gets a kernel of height (width) 1.
  box.kw = e.width == 1 ? 1 : params.block;
  box.kh = e.height == 1 ? 1 : params.block;
  box.ax = box.kw / 2;
  box.ay = box.kh / 2;
  box.border = Border::Replicate;
  box.rounding = filters::make_box_rounding(int64_t(box.kw) * box.kh, e.width);
  // idelta = cvCeil(C) for THRESH_BINARY, cvFloor(C) for THRESH_BINARY_INV. src − mean lies in
  // [−255, 255], so clamping C to ±1024 changes nothing and keeps the int conversion defined.
  const double c = std::min(1024.0, std::max(-1024.0, params.C));
  job.idelta = int(params.invert ? std::floor(c) : std::ceil(c));
  job.invert = params.invert;
  job.max_value = params.max_value;

  im.threshold_pass(src, dst, ElementType::U8ToU32, stream,
                    [&](const uint8_t* gray, std::size_t gray_pitch, const void* table, std::size_t table_pitch) {
                      job.gray = gray;
                      job.gray_pitch = gray_pitch;
                      box.table = table;
                      box.table_pitch = table_pitch;
                      im.run_on(filters::cuda_mean_c, filters::cpu_mean_c, job, stream);
                    });
}

void FilterEngine::threshold_sauvola(ConstImage8 src, Image8 dst, const SauvolaParams& params, cudaStream_t stream) {
  constexpr const char* call = "sat::FilterEngine::threshold_sauvola";
  auto& im = live(impl_, call);
  filters::check_images(call, src, dst, 1, im.max_extent, src.channels == 1 ? Alias::SameImageOnly : Alias::Any);
  filters::check_sauvola(call, params);
  if (im.backend == Backend::Cuda) filters::check_device_images(call, src, dst);

  const Extent e{src.width, src.height};
  filters::SauvolaJob job;
  job.dst = dst.data;
  job.dst_pitch = dst.pitch;
  job.width = e.width;
  job.height = e.height;
  job.window = params.window;
  job.anchor = params.window / 2;
  job.area = double(params.window) * double(params.window);
  job.k = params.k;
  job.r = params.r == 0.0 ? 127.5 : params.r;
  job.max_value = params.max_value;

  im.threshold_pass(src, dst, ElementType::U8ToSumSq, stream,
                    [&](const uint8_t* gray, std::size_t gray_pitch, const void* table, std::size_t table_pitch) {
                      job.gray = gray;
                      job.gray_pitch = gray_pitch;
                      job.table = static_cast<const SumSq*>(table);
                      job.table_pitch = table_pitch;
                      im.run_on(filters::cuda_sauvola, filters::cpu_sauvola, job, stream);
                    });
}

void FilterEngine::threshold_bradley(ConstImage8 src, Image8 dst, const BradleyParams& params, cudaStream_t stream) {
  constexpr const char* call = "sat::FilterEngine::threshold_bradley";
  auto& im = live(impl_, call);
  filters::check_images(call, src, dst, 1, im.max_extent, src.channels == 1 ? Alias::SameImageOnly : Alias::Any);
  filters::check_bradley(call, params);
  if (im.backend == Backend::Cuda) filters::check_device_images(call, src, dst);

  const Extent e{src.width, src.height};
  filters::BradleyJob job;
  job.dst = dst.data;
  job.dst_pitch = dst.pitch;
  job.width = e.width;
  job.height = e.height;
  job.window = params.window;
  job.anchor = params.window / 2;
  job.factor = 100.0 - params.t;
  job.max_value = params.max_value;

  im.threshold_pass(src, dst, ElementType::U8ToU32, stream,
                    [&](const uint8_t* gray, std::size_t gray_pitch, const void* table, std::size_t table_pitch) {
                      job.gray = gray;
                      job.gray_pitch = gray_pitch;
                      job.table = static_cast<const uint32_t*>(table);
                      job.table_pitch = table_pitch;
                      im.run_on(filters::cuda_bradley, filters::cpu_bradley, job, stream);
                    });
}

void FilterEngine::to_gray(ConstImage8 src, Image8 dst, cudaStream_t stream) {
  constexpr const char* call = "sat::FilterEngine::to_gray";
  auto& im = live(impl_, call);
  // One pass reads src and writes dst: no overlap, except a 1-channel image onto itself (no-op).
  filters::check_images(call, src, dst, 1, im.max_extent, src.channels == 1 ? Alias::SameImageOnly : Alias::Forbidden);
  if (im.backend == Backend::Cuda) filters::check_device_images(call, src, dst);
  im.begin(stream);
  if (im.backend == Backend::Cuda)
    filters::cuda_to_gray(src, dst.data, dst.pitch, stream);
  else
    filters::cpu_to_gray(src, dst.data, dst.pitch, im.cpu_threads);
  im.mark(1, stream);
  im.mark(2, stream);
  im.mark(3, stream);
}

}  // namespace sat
