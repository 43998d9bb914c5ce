#include "common/frame/frame_view.h"

#include <cmath>

namespace satapp {

namespace {
int32_t fixed(double value) { return static_cast<int32_t>(std::lround(value * 65536.0)); }
}  // namespace

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

int plane_count(PixelLayout layout) { return layout == PixelLayout::Nv12 ? 2 : layout == PixelLayout::I420 ? 3 : 1; }

const char* to_string(PixelLayout layout) {
  switch (layout) {
    case PixelLayout::Bgr:
      return "BGR";
    case PixelLayout::Bgrx:
      return "BGRx";
    case PixelLayout::Bgra:
      return "BGRA";
    case PixelLayout::Rgbx:
      return "RGBx";
    case PixelLayout::Rgba:
      return "RGBA";
    case PixelLayout::Gray:
      return "GRAY8";
    case PixelLayout::Nv12:
      return "NV12";
    case PixelLayout::I420:
      return "I420";
  }
  return "?";
}

}  // namespace satapp
