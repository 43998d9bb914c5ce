#include "sources/frame_arena.h"

#include <sys/mman.h>

#include <new>

namespace satlab {

FrameArena::FrameArena(long long frames, int width, int height) : frames_(frames), width_(width), height_(height) {
  bytes_ = static_cast<std::size_t>(frames) * static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3;
  if (bytes_ == 0) return;
  // MAP_POPULATE: the kernel faults every page in now, far faster than the decoder's first writes.
  void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  data_ = static_cast<unsigned char*>(p);
}

FrameArena::~FrameArena() {
  if (data_) munmap(data_, bytes_);
}

cv::Mat FrameArena::frame(long long i) const {
  const std::size_t frame_bytes = static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 3;
  return cv::Mat(height_, width_, CV_8UC3, data_ + static_cast<std::size_t>(i) * frame_bytes);
}

}  // namespace satlab
