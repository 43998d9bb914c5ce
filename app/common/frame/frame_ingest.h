// A decoded frame in GPU memory (frame_view.h) into what satcore's filters read, with no
// intermediate image: the luma plane itself for the gray filters where the layout has one
// (a view, no copy), else a 4-byte BGRA image made from the decoder's layout in one kernel; the
// same kernel may write the frame's RGBA for display too (one read of the frame for both). The
// colours are pixel_to_bgr.h's, so a frame gives the bytes of the host conversion (frame_to_bgr.h)
// with alpha 255.
#pragma once

#include <cuda_runtime_api.h>

#include <optional>

#include "common/frame/frame_view.h"
#include "sat/filter_params.h"

namespace satapp {

// The frame's luma (NV12, I420) or gray (GRAY8) plane as a 1-channel image of the frame's size,
// with the plane's pitch: no copy. Nullopt for packed RGB layouts; throws sat::Error naming the
// layout for one of more than 8 bits (require_8bit).
std::optional<sat::ConstImage8> luma_plane(const FrameView& frame);

// Device frame → `bgra` (4 channels, the frame's size, alpha 255; data null: none) and/or the
// RGBA8 surface `rgba` (uchar4 at byte x = 4·column; 0: none), in one kernel on `stream`. Throws
// sat::Error for a host frame, a size mismatch or a layout of more than 8 bits, sat::Error on a
// launch failure.
void ingest_gpu(const FrameView& frame, sat::Image8 bgra, cudaSurfaceObject_t rgba, cudaStream_t stream);

}  // namespace satapp
