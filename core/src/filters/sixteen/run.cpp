// The 16-bit runs of box, mean − C, Bradley–Roth, Sauvola, local statistics, Kuwahara and the
// variable-radius blur on the engine. The CPU backend sums src itself (a copy in scratch slot 1
// where dst overlaps it), by running sums or band tables; CUDA has satcore build the u64 (or
// {Σx, Σx²}) table of a 1-channel image in scratch slot 0 and reads 4 taps per pixel; colour
// images (box, variable blur) take one channel after the other over sixteen/cuda.cu's table.
#include "filters/sixteen/run.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "filters/backend.h"
#include "filters/filter_validate.h"
#include "filters/sixteen/ops.h"
#include "filters/sixteen/window_ops.h"
#include "filters/stages.h"
#include "filters/variable_blur/radius_field.h"

namespace sat::filters {
namespace {

ConstImage8 bytes_of(ConstImage16 im) {
  return {reinterpret_cast<const uint8_t*>(im.data), im.pitch, im.width, im.height, im.channels};
}
Image8 bytes_of(Image16 im) {
  return {reinterpret_cast<uint8_t*>(im.data), im.pitch, im.width, im.height, im.channels};
}

ElementType table_type(const Box16Job& j) { return j.u32_table ? ElementType::U16ToU32 : ElementType::U16ToU64; }

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
// (CUDA: satcore's u64 or SumSq table of a 1-channel image; a colour box builds one table per
// channel inside its pass, so that stage is marked with the filter's), filter. job.box.src is set
// here.
template <class Job, class CudaTable>
void stages16(EngineContext& engine, ConstImage16 src, const Image16& dst, Job& job, Box16Job& box,
              void (*cpu)(const Job&, int), void (*cuda)(const Job&, CudaTable, cudaStream_t), ElementType table,
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
  const Extent e{src.width, src.height};
  if (src.channels == 1) {
    const TablePlane t = table_of(engine, table, src.data, src.pitch, e, stream);
    engine.mark(2, stream);
    cuda(job, static_cast<CudaTable>(const_cast<void*>(t.data)), stream);
  } else {
    engine.mark(2, stream);
    cuda(job, static_cast<CudaTable>(engine.scratch(0, sizeof(uint64_t) * std::size_t(e.width) * e.height, kApplyCall)),
         stream);
  }
  engine.mark(3, stream);
}

// The stages of the banded CPU passes and their CUDA twins (Kuwahara, variable blur): the CPU
// keeps its tables in bands inside the filter stage; CUDA builds the table (satcore's for one
// channel) then runs the pass. cuda_pass(table) runs on the built table of channel c.
template <class CpuPass, class CudaPass>
void banded16(EngineContext& engine, ConstImage16 src, const Image16& dst, ElementType table_type, CpuPass&& cpu_pass,
              CudaPass&& cuda_pass, cudaStream_t stream) {
  engine.begin(stream);
  if (engine.backend() == Backend::Cpu) {
    const ConstImage16 in = cpu_readable16(engine, src, dst);
    cpu_pass_stage(engine, stream, [&] { cpu_pass(in); });
    return;
  }
  check_device_images(kApplyCall, bytes_of(src), bytes_of(dst));
  engine.mark(1, stream);
  const Extent e{src.width, src.height};
  if (src.channels == 1) {
    const TablePlane t = table_of(engine, table_type, src.data, src.pitch, e, stream);
    engine.mark(2, stream);
    cuda_pass(t.data, 0);
  } else {  // colour (variable blur): one channel's u64 table at a time, channel c's pass writes channel c
    engine.mark(2, stream);
    auto* t = static_cast<uint64_t*>(engine.scratch(0, sizeof(uint64_t) * std::size_t(e.width) * e.height, kApplyCall));
    Box16Job geometry = box_job(src, dst, 1, 1, Border::Reflect101);
    for (int c = 0; c < src.channels; ++c) {
      cuda_channel_table16(geometry, c, t, stream);
      cuda_pass(t, c);
    }
  }
  engine.mark(3, stream);
}

}  // namespace

void require_gray16(ConstImage16 src) {
  if (src.channels != 1)
    throw Error(ErrorCode::Unsupported, kApplyCall,
                {named_argument("src"),
                 " of 16-bit samples must have 1 channel for this filter (got " + std::to_string(src.channels) + ")"});
}

void run16(EngineContext& engine, const BoxBlurParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream) {
  Box16Job job = box_job(src, dst, params.kernel_width, params.kernel_height, params.border);
  job.rounding = make_box_rounding16(int64_t(job.kw) * job.kh, int64_t(src.width) * src.channels);
  job.u32_table = src.channels == 1 && int64_t(job.kw) * job.kh <= kMaxExactU16Pixels;
  stages16(engine, src, dst, job, job, cpu_box16, cuda_box16, table_type(job), stream);
}

void run16(EngineContext& engine, const MeanCParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream) {
  require_gray16(src);
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
  job.box.u32_table = int64_t(job.box.kw) * job.box.kh <= kMaxExactU16Pixels;
  stages16(engine, src, dst, job, job.box, cpu_mean_c16, cuda_mean_c16, table_type(job.box), stream);
}

void run16(EngineContext& engine, const BradleyParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream) {
  require_gray16(src);
  Bradley16Job job;
  job.box = box_job(src, dst, params.window, params.window, Border::Reflect101);
  job.factor = 100.0 - params.t;
  job.on = uint16_t(params.max_value * 257u);
  job.box.u32_table = int64_t(job.box.kw) * job.box.kh <= kMaxExactU16Pixels;
  stages16(engine, src, dst, job, job.box, cpu_bradley16, cuda_bradley16, table_type(job.box), stream);
}

void run16(EngineContext& engine, const SauvolaParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream) {
  require_gray16(src);
  Sauvola16Job job;
  job.box = box_job(src, dst, params.window, params.window, Border::Reflect101);
  job.area = double(params.window) * double(params.window);
  job.k = params.k;
  // r is in 8-bit units, as for 8-bit images: r·257; the default 127.5 gives 32767.5, half the
  // 16-bit range, scikit-image's default for uint16 data.
  job.r = (params.r == 0.0 ? 127.5 : params.r) * 257.0;
  job.on = uint16_t(params.max_value * 257u);
  stages16(engine, src, dst, job, job.box, cpu_sauvola16, cuda_sauvola16, ElementType::U16ToSumSq, stream);
}

void run16(EngineContext& engine, const LocalStatsParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream) {
  require_gray16(src);
  LocalStats16Job job;
  job.box = box_job(src, dst, params.window, params.window, Border::Reflect101);
  job.output = params.output;
  // The 8-bit parameters in 16-bit units (sixteen/window_ops.h): an image x·257 gives 257 × the
  // 8-bit output.
  job.scale = params.scale * 257.0;
  job.gain = params.gain * 257.0;
  job.c = params.c * 257.0;
  const auto cuda = [](const LocalStats16Job& j, const SumSq* table, cudaStream_t s) {
    cuda_local_stats16(j, table, s);
  };
  stages16<LocalStats16Job, const SumSq*>(engine, src, dst, job, job.box, cpu_local_stats16, cuda,
                                          ElementType::U16ToSumSq, stream);
}

void run16(EngineContext& engine, const KuwaharaParams& params, ConstImage16 src, Image16 dst, cudaStream_t stream) {
  require_gray16(src);
  Kuwahara16Job job;
  job.dst = dst.data;
  job.dst_pitch = dst.pitch;
  job.width = src.width;
  job.height = src.height;
  job.radius = params.radius;
  banded16(
      engine, src, dst, ElementType::U16ToSumSq,
      [&](ConstImage16 in) { cpu_kuwahara16(engine, in, dst, params.radius); },
      [&](const void* table, int) {
        job.table = static_cast<const SumSq*>(table);
        job.table_pitch = std::size_t(src.width) * sizeof(SumSq);
        cuda_kuwahara16(job, stream);
      },
      stream);
}

void run16(EngineContext& engine, const VariableBlurParams& params, ConstImage16 src, Image16 dst,
           cudaStream_t stream) {
  const bool cuda = engine.backend() == Backend::Cuda;
  if (params.shape == RadiusShape::Map) {  // the map is 8-bit radii; dst's bytes for the overlap check
    const Image8 dst_bytes{reinterpret_cast<uint8_t*>(dst.data), dst.pitch, 2 * dst.width * dst.channels, dst.height,
                           1};
    check_image_beside(kApplyCall, "radius_map", params.radius_map, 1, bytes_of(src), dst_bytes, cuda);
  }
  VariableBlur16Job job;
  job.dst = dst.data;
  job.dst_pitch = dst.pitch;
  job.width = src.width;
  job.height = src.height;
  job.channels = src.channels;
  job.field = make_radius_field(params, src.width, src.height);
  banded16(
      engine, src, dst, ElementType::U16ToU64,
      [&](ConstImage16 in) { cpu_variable_blur16(engine, in, dst, job.field); },
      [&](const void* table, int c) {
        job.table = static_cast<const uint64_t*>(table);
        job.table_pitch = std::size_t(src.width) * sizeof(uint64_t);
        job.channel = c;
        cuda_variable_blur16(job, stream);
      },
      stream);
}

}  // namespace sat::filters
