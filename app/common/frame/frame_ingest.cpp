#include "common/frame/frame_ingest.h"

namespace satapp {

std::optional<sat::ConstImage8> luma_plane(const FrameView& frame) {
  require_8bit(frame.layout, "luma_plane");
  const int plane = sat::layout_info(frame.layout).luma_plane;
  if (plane < 0) return std::nullopt;
  return sat::ConstImage8{frame.plane[plane], frame.pitch[plane], frame.width, frame.height, 1};
}

}  // namespace satapp
