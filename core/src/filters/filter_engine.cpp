// sat::FilterEngine: owns the tables, the scratch buffers and the SAT workspace for frames up to
// its max extent (engine_context.h), validates every call (the catalog, then the images), and
// visits the spec onto its filter's run (filters/<name>/run.cpp), which runs it as up to three
// stages: convert (colour → gray, or 3 → 4 bytes per pixel), tables (satcore), filter pass.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <memory>
#include <new>
#include <string>
#include <variant>
#include <vector>

#include "dispatch/compute_owned.h"
#include "filters/backend.h"
#include "filters/engine_context.h"
#include "filters/filter_validate.h"
#include "filters/memory_figure.h"
#include "filters/sixteen/run.h"
#include "filters/stages.h"
#include "launch/launch.h"
#include "sat/device.h"
#include "sat/filters.h"
#include "sat/support/buffers.h"
#include "sat/support/cuda_event.h"
#include "support/renamed_error.h"

namespace sat {

using filters::Alias;
using filters::kStageBytesPerPixel;
using filters::kTableBytesPerPixel;

namespace {

constexpr ElementType kTableTypes[] = {ElementType::U8ToU32, ElementType::U8x4ToU32x4, ElementType::U8ToSumSq};
constexpr std::size_t kHostAlignment = 64;  // host scratch: a cache line (any element type)

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
    throw detail::renamed(e, call);
  }
  return bytes;
}

double ms_between(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

}  // namespace

// The engine as its filters see it (engine_context.h): the backend, scratch slots, the tables
// and the stage timer.
struct FilterEngine::Impl final : filters::EngineContext {
  Backend backend_;
  Extent max_extent_;
  Options options;
  int cpu_threads_ = 0;  // 0: automatic (cpu_rows.h)

  // Scratch slots: device memory on the CUDA backend, host memory on the CPU backend.
  struct AlignedFree {
    void operator()(void* p) const noexcept { ::operator delete (p, std::align_val_t{kHostAlignment}); }
  };
  struct Slot {
    DeviceBuffer device;
    std::unique_ptr<void, AlignedFree> host;
    std::size_t bytes = 0;
    void* data() const { return host ? host.get() : static_cast<void*>(device.data()); }
  };
  Slot slots[kScratchSlots];

  // CUDA backend: the SAT workspace, the engine's alone (so it knows what its last call left
  // there: the look-back skips its reset launch).
  Workspace workspace;

  bool timing = false;
  std::vector<CudaEvent> events;  // CUDA backend, while timing: start, after convert, after table, after filter
  bool events_recorded = false;
  StageTimes host_times;
  std::chrono::steady_clock::time_point t0, t1, t2;

  Impl(Backend b, Extent e, const Options& o) : backend_(b), max_extent_(e), options(o) {}

  std::size_t pixels() const { return std::size_t(max_extent_.width) * std::size_t(max_extent_.height); }

  // The buffers every filter needs on CUDA, allocated once: the table buffer (slot 0), the
  // staging buffer (slot 1) and the workspace. The CPU backend allocates nothing here: its
  // filters ask for what they use (a gray plane, a copy for in place, rows of band tables), and
  // most use nothing (FilterInfo::memory in sat/filter_spec.h states each one's figure).
  void allocate(const char* call) {
    const std::size_t ws = workspace_for(call, max_extent_, options);
    if (backend_ != Backend::Cuda) return;
    scratch(0, pixels() * kTableBytesPerPixel, call);
    scratch(1, pixels() * kStageBytesPerPixel, call);
    reserve_workspace(call, ws);
  }

  void reserve_workspace(const char* call, std::size_t bytes) {
    if (bytes <= workspace.bytes()) return;  // every frame of a size: no runtime call at all
    try {
      workspace.fit(call, bytes);
    } catch (const Error& e) {
      throw detail::renamed(e, call);
    }
  }

  // ---- EngineContext ----
  Backend backend() const override { return backend_; }
  Extent max_extent() const override { return max_extent_; }
  int cpu_threads() const override { return cpu_threads_; }

  void* scratch(int slot, std::size_t bytes, const char* call) override {
    if (slot < 0 || slot >= kScratchSlots)
      throw Error(
          ErrorCode::InvalidArgument, call,
          "scratch slot " + std::to_string(slot) + " does not exist (0.." + std::to_string(kScratchSlots - 1) + ")");
    Slot& s = slots[slot];
    if (bytes <= s.bytes) return s.data();
    // The old contents are not kept: free first, so that the peak is the new size alone.
    s = Slot{};
    const std::string what = "scratch buffer " + std::to_string(slot);
    if (backend_ == Backend::Cuda) {
      try {
        s.device = DeviceBuffer(bytes);
      } catch (const Error& e) {
        throw detail::allocation_failed(e, call, what);
      }
    } else {
      s.host.reset(::operator new (bytes, std::align_val_t{kHostAlignment}, std::nothrow));
      if (!s.host)
        throw Error(ErrorCode::OutOfMemory, call,
                    "host allocation of " + std::to_string(bytes) + " bytes for the " + what + " failed");
    }
    s.bytes = bytes;
    return s.data();
  }

  void build_tables(const char* call, const Problem& problem, const Batch& batch, cudaStream_t stream) override {
    const Options o = options_for(options, problem.type);
    if (backend_ == Backend::Cpu) {  // not used by the CPU filters (running sums), offered alike
      try {
        cpu_parallel_batch(problem, batch, cpu_threads_);
      } catch (const Error& e) {
        throw detail::renamed(e, call);
      }
      return;
    }
    std::size_t needed = 0;
    try {
      needed = batch_workspace_size(problem.type, problem.extent, std::max(1, batch.planes), o);
    } catch (const Error& e) {
      throw detail::renamed(e, call);
    }
    reserve_workspace(call, needed);  // allocates only for another table type or more planes than at construction
    detail::compute_owned(call, problem, batch, o, workspace.buffer_.data(), workspace.buffer_.bytes(), stream,
                          workspace.history_);
  }

  void begin(cudaStream_t stream) override {
    if (!timing) return;
    if (backend_ == Backend::Cuda) {
      check_cuda(cudaEventRecord(events[0].get(), stream), "cudaEventRecord");
    } else {
      t0 = std::chrono::steady_clock::now();
    }
  }

  void mark(int stage, cudaStream_t stream) override {  // 1: convert done, 2: table done, 3: filter done
    if (!timing) return;
    if (backend_ == Backend::Cuda) {
      check_cuda(cudaEventRecord(events[stage].get(), stream), "cudaEventRecord");
      if (stage == 3) events_recorded = true;
      return;
    }
    const auto now = std::chrono::steady_clock::now();
    if (stage == 1) t1 = now;
    if (stage == 2) t2 = t1;  // the CPU filters build no table (running sums in the pass)
    if (stage == 3) host_times = {ms_between(t0, t1), ms_between(t1, t2), ms_between(t2, now)};
  }

  // ---- running a filter ----
  // Checks the spec (catalog) and the images under `call`, then runs the filter. The filters'
  // runs name FilterEngine::apply in their errors; a named method (box_blur, ...) keeps its own.
  void apply(const char* call, const FilterSpec& spec, ConstImage8 src, Image8 dst, cudaStream_t stream) {
    validate(spec, call);
    filters::check_images(call, src, dst, output_channels(spec, src.channels), max_extent_, Alias::Any);
    try {
      std::visit([&](const auto& params) { filters::run(*this, params, src, dst, stream); }, spec);
    } catch (const Error& e) {
      if (e.call() != filters::kApplyCall || e.call() == call) throw;
      throw detail::renamed(e, call);
    }
  }
};

// ---- construction ----------------------------------------------------------------------------

FilterEngine::FilterEngine(Backend backend, Extent max_extent, Options sat_options) {
  constexpr const char* call = "sat::FilterEngine";
  if (backend != Backend::Cuda && backend != Backend::Cpu)
    throw Error(ErrorCode::InvalidArgument, call, "unknown backend " + std::to_string(int(backend)));
  if (max_extent.width < 1 || max_extent.height < 1)
    throw Error(ErrorCode::InvalidArgument, call,
                {named_argument("max extent"), " must be at least 1x1 (got " + std::to_string(max_extent.width) + "x" +
                                                   std::to_string(max_extent.height) + ")"});
  if (max_extent.width > filters::kMaxExactU32Pixels)
    throw Error(ErrorCode::InvalidArgument, call,
                {named_argument("max extent"), " width " + std::to_string(max_extent.width) + " exceeds " +
                                                   std::to_string(filters::kMaxExactU32Pixels) +
                                                   " (a row's sum must fit in 32 bits)"});
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

Backend FilterEngine::backend() const { return live(impl_, "sat::FilterEngine::backend").backend_; }
Extent FilterEngine::max_extent() const { return live(impl_, "sat::FilterEngine::max_extent").max_extent_; }
const Options& FilterEngine::sat_options() const { return live(impl_, "sat::FilterEngine::sat_options").options; }

void FilterEngine::set_sat_options(const Options& options) {
  constexpr const char* call = "sat::FilterEngine::set_sat_options";
  auto& im = live(impl_, call);
  const std::size_t ws = workspace_for(call, im.max_extent_, options);  // validates first
  if (im.backend_ == Backend::Cuda) im.reserve_workspace(call, ws);
  im.options = options;
}

void FilterEngine::set_cpu_threads(int threads) {
  constexpr const char* call = "sat::FilterEngine::set_cpu_threads";
  auto& im = live(impl_, call);
  if (threads < 0)
    throw Error(ErrorCode::InvalidArgument, call, "threads must be >= 0 (got " + std::to_string(threads) + ")");
  im.cpu_threads_ = threads;
}

int FilterEngine::cpu_threads() const { return live(impl_, "sat::FilterEngine::cpu_threads").cpu_threads_; }

void FilterEngine::enable_stage_timing(bool on) {
  constexpr const char* call = "sat::FilterEngine::enable_stage_timing";
  auto& im = live(impl_, call);
  if (on && im.backend_ == Backend::Cuda && im.events.empty())
    for (int i = 0; i < 4; ++i) im.events.emplace_back();
  im.timing = on;
  im.events_recorded = false;
  im.host_times = {};
}

StageTimes FilterEngine::last_stage_times() const {
  constexpr const char* call = "sat::FilterEngine::last_stage_times";
  auto& im = live(impl_, call);
  if (!im.timing) return {};
  if (im.backend_ == Backend::Cpu) return im.host_times;
  if (!im.events_recorded) return {};
  check_cuda(cudaEventSynchronize(im.events[3].get()), "cudaEventSynchronize");
  float ms[3] = {};
  for (int i = 0; i < 3; ++i)
    check_cuda(cudaEventElapsedTime(&ms[i], im.events[i].get(), im.events[i + 1].get()), "cudaEventElapsedTime");
  return {ms[0], ms[1], ms[2]};
}

// ---- filters ---------------------------------------------------------------------------------

void FilterEngine::apply(const FilterSpec& spec, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  live(impl_, filters::kApplyCall).apply(filters::kApplyCall, spec, src, dst, stream);
}

void FilterEngine::apply(const FilterSpec& spec, ConstImage16 src, Image16 dst, cudaStream_t stream) {
  constexpr const char* call = filters::kApplyCall;
  auto& im = live(impl_, call);
  validate(spec, call);
  check_sample_type(spec, SampleType::U16, call);
  // dst may be src itself (in place), not overlap it otherwise: the CUDA passes read src's pixel
  // where they write (and colour boxes run channel by channel); the CPU copies src first.
  filters::check_images(call, src, dst, output_channels(spec, src.channels), im.max_extent_, Alias::SameImageOnly);
  // Only the filters that list SampleType::U16 have a 16-bit run (filters/sixteen/run.h).
  std::visit([&](const auto& params) { filters::run16(im, params, src, dst, stream); }, spec);
}

void FilterEngine::apply(const FilterSpec& spec, ConstImageView src, ImageView dst, cudaStream_t stream) {
  constexpr const char* call = filters::kApplyCall;
  if (src.sample != dst.sample)
    throw Error(ErrorCode::InvalidArgument, call,
                {named_argument("dst"),
                 std::string(" must be ") + bits_text(src.sample) + " as src is (got " + bits_text(dst.sample) + ")"});
  if (src.sample == SampleType::U16)
    apply(spec, src.as16(call), dst.as16(call), stream);
  else
    apply(spec, src.as8(call), dst.as8(call), stream);
}

void FilterEngine::apply_as(const char* call, const FilterSpec& spec, ConstImage8 src, Image8 dst,
                            cudaStream_t stream) {
  live(impl_, call).apply(call, spec, src, dst, stream);
}

void FilterEngine::to_gray(ConstImage8 src, Image8 dst, cudaStream_t stream) {
  constexpr const char* call = "sat::FilterEngine::to_gray";
  auto& im = live(impl_, call);
  // One pass reads src and writes dst: no overlap, except a 1-channel image onto itself (no-op).
  filters::check_images(call, src, dst, 1, im.max_extent_, src.channels == 1 ? Alias::SameImageOnly : Alias::Forbidden);
  if (im.backend_ == Backend::Cuda) filters::check_device_images(call, src, dst);
  im.begin(stream);
  if (im.backend_ == Backend::Cuda)
    filters::cuda_to_gray(src, dst.data, dst.pitch, stream);
  else
    filters::cpu_to_gray(src, dst.data, dst.pitch, im.cpu_threads_);
  im.mark(1, stream);
  im.mark(2, stream);
  im.mark(3, stream);
}

}  // namespace sat
