// cv::cvtColor's 8-bit colour → gray, (B·3735 + G·19235 + R·9798 + 16384) >> 15 — satcore's
// (sat::FilterEngine::to_gray), and so sat::Detector's and gst-opencv's facedetect's — for the
// host and the device conversions of the detection elements. RGB2GRAY is the same formula with
// the channels read in the other order.
#pragma once

#include <cstdint>

#ifdef __CUDACC__
#define SAT_GST_HOST_DEVICE __host__ __device__
#else
#define SAT_GST_HOST_DEVICE
#endif

namespace sat_gst {

SAT_GST_HOST_DEVICE inline uint8_t gray_of(uint32_t b, uint32_t g, uint32_t r) {
  return uint8_t((b * 3735u + g * 19235u + r * 9798u + 16384u) >> 15);
}

}  // namespace sat_gst
