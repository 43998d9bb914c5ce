// A filter run on a stream of frames: what every front-end (the GStreamer elements, the Python
// module, the programs) needs around a sat::FilterEngine, written once.
//   - The engine is sized to the frames: made at the first frame, made again (larger) when a
//     larger frame comes, never per frame and never smaller (release() lets it go).
//   - Image parameters (a radius map) are the session's own copies, on the backend's memory,
//     made once per change: the caller names each image by an identity and a version, and the
//     session copies the pixels only when that pair differs from its copy's.
//   - Host frames run on either backend (CUDA: staged to the device on the session's own stream,
//     synchronous); device frames run on the caller's stream (CUDA backend).
// Frames and image parameters are described as bytes (rows of width × channels samples): the
// staging and the copies do not depend on the sample type.
// Every CUDA resource is made in the CUDA context current at its first use: the caller keeps that
// context current around every call and the session's destruction. Not thread-safe: one session
// per stream of frames.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "sat/filters.h"

namespace sat {

// An image parameter's value as the caller holds it. `identity` names the caller's image (its
// address, the object a file was loaded into); `version` changes when the pixels under one
// identity change. `pixels` are in host memory and read only when the pair is new to the session.
struct ImageSource {
  const void* identity = nullptr;
  std::uint64_t version = 0;
  ConstImage8 pixels;
};

class FilterSession {
 public:
  explicit FilterSession(Backend backend, Options sat_options = {});
  ~FilterSession();
  FilterSession(FilterSession&&) noexcept;
  FilterSession& operator=(FilterSession&&) noexcept;
  FilterSession(const FilterSession&) = delete;
  FilterSession& operator=(const FilterSession&) = delete;

  Backend backend() const;
  // The frames the engine holds now: {0, 0} before the first frame and after release().
  Extent extent() const;
  // The engine, grown to hold frames of `frame` (made again, larger in each side, when it does
  // not; throws sat::Error for an extent satcore refuses). For what runs next to the filter, e.g.
  // to_gray; the settings below are the session's and go to every engine it makes.
  FilterEngine& engine(Extent frame);
  // How many engines the session made (the first and each growth).
  int engines_made() const;

  const Options& sat_options() const;
  // Options for the engine: a different set makes the engine again at the next frame, of the
  // extent it had. Errors for a combination satcore lacks come from that frame.
  void set_sat_options(const Options& options);
  // The engines' CPU threads (FilterEngine::set_cpu_threads; throws sat::Error for n < 0) and
  // stage timing (off by default), kept across growth.
  void set_cpu_threads(int threads);
  int cpu_threads() const;
  void enable_stage_timing(bool on);
  StageTimes last_stage_times() const;  // of the last call; zeros before the first
  // Lets the engine, its staging and its scratch go: the next frame makes one of its own size.
  // Image parameters are kept.
  void release();

  // The image parameter `param` (a catalog name, e.g. "radius_map") is `source` from now on: its
  // pixels are copied (host memory on Backend::Cpu, device memory on Backend::Cuda) unless the
  // session's copy has the same identity and version. Every filter that has a parameter of that
  // name reads the copy; the spec's own value for it is replaced.
  void set_image(std::string_view param, const ImageSource& source);
  // `param` is no longer set: filters run with the spec's own value (empty: the filter's default).
  void clear_image(std::string_view param);
  // How many image copies the session made (one per change of an image, never one per frame).
  std::size_t image_copies() const;

  // src, dst in host memory (dst: output_channels(spec, src.channels) channels). Synchronous.
  // Backend::Cuda: src uploaded, filtered and downloaded on the session's stream.
  void run_host(FilterSpec spec, ConstImage8 src, Image8 dst);
  // Either sample type (FilterEngine::apply on views): 16-bit frames for the filters that take them.
  void run_host(FilterSpec spec, ConstImageView src, ImageView dst);
  // Backend::Cuda only: src, dst in device memory, enqueued on `stream` (not waited for).
  void run_device(FilterSpec spec, ConstImage8 src, Image8 dst, cudaStream_t stream);
  void run_device(FilterSpec spec, ConstImageView src, ImageView dst, cudaStream_t stream);
  // Backend::Cuda: the session's own stream (made at its first use); nullptr on Backend::Cpu.
  cudaStream_t stream();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sat
