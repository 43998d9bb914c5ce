// The colour conversions each backend offers the filters (each filter's own passes are in its
// folder: box_blur/pass.h, ...). CUDA: device pointers, enqueued on `stream`, no allocation.
// CPU: host pointers, synchronous, rows in bands over `threads` threads (cpu_rows.h: 0 =
// automatic).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "filters/filter_ops.h"
#include "sat/filters.h"

namespace sat::filters {

// 3- or 4-channel BGR[A] → 1-channel gray (cv::cvtColor integer formula); 1 channel: copy.
void cuda_to_gray(ConstImage8 src, uint8_t* dst, std::size_t dst_pitch, cudaStream_t stream);
void cpu_to_gray(ConstImage8 src, uint8_t* dst, std::size_t dst_pitch, int threads);

// 3- or 4-channel image → 4-byte pixels (BGR gets a zero 4th byte) for the u8x4 table.
void cuda_to_bgrx(ConstImage8 src, u8x4* dst, std::size_t dst_pitch, cudaStream_t stream);
void cpu_to_bgrx(ConstImage8 src, u8x4* dst, std::size_t dst_pitch, int threads);

}  // namespace sat::filters
