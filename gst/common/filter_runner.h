// Runs one catalog filter on one plane, on the backend the element chose when it started, through
// satcore's sat::FilterSession (sat/filter_session.h: the engine sized for the largest frame met,
// the image parameters copied once per loaded file, host planes staged on its stream):
//   CPU  — satcore's CPU backend on the mapped host memory;
//   CUDA — host planes through the session's staging, or device planes (CUDA memory) in place on
//          the caller's stream.
// Every CUDA resource is made in the CUDA context current at its first use: the caller keeps one
// context current around every call and the runner's destruction.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>
#include <string>
#include <vector>

#include "common/image_file.h"
#include "sat/filter_session.h"
#include "sat/support/pitched_buffer.h"

namespace sat_gst {

// An image parameter's current value: which parameter, and its pixels (host).
struct ImageParam {
  std::string name;                        // catalog name, e.g. "radius_map"
  std::shared_ptr<const GrayImage> image;  // a new load is a new object
};

class FilterRunner {
 public:
  explicit FilterRunner(sat::Backend backend) : session_(backend) {}
  sat::Backend backend() const { return session_.backend(); }

  // src, dst in host memory (dst: output_channels(spec) channels). Synchronous.
  void run_host(const sat::FilterSpec& spec, const std::vector<ImageParam>& images, sat::ConstImage8 src,
                sat::Image8 dst);
  // Either sample type (16-bit: the filters whose catalog entry lists it).
  void run_host(const sat::FilterSpec& spec, const std::vector<ImageParam>& images, sat::ConstImageView src,
                sat::ImageView dst);
  // CUDA backend only: the runner's stream (made on first use, in the current CUDA context).
  cudaStream_t stream() { return session_.stream(); }
  // CUDA backend only: a one-channel device image of at least width × height, kept from call to call.
  sat::Image8 device_scratch(int width, int height);
  // The same scratch as a one-channel 16-bit image (twice the bytes a row).
  sat::Image16 device_scratch16(int width, int height);
  // CUDA backend only: src, dst in device memory of the current CUDA context; enqueued on stream.
  void run_device(const sat::FilterSpec& spec, const std::vector<ImageParam>& images, sat::ConstImage8 src,
                  sat::Image8 dst, cudaStream_t stream);
  void run_device(const sat::FilterSpec& spec, const std::vector<ImageParam>& images, sat::ConstImageView src,
                  sat::ImageView dst, cudaStream_t stream);

 private:
  // The session's image parameters are `images` (each image named by its object).
  void give_images(const std::vector<ImageParam>& images);
  // The scratch buffer, grown to hold rows of row_bytes × rows.
  void grow_scratch(std::size_t row_bytes, int rows);

  sat::FilterSession session_;
  // The images given to the session, held so that no later load can take an address the session
  // knows as another image's identity.
  std::vector<std::shared_ptr<const GrayImage>> given_;
  sat::PitchedBuffer scratch_;
};

}  // namespace sat_gst
