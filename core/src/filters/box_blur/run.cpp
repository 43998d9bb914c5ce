// Box blur (cv::blur) on the engine: CUDA builds the u32 (gray) or u32x4 (colour) table of src
// and reads 4 taps per pixel; the CPU backend sums src itself by running sums (no table).
#include <cstdint>

#include "filters/backend.h"
#include "filters/box_blur/pass.h"
#include "filters/filter_validate.h"
#include "filters/stages.h"

namespace sat::filters {

void run(EngineContext& engine, const BoxBlurParams& params, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  // The pass reads only the table (CUDA) or a copy of src (CPU, where dst overlaps it): dst may
  // overlap src in any way, as apply's check_images allowed.
  if (engine.backend() == Backend::Cuda) check_device_images(kApplyCall, src, dst);

  const Extent e{src.width, src.height};
  const int cn = src.channels;
  BoxJob job;
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
  job.rounding = make_box_rounding(int64_t(job.kw) * job.kh, int64_t(e.width) * cn);

  engine.begin(stream);
  if (engine.backend() == Backend::Cpu) {  // running sums over the image itself: no table
    const ConstImage8 in = cpu_readable(engine, src, dst);
    job.src = in.data;
    job.src_pitch = in.pitch;
    cpu_pass_stage(engine, stream, [&] { cpu_box_blur(job, engine.cpu_threads()); });
    return;
  }
  ElementType type = ElementType::U8ToU32;
  const void* input = src.data;
  std::size_t input_pitch = src.pitch;
  if (cn != 1) {
    type = ElementType::U8x4ToU32x4;
    const bool direct = cn == 4 && reinterpret_cast<std::uintptr_t>(src.data) % 4 == 0 && src.pitch % 4 == 0;
    if (!direct) {  // BGR (or unaligned BGRA) → 4-byte pixels in the staging buffer
      input_pitch = std::size_t(e.width) * 4;
      auto* staged = static_cast<u8x4*>(engine.scratch(1, input_pitch * std::size_t(e.height), kApplyCall));
      input = staged;
      cuda_to_bgrx(src, staged, input_pitch, stream);
    }
  }
  engine.mark(1, stream);
  const TablePlane table = table_of(engine, type, input, input_pitch, e, stream);
  engine.mark(2, stream);
  job.table = table.data;
  job.table_pitch = table.pitch;
  cuda_box_blur(job, stream);
  engine.mark(3, stream);
}

}  // namespace sat::filters
