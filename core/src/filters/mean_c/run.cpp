// Adaptive mean − C threshold on the engine: the gray plane, its u32 table (CUDA), the pass.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "filters/filter_validate.h"
#include "filters/mean_c/pass.h"
#include "filters/stages.h"

namespace sat::filters {

void run(EngineContext& engine, const MeanCParams& params, ConstImage8 src, Image8 dst, cudaStream_t stream) {
  check_gray_pass_images(engine, src, dst);

  const Extent e{src.width, src.height};
  MeanCJob job;
  BoxJob& box = job.box;
  box.dst = dst.data;
  box.dst_pitch = dst.pitch;
  box.width = e.width;
  box.height = e.height;
  box.channels = 1;
  // boxFilter(src, mean, CV_8U, b×b, (-1,-1), true, BORDER_REPLICATE|BORDER_ISOLATED): with
  // BORDER_ISOLATED a one-row (one-column) image gets a kernel of height (width) 1.
  box.kw = e.width == 1 ? 1 : params.block;
  box.kh = e.height == 1 ? 1 : params.block;
  box.ax = box.kw / 2;
  box.ay = box.kh / 2;
  box.border = Border::Replicate;
  box.rounding = make_box_rounding(int64_t(box.kw) * box.kh, e.width);
  // idelta = cvCeil(C) for THRESH_BINARY, cvFloor(C) for THRESH_BINARY_INV. src − mean lies in
  // [−255, 255], so clamping C to ±1024 changes nothing and keeps the int conversion defined.
  const double c = std::min(1024.0, std::max(-1024.0, params.C));
  job.idelta = int(params.invert ? std::floor(c) : std::ceil(c));
  job.invert = params.invert;
  job.max_value = params.max_value;

  gray_table_stages(engine, src, dst, ElementType::U8ToU32, stream, [&](GrayPlane gray, TablePlane table) {
    job.gray = gray.data;
    job.gray_pitch = gray.pitch;
    box.table = table.data;
    box.table_pitch = table.pitch;
    run_pass(engine, cuda_mean_c, cpu_mean_c, job, stream);
  });
}

}  // namespace sat::filters
