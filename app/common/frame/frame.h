// The one frame type of the programs, from every source to every sink: how its pixels lie
// (FrameView: layout, planes, pitches, YUV matrix, host or device), what keeps them valid, and
// the event that says when device planes are written. A BGR image on the host is a Frame as
// much as a decoder's NV12 in CUDA memory; a consumer dispatches on where the frame lies.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>

#include "common/frame/frame_view.h"

namespace satapp {

struct Frame {
  FrameView view;
  // Keeps the planes valid (a decoder's buffer, a host image's reference count): whoever reads
  // `view` after the call that handed the frame over holds `owner` until it is done with them
  // (the GPU included).
  std::shared_ptr<const void> owner;
  // Device frames: recorded after the work that writes the planes; a consumer's stream waits for
  // it (cudaStreamWaitEvent) before reading them, the host synchronises with it before copying.
  // Null: the planes are written already (e.g. a decoder that synchronised). Owned by `owner`.
  cudaEvent_t ready = nullptr;

  bool empty() const { return view.width <= 0 || view.height <= 0 || !view.plane[0]; }
  bool on_device() const { return view.on_device; }
};

}  // namespace satapp
