// What the library remembers of a workspace it owns from one call to the next (sat::Plan, the
// filter engine): the layout of the look-back state the last call left in it. A call of the same
// layout then finds the state ready (the previous launch started its epoch) and needs no reset
// launch of its own; anything else, and every kCallsBetweenResets calls, gets one. Not part of the
// API: a caller's own workspace (sat::compute) has no history and is reset on every call.
#pragma once

namespace sat::detail {

struct WorkspaceHistory {
  // Bounds the epochs a workspace goes through between two reset launches (lookback/epoch.cuh).
  static constexpr unsigned kCallsBetweenResets = 1u << 20;

  unsigned long long layout_key = 0;  // 0: nothing known of the contents
  unsigned calls = 0;                 // calls since the last reset launch

  bool ready_for(unsigned long long key) const { return key != 0 && key == layout_key && calls < kCallsBetweenResets; }
  void count_call() { ++calls; }
  void reset_to(unsigned long long key) {
    layout_key = key;
    calls = 0;
  }
  void forget() { *this = WorkspaceHistory{}; }
};

}  // namespace sat::detail
