// Image checks of the FilterEngine: each throws sat::Error(InvalidArgument) naming the call and
// the offending value, before anything is launched or written. The filters' parameters are
// checked by the catalog (sat::validate, catalog.cpp).
#pragma once

#include "filters/engine_context.h"
#include "sat/filters.h"

namespace sat::filters {

// How dst may overlap src: not at all, or only as the very same image (in place).
enum class Alias { Forbidden, SameImageOnly, Any };

// src: non-null, size ≥ 1, channels 1/3/4, pitch ≥ a row, within max_extent.
// dst: non-null, src's size, `dst_channels` channels, pitch ≥ a row; overlap as `alias` allows.
// Both: pitch × (height − 1) + a row, and the address it ends at, inside the address space.
void check_images(const char* call, ConstImage8 src, const Image8& dst, int dst_channels, Extent max_extent,
                  Alias alias);

// The same for 16-bit images (pitches in bytes, even; data 2-byte aligned).
void check_images(const char* call, ConstImage16 src, const Image16& dst, int dst_channels, Extent max_extent,
                  Alias alias);
bool overlaps(ConstImage16 a, ConstImage16 b);

// An image given as a filter's parameter (a radius map), named `name` in errors: non-null, size
// ≥ 1, channels 1/3/4, pitch ≥ a row, its bytes inside the address space. Its size and channels
// against src are the filter's to check.
void check_image_param(const char* call, const char* name, ConstImage8 image);

// Whether the bytes of a and b (rows × pitch) overlap at all; for images check_images took.
bool overlaps(ConstImage8 a, ConstImage8 b);

// CUDA backend: the images must be device-accessible memory (not plain pageable host memory).
void check_device_images(const char* call, ConstImage8 src, const Image8& dst);

// The images of a filter whose pass reads the gray plane pixel by pixel and writes 1-channel dst
// (the thresholds, local statistics): a gray src may be dst itself (in place), not overlap it
// otherwise; a colour src is converted first, so any overlap is fine. CUDA: device memory.
void check_gray_pass_images(EngineContext& engine, ConstImage8 src, const Image8& dst);

// An image parameter that a filter's pass reads beside src (e.g. a radius map): check_image_param,
// and src's size, `channels` channels, no overlap with dst (the pass reads it while dst is
// written); on the CUDA backend (`device`), not plain host memory.
void check_image_beside(const char* call, const char* name, ConstImage8 image, int channels, ConstImage8 src,
                        const Image8& dst, bool device);

}  // namespace sat::filters
