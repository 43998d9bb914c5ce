// The device twins of deep_samples.h, on `stream` (images in CUDA memory): no GStreamer here, so
// that the kernels' file compiles without its headers (device_planes.h maps the frames).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "sat/filter_image.h"

namespace sat_gst {

void unshift_samples_device(sat::ConstImage16 src, sat::Image16 dst, int shift, cudaStream_t stream);
void pack_samples_device(sat::ConstImage16 src, sat::Image16 dst, unsigned max, int shift, cudaStream_t stream);
void rescale_samples_device(sat::ConstImage16 src, sat::Image16 dst, unsigned max, int shift, cudaStream_t stream);
// Every sample of `dst` (width × channels a row) = value.
void fill_samples_device(sat::Image16 dst, uint16_t value, cudaStream_t stream);

}  // namespace sat_gst
