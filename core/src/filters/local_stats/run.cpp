// Local statistics on both backends: gray of colour input (stage 1), the {Σx, Σx²} table of the
// gray image (stage 2, CUDA only: the CPU sums by running sums), the per-pixel pass (stage 3).
#include <cstring>

#include "filters/backend.h"
#include "filters/engine_context.h"
#include "filters/filter_validate.h"
#include "filters/local_stats/local_stats_pass.h"

namespace sat::filters {
namespace {

constexpr const char* kCall = "sat::FilterEngine::apply";
constexpr int kTableSlot = 0, kGraySlot = 1;

// The gray image the pass reads: src itself (1 channel), or src converted into a scratch slot.
// The CPU's running sums read rows ahead of the one they write: a gray src that dst overlaps (in
// place) is copied first.
ConstImage8 gray_image(EngineContext& engine, ConstImage8 src, const Image8& dst, cudaStream_t stream) {
  const bool cuda = engine.backend() == Backend::Cuda;
  if (src.channels == 1 && (cuda || !overlaps(src, dst))) return src;
  const std::size_t pitch = std::size_t(src.width);
  auto* gray = static_cast<uint8_t*>(engine.scratch(kGraySlot, pitch * std::size_t(src.height), kCall));
  if (cuda)
    cuda_to_gray(src, gray, pitch, stream);
  else if (src.channels == 1)
    for (int y = 0; y < src.height; ++y) std::memcpy(gray + pitch * std::size_t(y), row_ptr(src.data, src.pitch, y), pitch);
  else
    cpu_to_gray(src, gray, pitch, engine.cpu_threads());
  return {gray, pitch, src.width, src.height, 1};
}

}  // namespace

void run(EngineContext& engine, const LocalStatsParams& params, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  // A gray src is read pixel by pixel where dst is written: in place is fine, other overlaps are not.
  check_images(kCall, src, dst, 1, engine.max_extent(), src.channels == 1 ? Alias::SameImageOnly : Alias::Any);
  const bool cuda = engine.backend() == Backend::Cuda;
  if (cuda) check_device_images(kCall, src, dst);

  LocalStatsJob job;
  job.dst = dst.data;
  job.dst_pitch = dst.pitch;
  job.width = src.width;
  job.height = src.height;
  job.window = params.window;
  job.anchor = params.window / 2;
  job.output = params.output;
  job.scale = params.scale;
  job.gain = params.gain;
  job.c = params.c;

  engine.begin(stream);
  const ConstImage8 gray = gray_image(engine, src, dst, stream);
  job.gray = gray.data;
  job.gray_pitch = gray.pitch;
  engine.mark(1, stream);
  if (cuda) {
    const Extent e{src.width, src.height};
    const std::size_t table_pitch = std::size_t(e.width) * sizeof(SumSq);
    void* table = engine.scratch(kTableSlot, table_pitch * std::size_t(e.height), kCall);
    engine.build_tables(kCall, Problem{ElementType::U8ToSumSq, e, gray.data, gray.pitch, table, table_pitch}, Batch{},
                        stream);
    job.table = static_cast<const SumSq*>(table);
    job.table_pitch = table_pitch;
  }
  engine.mark(2, stream);
  if (cuda)
    cuda_local_stats(job, stream);
  else
    cpu_local_stats(job, engine.cpu_threads());
  engine.mark(3, stream);
}

}  // namespace sat::filters
