#include "sat/filter_session.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sat/error.h"
#include "sat/support/cuda_check.h"
#include "sat/support/cuda_stream.h"
#include "session/frame_bytes.h"

namespace sat {
namespace {

// The session's copy of an image parameter: host rows packed (Backend::Cpu) or pitched device
// memory (Backend::Cuda).
struct HeldImage {
  std::string param;
  const void* identity = nullptr;
  std::uint64_t version = 0;
  int width = 0, height = 0, channels = 1;
  std::vector<uint8_t> host;
  PitchedBuffer device;

  ConstImage8 view() const {
    if (!device.empty()) return {device.data(), device.pitch(), width, height, channels};
    return {host.data(), session::row_bytes(ConstImage8{nullptr, 0, width, height, channels}), width, height, channels};
  }
};

HeldImage copy_of(Backend backend, std::string_view param, const ImageSource& source) {
  const ConstImage8 pixels = source.pixels;
  if (pixels.width < 0 || pixels.height < 0 || (pixels.width > 0 && pixels.height > 0 && !pixels.data))
    throw Error(ErrorCode::InvalidArgument, "FilterSession::set_image",
                std::string(param) + " has no pixels (" + std::to_string(pixels.width) + "x" +
                    std::to_string(pixels.height) + ")");
  HeldImage held{
      std::string(param), source.identity, source.version, pixels.width, pixels.height, pixels.channels, {}, {}};
  const std::size_t row = session::row_bytes(pixels), rows = std::size_t(pixels.height);
  if (row == 0 || rows == 0) return held;
  if (backend == Backend::Cpu) {
    held.host.resize(row * rows);
    for (std::size_t y = 0; y < rows; ++y) std::copy_n(pixels.data + y * pixels.pitch, row, held.host.data() + y * row);
  } else {
    held.device = PitchedBuffer(row, rows);
    SAT_CUDA_CHECK(cudaMemcpy2D(held.device.data(), held.device.pitch(), pixels.data, pixels.pitch, row, rows,
                                cudaMemcpyHostToDevice));
  }
  return held;
}

}  // namespace

struct FilterSession::Impl {
  Impl(Backend b, const Options& o) : backend(b), options(o) {}

  Backend backend;
  Options options;
  std::optional<FilterEngine> engine;
  Extent extent{0, 0};  // the engine's, kept when the options make it again
  int engines_made = 0;
  // Settings that outlive each engine (FilterSession::set_cpu_threads, enable_stage_timing).
  int cpu_threads = 0;
  bool stage_timing = false;
  std::vector<HeldImage> images;
  std::size_t image_copies = 0;
  std::optional<CudaStream> stream;             // Backend::Cuda, made at first use
  session::DeviceFrame staged_src, staged_dst;  // Backend::Cuda, host frames

  FilterEngine& engine_for(Extent frame) {
    if (engine && session::holds(engine->max_extent(), frame)) return *engine;
    const Extent size = session::grown(extent, frame);
    engine.reset();  // the old engine's memory first
    engine.emplace(backend, size, options);
    extent = size;
    ++engines_made;
    engine->set_cpu_threads(cpu_threads);
    engine->enable_stage_timing(stage_timing);
    return *engine;
  }
  // spec with every held image bound to the parameter of its name, where the filter has one.
  void bind_images(FilterSpec& spec) const {
    const FilterInfo& info = info_of(spec);
    for (const HeldImage& held : images)
      if (const ParamInfo* param = find_param(info, held.param); param && param->kind == ParamKind::Image)
        set_image_param(spec, held.param, held.view());
  }

  cudaStream_t own_stream() {
    if (backend != Backend::Cuda) return nullptr;
    if (!stream) stream.emplace();
    return stream->get();
  }
};

FilterSession::FilterSession(Backend backend, Options sat_options)
    : impl_(std::make_unique<Impl>(backend, sat_options)) {}
FilterSession::~FilterSession() = default;
FilterSession::FilterSession(FilterSession&&) noexcept = default;
FilterSession& FilterSession::operator=(FilterSession&&) noexcept = default;

Backend FilterSession::backend() const { return impl_->backend; }
Extent FilterSession::extent() const { return impl_->engine ? impl_->extent : Extent{0, 0}; }
FilterEngine& FilterSession::engine(Extent frame) { return impl_->engine_for(frame); }
int FilterSession::engines_made() const { return impl_->engines_made; }
const Options& FilterSession::sat_options() const { return impl_->options; }

void FilterSession::set_sat_options(const Options& options) {
  const Options& now = impl_->options;
  if (now.algorithm == options.algorithm && now.tile == options.tile && now.hybrid_r == options.hybrid_r &&
      now.table == options.table)
    return;
  impl_->options = options;
  impl_->engine.reset();  // made again, of the extent it had, at the next frame
}

void FilterSession::release() {
  impl_->engine.reset();
  impl_->extent = {0, 0};
  impl_->staged_src.release();
  impl_->staged_dst.release();
}

void FilterSession::set_cpu_threads(int threads) {
  if (threads < 0)
    throw Error(ErrorCode::InvalidArgument, "FilterSession::set_cpu_threads",
                "threads must be >= 0 (got " + std::to_string(threads) + ")");
  impl_->cpu_threads = threads;
  if (impl_->engine) impl_->engine->set_cpu_threads(threads);
}
int FilterSession::cpu_threads() const { return impl_->cpu_threads; }

void FilterSession::enable_stage_timing(bool on) {
  impl_->stage_timing = on;
  if (impl_->engine) impl_->engine->enable_stage_timing(on);
}
StageTimes FilterSession::last_stage_times() const {
  return impl_->engine ? impl_->engine->last_stage_times() : StageTimes{};
}

void FilterSession::set_image(std::string_view param, const ImageSource& source) {
  auto held =
      std::find_if(impl_->images.begin(), impl_->images.end(), [&](const HeldImage& h) { return h.param == param; });
  if (held != impl_->images.end() && held->identity == source.identity && held->version == source.version) return;
  if (held != impl_->images.end()) impl_->images.erase(held);  // the old copy's memory first
  impl_->images.push_back(copy_of(impl_->backend, param, source));
  ++impl_->image_copies;
}

void FilterSession::clear_image(std::string_view param) {
  impl_->images.erase(
      std::remove_if(impl_->images.begin(), impl_->images.end(), [&](const HeldImage& h) { return h.param == param; }),
      impl_->images.end());
}

std::size_t FilterSession::image_copies() const { return impl_->image_copies; }

void FilterSession::run_host(FilterSpec spec, ConstImage8 src, Image8 dst) {
  run_host(std::move(spec), ConstImageView(src), ImageView(dst));
}

void FilterSession::run_host(FilterSpec spec, ConstImageView src, ImageView dst) {
  Impl& s = *impl_;
  s.bind_images(spec);
  FilterEngine& engine = s.engine_for({src.width, src.height});
  if (s.backend == Backend::Cpu) {
    engine.apply(spec, src, dst);
    return;
  }
  const cudaStream_t stream = s.own_stream();
  const ConstImageView device_src = s.staged_src.upload(src, stream);
  const ImageView device_dst = s.staged_dst.image(dst.width, dst.height, dst.channels, dst.sample);
  engine.apply(spec, device_src, device_dst, stream);
  session::download(device_dst, dst, stream);
  SAT_CUDA_CHECK(cudaStreamSynchronize(stream));
}

void FilterSession::run_device(FilterSpec spec, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  run_device(std::move(spec), ConstImageView(src), ImageView(dst), stream);
}

void FilterSession::run_device(FilterSpec spec, ConstImageView src, ImageView dst, cudaStream_t stream) {
  if (impl_->backend != Backend::Cuda)
    throw Error(ErrorCode::InvalidArgument, "FilterSession::run_device",
                "device frames need the CUDA backend (this session runs on the CPU: use run_host)");
  impl_->bind_images(spec);
  impl_->engine_for({src.width, src.height}).apply(spec, src, dst, stream);
}

cudaStream_t FilterSession::stream() { return impl_->own_stream(); }

}  // namespace sat
