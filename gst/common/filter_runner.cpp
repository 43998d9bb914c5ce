#include "common/filter_runner.h"

#include <algorithm>

#include "sat/support/cuda_check.h"

namespace sat_gst {
namespace {

// A staging buffer of at least row_bytes × rows, reallocated only when too small.
void ensure_size(sat::PitchedBuffer& buffer, std::size_t row_bytes, std::size_t rows) {
  if (buffer.empty() || buffer.row_bytes() < row_bytes || buffer.rows() < rows)
    buffer = sat::PitchedBuffer(row_bytes, rows);
}

std::size_t row_bytes(sat::ConstImage8 image) { return std::size_t(image.width) * std::size_t(image.channels); }

}  // namespace

FilterRunner::FilterRunner(sat::Backend backend) : backend_(backend) {}

sat::FilterEngine& FilterRunner::engine_for(int width, int height) {
  if (!engine_ || engine_->max_extent().width < width || engine_->max_extent().height < height) {
    const sat::Extent extent{std::max(width, engine_ ? engine_->max_extent().width : 0),
                             std::max(height, engine_ ? engine_->max_extent().height : 0)};
    engine_.reset();  // the old engine's memory first
    engine_.emplace(backend_, extent);
  }
  return *engine_;
}

void FilterRunner::attach_images(sat::FilterSpec& spec, const std::vector<ImageParam>& images, bool device) {
  for (const ImageParam& param : images) {
    if (!param.image) continue;
    const GrayImage& host = *param.image;
    if (!device) {
      sat::set_image_param(spec, param.name, host.view());
      continue;
    }
    auto it = std::find_if(device_images_.begin(), device_images_.end(),
                           [&](const DeviceImage& d) { return d.source == &host; });
    if (it == device_images_.end()) {
      DeviceImage copy{&host, sat::PitchedBuffer(std::size_t(host.width), std::size_t(host.height))};
      SAT_CUDA_CHECK(cudaMemcpy2D(copy.pixels.data(), copy.pixels.pitch(), host.pixels.data(), std::size_t(host.width),
                                  std::size_t(host.width), std::size_t(host.height), cudaMemcpyHostToDevice));
      device_images_.push_back(std::move(copy));
      it = device_images_.end() - 1;
    }
    sat::set_image_param(spec, param.name, {it->pixels.data(), it->pixels.pitch(), host.width, host.height, 1});
  }
  // Device copies of files no longer set are dropped.
  device_images_.erase(std::remove_if(device_images_.begin(), device_images_.end(),
                                      [&](const DeviceImage& d) {
                                        return std::none_of(images.begin(), images.end(), [&](const ImageParam& p) {
                                          return p.image.get() == d.source;
                                        });
                                      }),
                       device_images_.end());
}

void FilterRunner::run_host(sat::FilterSpec spec, const std::vector<ImageParam>& images, sat::ConstImage8 src,
                            sat::Image8 dst) {
  if (backend_ == sat::Backend::Cpu) {
    attach_images(spec, images, false);
    engine_for(src.width, src.height).apply(spec, src, dst);
    return;
  }
  ensure_size(staged_src_, row_bytes(src), std::size_t(src.height));
  ensure_size(staged_dst_, row_bytes(dst), std::size_t(dst.height));
  const cudaStream_t stream = this->stream();
  SAT_CUDA_CHECK(cudaMemcpy2DAsync(staged_src_.data(), staged_src_.pitch(), src.data, src.pitch, row_bytes(src),
                                   std::size_t(src.height), cudaMemcpyHostToDevice, stream));
  run_device(std::move(spec), images, {staged_src_.data(), staged_src_.pitch(), src.width, src.height, src.channels},
             {staged_dst_.data(), staged_dst_.pitch(), dst.width, dst.height, dst.channels}, stream);
  SAT_CUDA_CHECK(cudaMemcpy2DAsync(dst.data, dst.pitch, staged_dst_.data(), staged_dst_.pitch(), row_bytes(dst),
                                   std::size_t(dst.height), cudaMemcpyDeviceToHost, stream));
  SAT_CUDA_CHECK(cudaStreamSynchronize(stream));
}

sat::Image8 FilterRunner::device_scratch(int width, int height) {
  ensure_size(scratch_, std::size_t(width), std::size_t(height));
  return {scratch_.data(), scratch_.pitch(), width, height, 1};
}

cudaStream_t FilterRunner::stream() {
  if (!stream_) stream_.emplace();
  return stream_->get();
}

void FilterRunner::run_device(sat::FilterSpec spec, const std::vector<ImageParam>& images, sat::ConstImage8 src,
                              sat::Image8 dst, cudaStream_t stream) {
  attach_images(spec, images, true);
  engine_for(src.width, src.height).apply(spec, src, dst, stream);
}

}  // namespace sat_gst
