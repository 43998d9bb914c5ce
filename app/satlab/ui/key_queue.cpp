#include "ui/key_queue.h"

#define GLFW_INCLUDE_NONE  // the action codes only
#include <GLFW/glfw3.h>

namespace satlab {

void KeyQueue::on_key(int key, int action) {
  if (action != GLFW_PRESS || key == GLFW_KEY_UNKNOWN) return;
  if (presses_.size() == kCapacity) presses_.erase(presses_.begin());
  presses_.push_back(key);
}

std::vector<int> KeyQueue::take() {
  std::vector<int> taken;
  taken.swap(presses_);
  presses_.reserve(kCapacity);
  return taken;
}

}  // namespace satlab
