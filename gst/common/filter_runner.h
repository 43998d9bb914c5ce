// Runs one catalog filter on one plane, on the backend the element chose when it started:
//   CPU  — satcore's CPU backend on the mapped host memory;
//   CUDA — host planes through device staging (upload, filter, download on the runner's stream),
//          or device planes (CUDA memory) in place on the caller's stream.
// Every CUDA resource is made in the CUDA context current at its first use: the caller keeps one
// context current around every call and the runner's destruction.
// Owns the FilterEngine (sized for the largest frame met) and the device copies of the image
// parameters (the radius map), made once per loaded file.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/image_file.h"
#include "sat/filters.h"
#include "sat/support/cuda_stream.h"
#include "sat/support/pitched_buffer.h"

namespace sat_gst {

// An image parameter's current value: which parameter, and its pixels (host).
struct ImageParam {
  std::string name;                        // catalog name, e.g. "radius_map"
  std::shared_ptr<const GrayImage> image;  // a new load is a new object
};

class FilterRunner {
 public:
  explicit FilterRunner(sat::Backend backend);
  sat::Backend backend() const { return backend_; }

  // src, dst in host memory (dst: output_channels(spec) channels). Synchronous.
  void run_host(sat::FilterSpec spec, const std::vector<ImageParam>& images, sat::ConstImage8 src, sat::Image8 dst);
  // CUDA backend only: the runner's stream (made on first use, in the current CUDA context).
  cudaStream_t stream();
  // CUDA backend only: a one-channel device image of at least width × height, kept from call to call.
  sat::Image8 device_scratch(int width, int height);
  // CUDA backend only: src, dst in device memory of the current CUDA context; enqueued on stream.
  void run_device(sat::FilterSpec spec, const std::vector<ImageParam>& images, sat::ConstImage8 src, sat::Image8 dst,
                  cudaStream_t stream);

 private:
  sat::FilterEngine& engine_for(int width, int height);
  void attach_images(sat::FilterSpec& spec, const std::vector<ImageParam>& images, bool device);

  struct DeviceImage {
    const GrayImage* source = nullptr;
    sat::PitchedBuffer pixels;
  };
  sat::Backend backend_;
  std::optional<sat::FilterEngine> engine_;
  // CUDA backend on host planes: the staging images and their stream.
  std::optional<sat::CudaStream> stream_;
  sat::PitchedBuffer staged_src_, staged_dst_, scratch_;
  std::vector<DeviceImage> device_images_;
};

}  // namespace sat_gst
