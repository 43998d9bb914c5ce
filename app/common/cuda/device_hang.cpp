#include "common/cuda/device_hang.h"

#include <atomic>

namespace satapp {

namespace {
std::atomic<bool> hung{false};
}  // namespace

void mark_device_hung() { hung = true; }
bool device_hung() { return hung; }

}  // namespace satapp
