#include "common/cuda/host_buffer.h"

#include <new>

#include "common/cuda/cuda_check.h"

namespace satapp {

HostBuffer::HostBuffer(std::size_t bytes, bool pinned) : bytes_(bytes) {
  if (bytes == 0) return;
  if (pinned) {
    try {
      pinned_ = sat::PinnedBuffer(bytes);
      return;
    } catch (const sat::Error&) {
      // A refused page-locked allocation is not an error here: plain memory only copies slower.
    }
  }
  plain_.reset(static_cast<unsigned char*>(std::aligned_alloc(64, (bytes + 63) / 64 * 64)));
  if (!plain_) throw std::bad_alloc();
}

}  // namespace satapp
