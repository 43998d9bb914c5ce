// The CUDA pipeline's memory for frames of 16-bit samples, one set per frame slot (the shared
// frame pipeline's slots hold 8-bit images only): the frame's values, the filter's output, the
// automatic range (on the device, where the mapping reads it, and a page-locked copy for the
// control panel), and the events that time the upload and the unpack. Made at the first 16-bit
// frame of a size, so that an 8-bit run holds none of it; a slot's set is written again only once
// the slot's previous frame retired, as the slot itself is.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "common/timing/event_timer.h"
#include "pipeline/window_level_math.h"
#include "sat/filters.h"
#include "sat/support/buffers.h"
#include "sat/support/pitched_buffer.h"

namespace satlab {

struct DeepSlot {
  sat::PitchedBuffer values, output;    // one-channel 16-bit images of the frame's size
  sat::DeviceArray<uint32_t> range{2};  // frame_range_gpu's min and max
  sat::PinnedArray<uint32_t> shown{2};  // the range the frame was shown through, copied back
  satapp::EventTimer upload, unpack;
  int width = 0, height = 0;
  bool deep = false;  // the slot's latest frame was a 16-bit one (its times and names are these)

  sat::Image16 in() const { return view(values); }
  sat::Image16 out() const { return view(output); }
  SampleRange shown_range() const { return range_of(shown.data()[0], shown.data()[1]); }

 private:
  sat::Image16 view(const sat::PitchedBuffer& b) const {
    return {reinterpret_cast<uint16_t*>(b.data()), b.pitch(), width, height, 1};
  }
};

class DeepSlots {
 public:
  // Every slot's set for frames of width×height (kept when it has that size already). Throws
  // sat::Error when the memory cannot be had.
  void ensure(int slots, int width, int height);
  void release() { slots_.clear(); }
  bool empty() const { return slots_.empty(); }
  DeepSlot& operator[](int slot) { return *slots_[std::size_t(slot)]; }
  const DeepSlot& operator[](int slot) const { return *slots_[std::size_t(slot)]; }
  // Whether `slot`'s latest frame was a 16-bit one.
  bool deep(int slot) const {
    return slot >= 0 && std::size_t(slot) < slots_.size() && slots_[std::size_t(slot)]->deep;
  }

 private:
  std::vector<std::unique_ptr<DeepSlot>> slots_;
};

}  // namespace satlab
