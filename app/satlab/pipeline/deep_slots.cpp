#include "pipeline/deep_slots.h"

namespace satlab {

void DeepSlots::ensure(int slots, int width, int height) {
  if (!slots_.empty() && slots_.front()->width == width && slots_.front()->height == height) return;
  slots_.clear();
  for (int i = 0; i < slots; ++i) {
    auto slot = std::make_unique<DeepSlot>();
    slot->values = sat::PitchedBuffer(std::size_t(width) * 2, std::size_t(height));
    slot->output = sat::PitchedBuffer(std::size_t(width) * 2, std::size_t(height));
    slot->width = width;
    slot->height = height;
    slots_.push_back(std::move(slot));
  }
}

}  // namespace satlab
