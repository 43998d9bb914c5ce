#include "common/frame/frame_view.h"

#include <cmath>
#include <string>

#include "sat/error.h"

namespace satapp {

namespace {
int32_t fixed(double value) { return static_cast<int32_t>(std::lround(value * 65536.0)); }
}  // namespace

void require_8bit(PixelLayout layout, const char* call) {
  const sat::PixelLayoutInfo& info = sat::layout_info(layout);
  if (!sat::is_deep(info)) return;
  throw sat::Error(
      sat::ErrorCode::InvalidArgument, call,
      std::string(info.name) + " has " + std::to_string(info.bits) + "-bit samples: only 8-bit layouts are read here");
}

YuvMatrix yuv_matrix(double kr, double kb, bool full_range) {
  const double kg = 1.0 - kr - kb;
  // Video range: luma spans 219 codes and chroma 224 instead of 255.
  const double luma_scale = full_range ? 1.0 : 255.0 / 219.0;
  const double chroma_scale = full_range ? 1.0 : 255.0 / 224.0;
  YuvMatrix m;
  m.cy = fixed(luma_scale);
  m.cr_r = fixed(2.0 * (1.0 - kr) * chroma_scale);
  m.cb_b = fixed(2.0 * (1.0 - kb) * chroma_scale);
  m.cb_g = fixed(2.0 * kb * (1.0 - kb) / kg * chroma_scale);
  m.cr_g = fixed(2.0 * kr * (1.0 - kr) / kg * chroma_scale);
  m.y_offset = full_range ? 0 : 16;
  return m;
}

}  // namespace satapp
