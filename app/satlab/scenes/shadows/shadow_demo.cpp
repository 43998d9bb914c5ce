#include "scenes/shadows/shadow_demo.h"

#include <cuda_runtime_api.h>

#include <cmath>

#include "common/cuda/cuda_array.h"
#include "common/cuda/cuda_check.h"
#include "common/timing/stopwatch.h"
#include "display/gl_cuda_image.h"
#include "pipeline/stage_timer.h"
#include "sat/support/cuda_stream.h"
#include "scenes/shadows/moment_table.h"
#include "scenes/shadows/moment_table_cuda.h"

namespace satlab::shadows {

struct ShadowDemo::Cuda {
  sat::CudaStream stream;
  CudaStageTimer timer;
  MomentTableCuda table;
  // The light pass's moments are only read, the table texture only (and wholly) written.
  GlCudaImage moments_image{cudaGraphicsRegisterFlagsReadOnly};
  GlCudaImage table_image{cudaGraphicsRegisterFlagsWriteDiscard};
  // Host-copy path (no interop): the moments go through a CUDA array of our own.
  satapp::CudaArray moments_array;

  ~Cuda() { SATAPP_CUDA_CHECK_NOTHROW(cudaStreamSynchronize(stream.get())); }  // before the array goes
  cudaArray_t host_moments_array(int size) {
    if (size != moments_array.width()) {
      moments_array = satapp::CudaArray();  // the stream is idle here: render() waited for it
      moments_array = satapp::CudaArray(cudaCreateChannelDesc(32, 32, 0, 0, cudaChannelFormatKindFloat), size, size);
    }
    return moments_array.get();
  }
};

ShadowDemo::ShadowDemo(bool allow_interop) : allow_interop_(allow_interop) {}

ShadowDemo::~ShadowDemo() = default;

void ShadowDemo::render(const ShadowSettings& settings, const sat::Options& sat_options, sat::Backend backend,
                        InteropTexture& before, InteropTexture& after, int width, int height) {
  timings_ = shadow_stages();
  light_.set_angles(settings.light_azimuth_deg, settings.light_elevation_deg);
  const Bounds bounds = world_bounds();
  ShadingFrame frame;
  frame.view_projection = camera_.view_projection(static_cast<float>(width) / static_cast<float>(height));
  frame.light_view_projection = light_.view_projection(bounds);
  frame.direction_to_light = light_.direction_to_light();
  const float texel_world = 2.0f * light_.world_per_ndc_xy(bounds) / static_cast<float>(settings.map_size);
  const float light_size = static_cast<float>(settings.light_size_deg * M_PI / 180.0);
  frame.penumbra_texels = light_.depth_range(bounds) * std::tan(light_size) / texel_world;
  frame.normal_offset = 1.5f * texel_world;

  renderer_.light_pass(frame.light_view_projection, settings.map_size);
  const bool any_sat = uses_sat(settings.mode) || uses_sat(settings.compare_mode);
  if (any_sat) {
    if (backend == sat::Backend::Cuda)
      build_table_cuda(settings, sat_options);
    else
      build_table_cpu(settings);
  } else {
    display_path_.clear();
  }

  before.resize(width, height);
  after.resize(width, height);
  renderer_.shade(after.texture(), width, height, settings.mode, settings, frame, true);
  renderer_.shade(before.texture(), width, height, settings.compare_mode, settings, frame, false);

  timings_[ShadowStage::LightPass].ms = renderer_.light_ms();
  timings_[ShadowStage::Shading].ms = renderer_.shade_ms();
  if (any_sat && backend == sat::Backend::Cuda) {
    SAT_CUDA_CHECK(cudaStreamSynchronize(cuda_->stream.get()));
    for (ShadowStage stage : {ShadowStage::Encode, ShadowStage::Table, ShadowStage::ToTexture})
      timings_[stage].ms = cuda_->timer.elapsed_ms(stage);
  }
}

void ShadowDemo::build_table_cuda(const ShadowSettings& settings, const sat::Options& sat_options) {
  if (!cuda_) cuda_ = std::make_unique<Cuda>();
  Cuda& c = *cuda_;
  const cudaStream_t stream = c.stream.get();
  c.timer.reset();
  const int size = renderer_.map_size();
  const GLuint table_texture = renderer_.table_texture(settings.precision);
  bool interop =
      allow_interop_ && c.moments_image.attach(renderer_.moments_texture()) && c.table_image.attach(table_texture);
  interop_problem_ = !allow_interop_                      ? "CUDA-GL interop disabled (--no-interop)"
                     : !c.moments_image.problem().empty() ? c.moments_image.problem()
                                                          : c.table_image.problem();
  if (interop) {
    // Mapping orders CUDA after the GL work already issued (the light pass); unmapping orders
    // the shading pass after the table's copy. No explicit synchronisation between the APIs.
    ScopedMap moments(c.moments_image, stream);
    ScopedMap table(c.table_image, stream);
    c.table.build(moments.array(), size, settings.precision, sat_options, stream, &c.timer);
    c.table.copy_to(table.array(), stream, &c.timer);
    display_path_ = kDisplayInterop;
    return;
  }
  // Host copies: moments down from GL, through CUDA, the table back up to GL. Not the image
  // textures' fallback (InteropTexture: a surface of its own, uploaded when GL next needs it): the
  // moments go the other way (GL → CUDA), the table is RG32UI or RG32F in the renderer's texture
  // and already in linear device memory (one copy to the host, no surface), and the shading pass
  // samples it in this very frame, so there is no later moment to defer its upload to.
  renderer_.read_moments(host_moments_);
  const cudaArray_t array = c.host_moments_array(size);
  SAT_CUDA_CHECK(cudaMemcpy2DToArrayAsync(array, 0, 0, host_moments_.data(), std::size_t(size) * sizeof(sat::f32x2),
                                          std::size_t(size) * sizeof(sat::f32x2), size, cudaMemcpyHostToDevice,
                                          stream));
  c.table.build(array, size, settings.precision, sat_options, stream, &c.timer);
  host_table_.resize(std::size_t(size) * size * kTableTexelBytes);
  c.timer.begin(ShadowStage::ToTexture, stream);
  SAT_CUDA_CHECK(cudaMemcpy2DAsync(host_table_.data(), std::size_t(size) * kTableTexelBytes, c.table.table(),
                                   c.table.pitch(), std::size_t(size) * kTableTexelBytes, size, cudaMemcpyDeviceToHost,
                                   stream));
  c.timer.end(ShadowStage::ToTexture, stream);
  SAT_CUDA_CHECK(cudaStreamSynchronize(stream));
  renderer_.upload_table(host_table_.data(), settings.precision);
  display_path_ = kTableHostCopies;
}

void ShadowDemo::build_table_cpu(const ShadowSettings& settings) {
  const int size = renderer_.map_size();
  const satapp::Stopwatch convert;
  renderer_.read_moments(host_moments_);
  encode_moments_cpu(host_moments_.data(), size, settings.precision, host_input_);
  timings_[ShadowStage::Encode].ms = convert.elapsed_ms();
  const satapp::Stopwatch table;
  host_table_.resize(std::size_t(size) * size * kTableTexelBytes);
  const std::size_t pitch = std::size_t(size) * kTableTexelBytes;
  sat::cpu_parallel(
      {table_type(settings.precision), {size, size}, host_input_.data(), pitch, host_table_.data(), pitch});
  timings_[ShadowStage::Table].ms = table.elapsed_ms();
  const satapp::Stopwatch upload;
  renderer_.upload_table(host_table_.data(), settings.precision);
  timings_[ShadowStage::ToTexture].ms = upload.elapsed_ms();
  display_path_ = "CPU";
}

}  // namespace satlab::shadows
