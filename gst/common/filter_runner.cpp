#include "common/filter_runner.h"

namespace sat_gst {

void FilterRunner::give_images(const std::vector<ImageParam>& images) {
  given_.clear();
  for (const ImageParam& param : images) {
    if (!param.image) {
      session_.clear_image(param.name);
      continue;
    }
    session_.set_image(param.name, {param.image.get(), 0, param.image->view()});  // copied when new
    given_.push_back(param.image);
  }
}

void FilterRunner::run_host(const sat::FilterSpec& spec, const std::vector<ImageParam>& images, sat::ConstImage8 src,
                            sat::Image8 dst) {
  give_images(images);
  session_.run_host(spec, src, dst);
}

sat::Image8 FilterRunner::device_scratch(int width, int height) {
  if (scratch_.empty() || scratch_.row_bytes() < std::size_t(width) || scratch_.rows() < std::size_t(height))
    scratch_ = sat::PitchedBuffer(std::size_t(width), std::size_t(height));
  return {scratch_.data(), scratch_.pitch(), width, height, 1};
}

void FilterRunner::run_device(const sat::FilterSpec& spec, const std::vector<ImageParam>& images, sat::ConstImage8 src,
                              sat::Image8 dst, cudaStream_t stream) {
  give_images(images);
  session_.run_device(spec, src, dst, stream);
}

}  // namespace sat_gst
