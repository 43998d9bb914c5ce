// Key presses from the window system, kept until the frame loop reads them. ImGui 1.86's GLFW
// backend records only whether a key is down when a frame starts, so a key pressed and released
// between two frames (a quick tap at a low frame rate) never shows as pressed there. GLFW's key
// callback hands every event to on_key(); the frame loop takes the presses once per frame.
#pragma once

#include <cstddef>
#include <vector>

namespace satlab {

class KeyQueue {
 public:
  // More presses than this between two frames: the oldest are dropped (a stalled frame must not
  // replay minutes of typing).
  static constexpr std::size_t kCapacity = 64;

  KeyQueue() { presses_.reserve(kCapacity); }

  // A GLFW key event (key code, GLFW_PRESS / GLFW_RELEASE / GLFW_REPEAT). Presses are kept;
  // releases and auto-repeats are not shortcuts.
  void on_key(int key, int action);

  // The keys pressed since the last call, oldest first; the queue is empty afterwards.
  std::vector<int> take();

 private:
  std::vector<int> presses_;
};

}  // namespace satlab
