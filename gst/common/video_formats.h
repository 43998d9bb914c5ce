// The raw video formats the filter elements take, and what each means to a filter:
//   GRAY8                 one channel, filtered as it is;
//   BGR, BGRx, BGRA       satcore's own channel order (3 or 4 interleaved channels);
//   RGBA                  red and blue swapped into BGRA order around the filter (exact: the
//                         filters that read colour as gray must see blue where satcore expects it);
//   I420, NV12            the decoders' formats: the luma plane is the image filtered, chroma is
//                         passed through (or made neutral by a filter whose output is gray);
//   GRAY16_LE             one 16-bit channel, filtered as it is;
//   P010_10LE, I420_10LE  10-bit NV12 and I420: luma filtered as 10-bit values in a 16-bit image
//                         (P010: Y >> 6), the result written back clamped to 1023 (P010: << 6),
//                         chroma as for NV12 and I420 (neutral: 512).
// The 16- and 10-bit formats are offered only by the elements whose catalog filter takes 16-bit
// images (sat::FilterInfo::samples); the others refuse them in their caps.
// A filter whose output is gray (sat::FilterOutput::Gray) keeps the format by default — the gray
// result in every colour channel (alpha kept), or as luma with neutral chroma — and writes GRAY8
// where downstream asks for it.
#pragma once

#include <gst/video/video.h>

#include <vector>

#include "sat/filter_spec.h"
#include "sat/pixel_layout.h"

namespace sat_gst {

// The format's row of satcore's table of layouts (sat/pixel_layout.h: planes, channels of the
// plane the filter reads, which plane is luma, red or blue first); nullptr for a format the
// elements do not take.
const sat::PixelLayoutInfo* find_layout(GstVideoFormat format);

// The 8-bit formats in system memory and in CUDA memory, in the order of preference of the caps.
const std::vector<GstVideoFormat>& system_memory_formats();
const std::vector<GstVideoFormat>& cuda_memory_formats();
// The formats of 16-bit samples (GRAY16_LE, P010_10LE, I420_10LE; in CUDA memory the 10-bit two).
const std::vector<GstVideoFormat>& deep_system_memory_formats();
const std::vector<GstVideoFormat>& deep_cuda_memory_formats();
// What an element of `filter` takes: the 8-bit formats, then the deep ones where the catalog
// entry lists 16-bit samples (after the 8-bit ones, so that an unconstrained upstream keeps
// choosing the format it chose before).
std::vector<GstVideoFormat> element_formats(const sat::FilterInfo& filter, bool cuda);

// The output formats a gray-output filter makes from input `input` (first = preferred), and the
// input formats that make output `format`. Filters that keep the channels map each format to itself.
// GRAY8 is made from the 8-bit formats only: a deep format keeps its depth, and maps to itself.
std::vector<GstVideoFormat> gray_filter_outputs(GstVideoFormat input);
std::vector<GstVideoFormat> gray_filter_inputs(GstVideoFormat output);

// The "format" field of `s`: one format, or the list in this order.
void set_formats(GstStructure* s, const std::vector<GstVideoFormat>& formats);

// "video/x-raw, format = (string) { GRAY8, ... }, width = [1, max], ...", with the CUDA memory
// feature when `cuda` is set.
GstCaps* make_caps(const std::vector<GstVideoFormat>& formats, bool cuda);

}  // namespace sat_gst
