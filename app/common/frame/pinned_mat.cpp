#include "common/frame/pinned_mat.h"

#include "sat/support/cuda_memory.h"

namespace satapp {

namespace {

constexpr std::size_t kAutoStep = 0x7fffffff;  // CV_AUTOSTEP (core_c.h)

// OpenCV's StdMatAllocator with cudaMallocHost / cudaFreeHost in place of malloc / free.
class PinnedAllocator final : public cv::MatAllocator {
 public:
  cv::UMatData* allocate(int dims, const int* sizes, int type, void* data, size_t* step, cv::AccessFlag /*flags*/,
                         cv::UMatUsageFlags /*usage*/) const override {
    std::size_t total = CV_ELEM_SIZE(type);
    for (int i = dims - 1; i >= 0; --i) {
      if (step) {
        if (data && step[i] != kAutoStep)
          total = step[i];
        else
          step[i] = total;
      }
      total *= static_cast<std::size_t>(sizes[i]);
    }
    auto* u = new cv::UMatData(this);
    u->data = u->origdata = data ? static_cast<uchar*>(data) : static_cast<uchar*>(sat::PinnedMemory::allocate(total));
    u->size = total;
    if (data) u->flags |= cv::UMatData::USER_ALLOCATED;
    return u;
  }
  bool allocate(cv::UMatData* u, cv::AccessFlag, cv::UMatUsageFlags) const override { return u != nullptr; }
  void deallocate(cv::UMatData* u) const override {
    if (!u) return;
    if (!(u->flags & cv::UMatData::USER_ALLOCATED)) sat::PinnedMemory::release(u->origdata);
    delete u;
  }
};

const PinnedAllocator& allocator() {
  // Never destroyed: a Mat released during static destruction still finds its allocator.
  static const auto* instance = new PinnedAllocator;
  return *instance;
}

}  // namespace

cv::Mat pinned_mat(int rows, int cols, int type) {
  cv::Mat mat;
  mat.allocator = const_cast<PinnedAllocator*>(&allocator());
  mat.create(rows, cols, type);
  return mat;
}

}  // namespace satapp
