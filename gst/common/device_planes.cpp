#include "common/device_planes.h"

#include "common/deep_samples_device.h"
#include "common/frame_planes.h"
#include "sat/support/cuda_check.h"

namespace sat_gst {

void copy_chroma_device(GstVideoFrame* src, GstVideoFrame* dst, cudaStream_t stream) {
  for (int plane = 1; plane < int(GST_VIDEO_FRAME_N_PLANES(dst)); ++plane) {
    const sat::Image8 from = plane_image(src, plane, 1), to = plane_image(dst, plane, 1);
    SAT_CUDA_CHECK(cudaMemcpy2DAsync(to.data, to.pitch, from.data, from.pitch, plane_row_bytes(dst, plane),
                                     std::size_t(to.height), cudaMemcpyDeviceToDevice, stream));
  }
}

void neutral_chroma_device(GstVideoFrame* dst, cudaStream_t stream) {
  for (int plane = 1; plane < int(GST_VIDEO_FRAME_N_PLANES(dst)); ++plane) {
    const sat::Image8 to = plane_image(dst, plane, 1);
    SAT_CUDA_CHECK(
        cudaMemset2DAsync(to.data, to.pitch, 128, plane_row_bytes(dst, plane), std::size_t(to.height), stream));
  }
}

void fill_chroma16_device(GstVideoFrame* dst, uint16_t value, cudaStream_t stream) {
  for (int plane = 1; plane < int(GST_VIDEO_FRAME_N_PLANES(dst)); ++plane) {
    const sat::Image8 bytes = plane_image(dst, plane, 1);
    const int samples = int(plane_row_bytes(dst, plane) / 2);  // P010: U and V interleaved
    fill_samples_device({reinterpret_cast<uint16_t*>(bytes.data), bytes.pitch, samples, bytes.height, 1}, value,
                        stream);
  }
}

}  // namespace sat_gst
