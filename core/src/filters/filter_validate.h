// Argument checks of the FilterEngine: each throws sat::Error(InvalidArgument) naming the call and
// the offending value, before anything is launched or written.
#pragma once

#include "sat/filters.h"

namespace sat::filters {

// How dst may overlap src: not at all, or only as the very same image (in place).
enum class Alias { Forbidden, SameImageOnly, Any };

// src: non-null, size ≥ 1, channels 1/3/4, pitch ≥ a row, within max_extent.
// dst: non-null, src's size, `dst_channels` channels, pitch ≥ a row; overlap as `alias` allows.
// Both: pitch × (height − 1) + a row, and the address it ends at, inside the address space.
void check_images(const char* call, ConstImage8 src, const Image8& dst, int dst_channels, Extent max_extent,
                  Alias alias);

// Whether the bytes of a and b (rows × pitch) overlap at all; for images check_images took.
bool overlaps(ConstImage8 a, ConstImage8 b);

// CUDA backend: the images must be device-accessible memory (not plain pageable host memory).

void check_device_images(const char* call, ConstImage8 src, const Image8& dst);

// An image parameter given beside src (ParamKind::Image, e.g. a radius map) under its parameter's
// `name`: non-null, src's size, `channels` channels, pitch ≥ a row, inside the address space, not
// overlapping dst (the pass reads it while dst is written); on the CUDA backend (`device`), not
// plain host memory.
void check_param_image(const char* call, const char* name, ConstImage8 image, int channels, ConstImage8 src,
                       const Image8& dst, bool device);

void check_box_blur(const char* call, const BoxBlurParams& p);
// The thresholds also check max_value in 1..255 (0 would paint foreground as background).
void check_mean_c(const char* call, const MeanCParams& p);
void check_sauvola(const char* call, const SauvolaParams& p);
void check_bradley(const char* call, const BradleyParams& p);

}  // namespace sat::filters
