// Guided filter (He, Sun, Tang) on both backends: the five steps of guided_job.h, with the
// engine's scratch (kept from call to call) and its tables (satcore; one batched launch per
// table step) on CUDA; on the CPU the same sums by running windows, without tables (guided_cpu.cpp).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "filters/engine_context.h"
#include "filters/filter_validate.h"
#include "filters/guided/guided_backend.h"
#include "filters/guided/guided_job.h"
#include "filters/sixteen/run.h"
#include "filters/stages.h"

namespace sat::filters {
namespace {

using guided::Job;
using guided::Variant;

// Scratch slots: the tables (slot 0, the engine's table buffer, grown where a colour image needs
// more) and the planes the tables are built from (inputs, then coefficients).
constexpr int kTableSlot = 0;
constexpr int kPlaneSlot = 2;

Variant variant_of(const GuidedParams& p, int channels) {
  if (channels == 1) return Variant::SelfGray;
  return p.guide == GuideKind::Gray ? Variant::GrayGuide : Variant::ColourGuide;
}

// The bounds of the quantised coefficients (guided_math.h's header derives them).
void set_coefficient_bounds(Job& job, double eps) {
  constexpr double a_scale = double(int64_t(1) << guided::kCoefBits);
  const double b_scale = double(int64_t(1) << job.offset_bits);
  const double centre = job.centre;
  double a = 1.0, b = centre;  // SelfGray
  if (job.variant == Variant::ColourGuide) b = centre * std::sqrt(3.0);
  if (job.variant == Variant::GrayGuide) {
    a = 127.5 / (2.0 * std::sqrt(eps));
    b = centre * (1.0 + a);
  }
  // +1: slack for the last bit of the double arithmetic and the rounding to nearest.
  job.max_a = int32_t(std::ceil(a * a_scale)) + 1;
  job.max_b = int32_t(std::ceil(b * b_scale)) + 1;
}

// sixteen: a 16-bit gray image (src, dst: views of its rows' bytes); eps stays in 8-bit squared
// gray levels, 257² of the 16-bit ones.
Job make_job(const GuidedParams& p, ConstImage8 src, const Image8& dst, bool sixteen = false) {
  Job job;
  if (sixteen) {
    job.sixteen = true;
    job.centre = guided::kCentre16;
    job.offset_bits = guided::kOffsetBits16;
    job.max_value = 65535;
  }
  job.variant = variant_of(p, src.channels);
  job.src = src.data;
  job.src_pitch = src.pitch;
  job.channels = src.channels;
  job.dst = dst.data;
  job.dst_pitch = dst.pitch;
  job.width = src.width;
  job.height = src.height;
  job.radius = p.radius;
  const int64_t side = 2 * int64_t(p.radius) + 1;
  job.n = side * side;
  const double eps = sixteen ? p.eps * 66049.0 : p.eps;  // 66049 = 257²
  job.eps_n2 = eps * (double(job.n) * double(job.n));    // computed once, here, for both backends
  set_coefficient_bounds(job, p.eps);
  const int64_t sumsq_exact = std::numeric_limits<int64_t>::max();  // 64-bit sums: no limit
  job.input_box = {job.width, job.height, job.radius,
                   job.variant == Variant::SelfGray ? sumsq_exact : guided::kInputRectLimit};
  // Signed sums exact in int32: at most (2^31 − 1) / max|value| pixels per rectangle.
  job.coefficient_box = {job.width, job.height, job.radius,
                         int64_t(std::numeric_limits<int32_t>::max()) / std::max(job.max_a, job.max_b)};
  return job;
}

// The five steps on CUDA (guided_job.h): the tables are satcore's; a gray image's own {Σx, Σx²}
// table is of `self_table` (U8ToSumSq, U16ToSumSq).
void cuda_steps(EngineContext& engine, Job& job, ElementType self_table, cudaStream_t stream) {
  constexpr const char* call = kApplyCall;
  const Extent extent{job.width, job.height};
  const std::size_t pixels = std::size_t(extent.width) * std::size_t(extent.height);
  const std::size_t plane_pitch = std::size_t(extent.width) * sizeof(u32x2);
  const std::size_t plane_bytes = plane_pitch * std::size_t(extent.height);
  const int in_planes = guided::input_planes(job.variant);
  const int coef_planes = guided::coefficient_planes(job.variant);
  const std::size_t stack_bytes = plane_bytes * std::size_t(std::max(in_planes, coef_planes));
  const std::size_t table_bytes = std::max(stack_bytes, in_planes == 0 ? pixels * sizeof(SumSq) : 0);
  void* tables = engine.scratch(kTableSlot, table_bytes, call);
  void* planes = engine.scratch(kPlaneSlot, stack_bytes, call);
  job.inputs = {static_cast<u32x2*>(planes), plane_pitch, plane_bytes};
  job.tables = {static_cast<u32x2*>(tables), plane_pitch, plane_bytes};
  job.sumsq = static_cast<SumSq*>(tables);
  job.sumsq_pitch = std::size_t(extent.width) * sizeof(SumSq);

  const Problem stack{ElementType::U32x2ToU32x2, extent, job.inputs.base, plane_pitch, job.tables.base, plane_pitch};
  const auto stack_batch = [&](int planes_in_stack) { return Batch{planes_in_stack, plane_bytes, plane_bytes}; };

  // Stage times: convert = step 1, sat = step 2, filter = steps 3 to 5 (their second tables too).
  engine.begin(stream);
  if (in_planes > 0) guided::cuda_inputs(job, stream);
  engine.mark(1, stream);
  if (in_planes == 0)
    engine.build_tables(call, Problem{self_table, extent, job.src, job.src_pitch, job.sumsq, job.sumsq_pitch}, Batch{},
                        stream);
  else
    engine.build_tables(call, stack, stack_batch(in_planes), stream);
  engine.mark(2, stream);
  guided::cuda_coefficients(job, stream);
  engine.build_tables(call, stack, stack_batch(coef_planes), stream);
  guided::cuda_output(job, stream);
  engine.mark(3, stream);
}

}  // namespace

void run(EngineContext& engine, const GuidedParams& params, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  constexpr const char* call = kApplyCall;
  // Steps 1 and 5 read src's pixel (x, y) and nothing else of it, step 5 writes dst's pixel
  // (x, y) after reading: in place is fine, any other overlap is not.
  check_images(call, src, dst, src.channels, engine.max_extent(), Alias::SameImageOnly);
  if (engine.backend() == Backend::Cuda) check_device_images(call, src, dst);

  Job job = make_job(params, src, dst);
  if (engine.backend() == Backend::Cpu) {  // running window sums, no tables: the steps are not apart
    engine.begin(stream);
    const ConstImage8 in = cpu_readable(engine, src, dst);  // in place: a copy of src
    job.src = in.data;
    job.src_pitch = in.pitch;
    cpu_pass_stage(engine, stream, [&] { guided::cpu_guided(job, engine.cpu_threads()); });
    return;
  }
  cuda_steps(engine, job, ElementType::U8ToSumSq, stream);
}

void run16(EngineContext& engine, const GuidedParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream) {
  // A colour guide would need 16-bit gray and colour planes: 16-bit images are guided by themselves.
  require_gray16(src);
  const ConstImage8 src_bytes{reinterpret_cast<const uint8_t*>(src.data), src.pitch, src.width, src.height, 1};
  const Image8 dst_bytes{reinterpret_cast<uint8_t*>(dst.data), dst.pitch, dst.width, dst.height, 1};
  if (engine.backend() == Backend::Cuda) check_device_images(kApplyCall, src_bytes, dst_bytes);
  Job job = make_job(params, src_bytes, dst_bytes, true);
  if (engine.backend() == Backend::Cpu) {
    engine.begin(stream);
    const ConstImage16 in = cpu_readable16(engine, src, dst);  // in place: a copy of src
    job.src = reinterpret_cast<const uint8_t*>(in.data);
    job.src_pitch = in.pitch;
    cpu_pass_stage(engine, stream, [&] { guided::cpu_guided(job, engine.cpu_threads()); });
    return;
  }
  cuda_steps(engine, job, ElementType::U16ToSumSq, stream);
}

}  // namespace sat::filters
