#include "common/files/output_batch.h"

#include <algorithm>

namespace satapp::files {

void OutputBatch::place_all(const InputFiles& inputs) {
  std::stable_partition(pending_.begin(), pending_.end(),
                        [](const std::unique_ptr<PendingOutput>& output) { return output->can_take_back(); });
  std::size_t placed = 0;
  try {
    for (; placed < pending_.size(); ++placed) pending_[placed]->place(inputs);
  } catch (...) {
    // The one that failed too: a sequence may have placed some of its frames.
    for (std::size_t i = placed + 1; i > 0; --i) pending_[i - 1]->take_back();
    pending_.clear();
    throw;
  }
  pending_.clear();
}

}  // namespace satapp::files
