// A mapped GstVideoFrame's planes as satcore images (pitched: the frame's strides), and the
// few byte operations the formats need around a filter on the host: the red/blue swap of RGBA,
// chroma copied or made neutral.
#pragma once

#include <gst/video/video.h>

#include <cstdint>
#include <vector>

#include "sat/filter_params.h"

namespace sat_gst {

// Plane `plane` of a mapped frame, `channels` interleaved channels a pixel.
sat::Image8 plane_image(GstVideoFrame* frame, int plane, int channels);

// The bytes of one row of plane `plane` that hold pixels (its stride may be more).
std::size_t plane_row_bytes(GstVideoFrame* frame, int plane);

// dst = src with channels 0 and 2 exchanged (4 channels a pixel); dst may be src.
void swap_red_blue(sat::ConstImage8 src, sat::Image8 dst);

// dst (3 or 4 channels) = the gray image in every colour channel; a 4th channel (alpha, x) is
// taken from src, the frame the gray image was computed from.
void spread_gray(sat::ConstImage8 gray, sat::ConstImage8 src, sat::Image8 dst);

// Host scratch image of the given shape (reused from frame to frame).
sat::Image8 scratch_image(std::vector<uint8_t>& storage, int width, int height, int channels);

// The chroma planes of a planar YUV frame (plane 1 onwards): copied from src, or set to the
// neutral value 128 (a gray picture).
void copy_chroma(const GstVideoFrame* src, GstVideoFrame* dst);
void neutral_chroma(GstVideoFrame* dst);

}  // namespace sat_gst
