// The 16-bit planes of the deep formats (GRAY16_LE, P010_10LE, I420_10LE) around a filter that
// reads 16-bit images: the significant bits taken out of a sample and put back, and chroma made
// neutral, on the host (the device twins: deep_samples_device.h).
//   unshift:  dst = src >> shift              (P010: the 10 high bits as values 0 … 1023)
//   pack:     dst = min(src, max) << shift    (a filter's result in its input's units, e.g. a box
//                                              blur of 10-bit values, as the format's samples)
//   rescale:  dst = round(src · max / 65535) << shift  (a threshold's 16-bit levels, 0 and
//                                              max_value · 257, as the format's: 65535 → max)
// dst may be src (same pitch) for both.
#pragma once

#include <gst/video/video.h>

#include <cstdint>

#include "sat/filter_image.h"

namespace sat_gst {

void unshift_samples(sat::ConstImage16 src, sat::Image16 dst, int shift);
void pack_samples(sat::ConstImage16 src, sat::Image16 dst, unsigned max, int shift);
void rescale_samples(sat::ConstImage16 src, sat::Image16 dst, unsigned max, int shift);
// Every sample of the chroma planes (plane 1 onwards) of a mapped frame of 16-bit samples = value.
void fill_chroma16(GstVideoFrame* dst, uint16_t value);

}  // namespace sat_gst
