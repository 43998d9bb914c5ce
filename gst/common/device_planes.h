// The chroma planes of a planar YUV frame in CUDA memory, on the element's stream: copied from
// the input, or set to the neutral 128 (the device twins of frame_planes.h's copy_chroma and
// neutral_chroma).
#pragma once

#include <cuda_runtime_api.h>
#include <gst/video/video.h>

#include <cstdint>

namespace sat_gst {

void copy_chroma_device(GstVideoFrame* src, GstVideoFrame* dst, cudaStream_t stream);
void neutral_chroma_device(GstVideoFrame* dst, cudaStream_t stream);
// The chroma of a frame of 16-bit samples (P010_10LE, I420_10LE): every sample = value.
void fill_chroma16_device(GstVideoFrame* dst, uint16_t value, cudaStream_t stream);

}  // namespace sat_gst
