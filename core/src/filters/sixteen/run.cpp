// The 16-bit runs of box, mean − C, Bradley–Roth and Sauvola on the engine. The CPU backend sums
// src itself (a copy in scratch slot 1 where dst overlaps it); CUDA builds a u64 (or {Σx, Σx²})
// table of one channel in scratch slot 0 with its own scans (sixteen/cuda.cu) and reads 4 taps
// per pixel, one channel after the other for colour boxes.
#include "filters/sixteen/run.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "filters/backend.h"
#include "filters/filter_validate.h"
#include "filters/sixteen/ops.h"
#include "filters/stages.h"

namespace sat::filters {
namespace {

ConstImage8 bytes_of(ConstImage16 im) {
  return {reinterpret_cast<const uint8_t*>(im.data), im.pitch, im.width, im.height, im.channels};
}
Image8 bytes_of(Image16 im) {
  return {reinterpret_cast<uint8_t*>(im.data), im.pitch, im.width, im.height, im.channels};
}

// The thresholds read one gray plane: a colour src would need a 16-bit gray conversion.
void require_gray(ConstImage16 src) {
  if (src.channels != 1)
    throw Error(ErrorCode::Unsupported, kApplyCall,
                {named_argument("src"),
                 " of 16-bit samples must have 1 channel for this filter (got " + std::to_string(src.channels) + ")"});
}

// CPU backend: src itself, or a copy where dst overlaps it (the running sums read rows above and
// below the one they write).
ConstImage16 cpu_readable16(EngineContext& engine, ConstImage16 src, const Image16& dst) {
  if (!overlaps(src, ConstImage16(dst))) return src;
  const std::size_t row_bytes = std::size_t(src.width) * std::size_t(src.channels) * 2;
  auto* copy = static_cast<uint16_t*>(engine.scratch(1, row_bytes * std::size_t(src.height), kApplyCall));
  for (int y = 0; y < src.height; ++y)
    std::memcpy(reinterpret_cast<char*>(copy) + row_bytes * std::size_t(y), row_ptr(src.data, src.pitch, y), row_bytes);
  return {copy, row_bytes, src.width, src.height, src.channels};
}

Box16Job box_job(ConstImage16 src, Image16 dst, int kw, int kh, Border border) {
  Box16Job j;
  j.src = src.data;
  j.src_pitch = src.pitch;
  j.dst = dst.data;
  j.dst_pitch = dst.pitch;
  j.width = src.width;
  j.height = src.height;
  j.channels = src.channels;
  j.kw = kw;
  j.kh = kh;
  j.ax = kw / 2;
  j.ay = kh / 2;
  j.border = border;
  return j;
}

// The stages of one 16-bit pass: convert (the CPU's copy for in place; nothing on CUDA), table
// (CUDA: inside the pass's launch, so marked with it), filter. job.box.src is set here.
template <class Job>
void stages16(EngineContext& engine, ConstImage16 src, const Image16& dst, Job& job, Box16Job& box,
              void (*cpu)(const Job&, int), void (*cuda)(const Job&, void*, cudaStream_t), std::size_t table_bytes,
              cudaStream_t stream) {
  if (engine.backend() == Backend::Cuda) check_device_images(kApplyCall, bytes_of(src), bytes_of(dst));
  engine.begin(stream);
  if (engine.backend() == Backend::Cpu) {
    const ConstImage16 in = cpu_readable16(engine, src, dst);
    box.src = in.data;
    box.src_pitch = in.pitch;
    cpu_pass_stage(engine, stream, [&] { cpu(job, engine.cpu_threads()); });
    return;
  }
  engine.mark(1, stream);
  engine.mark(2, stream);
  void* table = engine.scratch(0, table_bytes * std::size_t(src.width) * std::size_t(src.height), kApplyCall);
  cuda(job, table, stream);
  engine.mark(3, stream);
}

}  // namespace

void run16(EngineContext& engine, const BoxBlurParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream) {
  Box16Job job = box_job(src, dst, params.kernel_width, params.kernel_height, params.border);
  job.rounding = make_box_rounding16(int64_t(job.kw) * job.kh, int64_t(src.width) * src.channels);
  stages16(engine, src, dst, job, job, cpu_box16, cuda_box16, sizeof(uint64_t), stream);
}

void run16(EngineContext& engine, const MeanCParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream) {
  require_gray(src);
  MeanC16Job job;
  // As the 8-bit run: boxFilter(..., BORDER_REPLICATE | BORDER_ISOLATED) gives a one-row
  // (one-column) image a kernel of height (width) 1.
  job.box = box_job(src, dst, src.width == 1 ? 1 : params.block, src.height == 1 ? 1 : params.block, Border::Replicate);
  job.box.rounding = make_box_rounding16(int64_t(job.box.kw) * job.box.kh, src.width);
  // C is in 8-bit units: C·257 in 16-bit ones. src − mean lies in [−65535, 65535], so clamping
  // C·257 to ±2^17 changes nothing and keeps the int conversion defined.
  const double c = std::min(131072.0, std::max(-131072.0, params.C * 257.0));
  job.idelta = int(params.invert ? std::floor(c) : std::ceil(c));
  job.invert = params.invert;
  job.on = uint16_t(params.max_value * 257u);
  stages16(engine, src, dst, job, job.box, cpu_mean_c16, cuda_mean_c16, sizeof(uint64_t), stream);
}

void run16(EngineContext& engine, const BradleyParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream) {
  require_gray(src);
  Bradley16Job job;
  job.box = box_job(src, dst, params.window, params.window, Border::Reflect101);
  job.factor = 100.0 - params.t;
  job.on = uint16_t(params.max_value * 257u);
  stages16(engine, src, dst, job, job.box, cpu_bradley16, cuda_bradley16, sizeof(uint64_t), stream);
}

void run16(EngineContext& engine, const SauvolaParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream) {
  require_gray(src);
  Sauvola16Job job;
  job.box = box_job(src, dst, params.window, params.window, Border::Reflect101);
  job.area = double(params.window) * double(params.window);
  job.k = params.k;
  // r is in 8-bit units, as for 8-bit images: r·257; the default 127.5 gives 32767.5, half the
  // 16-bit range, scikit-image's default for uint16 data.
  job.r = (params.r == 0.0 ? 127.5 : params.r) * 257.0;
  job.on = uint16_t(params.max_value * 257u);
  stages16(engine, src, dst, job, job.box, cpu_sauvola16, cuda_sauvola16, sizeof(SumSq), stream);
}

}  // namespace sat::filters
