// Kuwahara filter on both backends: gray of colour input and the channels as 4-byte pixels
// (stage 1), the {Σg, Σg²} table of the gray image and, for colour, the u32x4 table of the
// channels (stage 2: satcore on the GPU, satcore's CPU tables on the CPU), the per-pixel pass
// (stage 3). A gray image needs one table: its means come from the same sums.
#include "filters/backend.h"
#include "filters/engine_context.h"
#include "filters/engine_tables.h"
#include "filters/filter_validate.h"
#include "filters/kuwahara/kuwahara_pass.h"

namespace sat::filters {
namespace {

constexpr const char* kCall = "sat::FilterEngine::apply";
constexpr int kGrayTableSlot = 0, kStageSlot = 1, kColourTableSlot = 2, kGraySlot = 3;

// The gray image: src itself, or src converted into a scratch slot.
ConstImage8 gray_image(EngineContext& engine, ConstImage8 src, cudaStream_t stream) {
  if (src.channels == 1) return src;
  const std::size_t pitch = std::size_t(src.width);
  auto* gray = static_cast<uint8_t*>(engine.scratch(kGraySlot, pitch * std::size_t(src.height), kCall));
  if (engine.backend() == Backend::Cuda)
    cuda_to_gray(src, gray, pitch, stream);
  else
    cpu_to_gray(src, gray, pitch, engine.cpu_threads());
  return {gray, pitch, src.width, src.height, 1};
}

}  // namespace

void run(EngineContext& engine, const KuwaharaParams& params, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  // The pass reads only the tables: dst may overlap src in any way (they are complete before it
  // writes).
  check_images(kCall, src, dst, src.channels, engine.max_extent(), Alias::Any);
  const bool cuda = engine.backend() == Backend::Cuda;
  if (cuda) check_device_images(kCall, src, dst);

  const Extent e{src.width, src.height};
  engine.begin(stream);
  const ConstImage8 gray = gray_image(engine, src, stream);
  TableInput channels;
  if (src.channels != 1) channels = channel_table_input(engine, src, kStageSlot, kCall, stream);
  engine.mark(1, stream);
  const TableBuffer gray_table =
      build_table(engine, {ElementType::U8ToSumSq, gray.data, gray.pitch}, e, kGrayTableSlot, kCall, stream);
  TableBuffer colour_table;
  if (src.channels != 1) colour_table = build_table(engine, channels, e, kColourTableSlot, kCall, stream);
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
  if (cuda)
    cuda_kuwahara(job, stream);
  else
    cpu_kuwahara(job, engine.cpu_threads());
  engine.mark(3, stream);
}

}  // namespace sat::filters
