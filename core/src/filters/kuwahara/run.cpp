// Kuwahara filter on both backends: gray of colour input and the channels as 4-byte pixels
// (stage 1), the {Σg, Σg²} table of the gray image and, for colour, the u32x4 table of the
// channels (stage 2: satcore), the per-pixel pass (stage 3). A gray image needs one table: its
// means come from the same sums. The CPU keeps the same tables in bands of rows (kuwahara_cpu.cpp).
#include "filters/engine_context.h"
#include "filters/engine_tables.h"
#include "filters/filter_validate.h"
#include "filters/kuwahara/kuwahara_pass.h"
#include "filters/stages.h"

namespace sat::filters {
namespace {

// Slot 1 holds the gray plane (stages.h); the channels' 4-byte pixels go to a slot of their own.
constexpr int kGrayTableSlot = 0, kColourTableSlot = 2, kStageSlot = 3;

}  // namespace

void run(EngineContext& engine, const KuwaharaParams& params, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  // The pass reads only the tables: dst may overlap src in any way (they are complete before it
  // writes).
  check_images(kApplyCall, src, dst, src.channels, engine.max_extent(), Alias::Any);
  const bool cuda = engine.backend() == Backend::Cuda;
  if (cuda) check_device_images(kApplyCall, src, dst);

  const Extent e{src.width, src.height};
  engine.begin(stream);
  if (!cuda) {  // tables in bands of rows, built as the pass goes (the stages are not apart)
    cpu_pass_stage(engine, stream, [&] { cpu_kuwahara(engine, src, dst, params.radius); });
    return;
  }
  const GrayPlane gray = gray_plane(engine, src, dst, stream);
  TableInput channels;
  if (src.channels != 1) channels = channel_table_input(engine, src, kStageSlot, kApplyCall, stream);
  engine.mark(1, stream);
  const TableBuffer gray_table =
      build_table(engine, {ElementType::U8ToSumSq, gray.data, gray.pitch}, e, kGrayTableSlot, kApplyCall, stream);
  TableBuffer colour_table;
  if (src.channels != 1) colour_table = build_table(engine, channels, e, kColourTableSlot, kApplyCall, stream);
  engine.mark(2, stream);

  KuwaharaJob job;
  job.gray_table = static_cast<const SumSq*>(gray_table.data);
  job.gray_table_pitch = gray_table.pitch;
  job.colour_table = static_cast<const u32x4*>(colour_table.data);
  job.colour_table_pitch = colour_table.pitch;
  job.dst = dst.data;
  job.dst_pitch = dst.pitch;
  job.width = e.width;
  job.height = e.height;
  job.channels = src.channels;
  job.radius = params.radius;
  cuda_kuwahara(job, stream);
  engine.mark(3, stream);
}

}  // namespace sat::filters
