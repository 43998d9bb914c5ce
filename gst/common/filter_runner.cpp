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

void FilterRunner::run_host(const sat::FilterSpec& spec, const std::vector<ImageParam>& images, sat::ConstImageView src,
                            sat::ImageView dst) {
  give_images(images);
  session_.run_host(spec, src, dst);
}

void FilterRunner::grow_scratch(std::size_t row_bytes, int rows) {
  if (scratch_.empty() || scratch_.row_bytes() < row_bytes || scratch_.rows() < std::size_t(rows))
    scratch_ = sat::PitchedBuffer(row_bytes, std::size_t(rows));
}

sat::Image8 FilterRunner::device_scratch(int width, int height) {
  grow_scratch(std::size_t(width), height);
  return {scratch_.data(), scratch_.pitch(), width, height, 1};
}

sat::Image16 FilterRunner::device_scratch16(int width, int height) {
  grow_scratch(2 * std::size_t(width), height);  // pitched rows: the pitch is even
  return {reinterpret_cast<uint16_t*>(scratch_.data()), scratch_.pitch(), width, height, 1};
}

void FilterRunner::run_device(const sat::FilterSpec& spec, const std::vector<ImageParam>& images, sat::ConstImage8 src,
                              sat::Image8 dst, cudaStream_t stream) {
  give_images(images);
  session_.run_device(spec, src, dst, stream);
}

void FilterRunner::run_device(const sat::FilterSpec& spec, const std::vector<ImageParam>& images,
                              sat::ConstImageView src, sat::ImageView dst, cudaStream_t stream) {
  give_images(images);
  session_.run_device(spec, src, dst, stream);
}

}  // namespace sat_gst
