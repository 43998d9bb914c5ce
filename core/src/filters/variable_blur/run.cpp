// Variable-radius blur on both backends: the image as 4-byte pixels where the u8x4 table needs
// them (stage 1), its u32 / u32x4 table (stage 2: satcore; a box that changes at every pixel
// needs the table on both backends), the per-pixel pass (stage 3). The CPU keeps the table in
// bands of rows (variable_blur_cpu.cpp).
#include "filters/engine_context.h"
#include "filters/engine_tables.h"
#include "filters/filter_validate.h"
#include "filters/stages.h"
#include "filters/variable_blur/variable_blur_pass.h"

namespace sat::filters {
namespace {

constexpr int kTableSlot = 0, kStageSlot = 1;

}  // namespace

void run(EngineContext& engine, const VariableBlurParams& params, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  // The pass reads only the table and the radius: dst may overlap src in any way (the table is
  // complete before the pass writes), not the radius map.
  check_images(kApplyCall, src, dst, src.channels, engine.max_extent(), Alias::Any);
  const bool cuda = engine.backend() == Backend::Cuda;
  if (cuda) check_device_images(kApplyCall, src, dst);
  if (params.shape == RadiusShape::Map)
    check_image_beside(kApplyCall, "radius_map", params.radius_map, 1, src, dst, cuda);

  const Extent e{src.width, src.height};
  VariableBlurJob job;
  job.dst = dst.data;
  job.dst_pitch = dst.pitch;
  job.width = e.width;
  job.height = e.height;
  job.channels = src.channels;
  job.field = make_radius_field(params, e.width, e.height);

  engine.begin(stream);
  if (!cuda) {  // the table in bands of rows, built as the pass goes (the stages are not apart)
    cpu_pass_stage(engine, stream, [&] { cpu_variable_blur(engine, src, job); });
    return;
  }
  const TableInput in = channel_table_input(engine, src, kStageSlot, kApplyCall, stream);
  engine.mark(1, stream);
  const TableBuffer table = build_table(engine, in, e, kTableSlot, kApplyCall, stream);
  engine.mark(2, stream);
  job.table = table.data;
  job.table_pitch = table.pitch;
  cuda_variable_blur(job, stream);
  engine.mark(3, stream);
}

}  // namespace sat::filters
