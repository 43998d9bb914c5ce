// What the sessions (sat/filter_session.h, sat/detect_session.h) share: frames seen as bytes (the
// one place where the size of a sample enters), the rule by which an engine grows, and device
// memory for frames that is reallocated only when too small.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "sat/filter_image.h"
#include "sat/sat.h"
#include "sat/support/buffers.h"
#include "sat/support/pitched_buffer.h"

namespace sat::session {

// The bytes of one row of pixels.
inline std::size_t row_bytes(ConstImageView image) {
  return std::size_t(image.width) * std::size_t(image.channels) * sample_bytes(image.sample);
}
// The bytes from the first pixel to the last: the rows with the padding between them.
inline std::size_t span_bytes(ConstImageView image) {
  return image.height > 0 ? image.pitch * std::size_t(image.height - 1) + row_bytes(image) : 0;
}

// Whether an engine of `have` holds frames of `need`; the extent it grows to when it does not
// (each side the larger of the two: never smaller in either).
inline bool holds(Extent have, Extent need) { return need.width <= have.width && need.height <= have.height; }
inline Extent grown(Extent have, Extent need) {
  return {have.width > need.width ? have.width : need.width, have.height > need.height ? have.height : need.height};
}

// Device memory for one frame at a time, kept from frame to frame and reallocated only when a
// frame needs more.
class DeviceFrame {
 public:
  // `host` copied to the device on `stream`: the rows with their padding in one copy (from
  // pageable memory one contiguous copy is the driver's fastest; a pitched copy moves the same
  // bytes row by row). The view keeps the host's pitch.
  ConstImageView upload(ConstImageView host, cudaStream_t stream);
  // A pitched device image of width × height × channels samples of `sample`.
  ImageView image(int width, int height, int channels, SampleType sample = SampleType::U8);
  void release();

 private:
  DeviceBuffer linear_;
  PitchedBuffer pitched_;
};

// A device image copied into host memory of its size (row by row: the host's padding is the
// caller's), on `stream`.
void download(ConstImageView device, ImageView host, cudaStream_t stream);

}  // namespace sat::session
