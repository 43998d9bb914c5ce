// The passes each backend offers the engine. CUDA: device pointers, enqueued on `stream`, no
// allocation; the box filters read a summed-area table. CPU: host pointers, synchronous, rows in
// bands over `threads` threads (cpu_rows.h: 0 = automatic); the box filters read the image
// itself (separable running sums, running_box_sums.h) and need no table.
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

void cuda_box_blur(const BoxJob& job, cudaStream_t stream);
void cpu_box_blur(const BoxJob& job, int threads);  // reads job.src, not job.table

// Output: job.box.dst (1 channel).
void cuda_mean_c(const MeanCJob& job, cudaStream_t stream);
void cpu_mean_c(const MeanCJob& job, int threads);

void cuda_sauvola(const SauvolaJob& job, cudaStream_t stream);
void cpu_sauvola(const SauvolaJob& job, int threads);

void cuda_bradley(const BradleyJob& job, cudaStream_t stream);
void cpu_bradley(const BradleyJob& job, int threads);

}  // namespace sat::filters
