// Runs any filter of the catalog (sat/filter_spec.h) through FilterEngine::apply on host cv::Mats,
// on either backend: directly for Backend::Cpu; through pitched device copies of src, dst and the
// spec's image parameters (e.g. a radius map) on a non-default stream for Backend::Cuda.
#pragma once

#include <deque>
#include <string_view>
#include <utility>
#include <vector>

#include "filter_test_support.h"
#include "sat/filter_spec.h"

namespace sat::test {

// An image parameter of a spec (ParamKind::Image), by name, as a host image.
struct ImageParam {
  std::string_view name;
  cv::Mat image;
};

class SpecRunner {
 public:
  explicit SpecRunner(Backend backend, Extent max_extent = {512, 512}) : engine_(backend, max_extent) {
    if (backend == Backend::Cuda) cuda_ok(cudaStreamCreate(&stream_), "cudaStreamCreate");
  }
  ~SpecRunner() {
    if (stream_) cudaStreamDestroy(stream_);
  }
  SpecRunner(const SpecRunner&) = delete;
  SpecRunner& operator=(const SpecRunner&) = delete;

  FilterEngine& engine() { return engine_; }

  // dst of output_channels(spec, src.channels()) channels.
  cv::Mat apply(const cv::Mat& src, FilterSpec spec, const std::vector<ImageParam>& images = {}) {
    const int cn = output_channels(spec, src.channels());
    cv::Mat dst(src.rows, src.cols, CV_8UC(cn), cv::Scalar::all(0xCD));
    if (engine_.backend() == Backend::Cpu) {
      for (const ImageParam& p : images) set_image_param(spec, p.name, view(p.image));
      engine_.apply(spec, view(src), view(dst), nullptr);
      return dst;
    }
    std::deque<DevicePitched> uploads;  // stay where they are while later ones are added
    const auto upload = [&](const cv::Mat& m) {
      const int row = m.cols * m.channels();
      uploads.emplace_back(row, m.rows);
      const DevicePitched& d = uploads.back();
      cuda_ok(cudaMemcpy2D(d.data(), d.pitch(), m.data, m.step, std::size_t(row), std::size_t(m.rows),
                           cudaMemcpyHostToDevice),
              "upload");
      return ConstImage8{d.data(), d.pitch(), m.cols, m.rows, m.channels()};
    };
    for (const ImageParam& p : images) set_image_param(spec, p.name, upload(p.image));
    const ConstImage8 d_src = upload(src);
    const int dst_row = dst.cols * cn;
    DevicePitched d_dst(dst_row, dst.rows);
    cuda_ok(cudaMemset2D(d_dst.data(), d_dst.pitch(), 0xCD, std::size_t(dst_row), std::size_t(dst.rows)), "memset");
    engine_.apply(spec, d_src, Image8{d_dst.data(), d_dst.pitch(), dst.cols, dst.rows, cn}, stream_);
    cuda_ok(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
    cuda_ok(cudaMemcpy2D(dst.data, dst.step, d_dst.data(), d_dst.pitch(), std::size_t(dst_row), std::size_t(dst.rows),
                         cudaMemcpyDeviceToHost),
            "download");
    return dst;
  }

 private:
  FilterEngine engine_;
  cudaStream_t stream_ = nullptr;
};

}  // namespace sat::test
