// The stages of one frame (or of a run) by name, in the order they ran, with their milliseconds:
// the one timing type of the programs. A scene, a pipeline or a report names its own stages
// ("upload", "tables", "cascade", ...); the panels, logs and reports print whatever they hold.
// Fixed capacity, names borrowed (string literals, or strings that outlive the timeline): making,
// copying and filling one allocates nothing, so a frame loop may keep one per frame.
#pragma once

#include <array>
#include <cstring>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace satapp {

struct StageTime {
  const char* name = "";
  double ms = 0;
};

class StageTimeline {
 public:
  static constexpr int kCapacity = 8;

  StageTimeline() = default;
  // The stages `names`, in that order, at 0 ms. Throws std::length_error past kCapacity.
  StageTimeline(std::initializer_list<const char*> names) {
    for (const char* name : names) add(name);
  }
  // The stages `stages`, with their times, in that order. Throws std::length_error past kCapacity.
  StageTimeline(std::initializer_list<StageTime> stages) {
    for (const StageTime& stage : stages) add(stage.name, stage.ms);
  }

  // Appends a stage. Throws std::length_error when the timeline is full (a program's stages are
  // fixed: more than kCapacity is a mistake in the program, not in its input).
  StageTime& add(const char* name, double ms = 0) {
    if (size_ == kCapacity) throw std::length_error(std::string("StageTimeline: no room for stage ") + name);
    stages_[static_cast<std::size_t>(size_)] = {name, ms};
    return stages_[static_cast<std::size_t>(size_++)];
  }

  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const StageTime* begin() const { return stages_.data(); }
  const StageTime* end() const { return stages_.data() + size_; }
  StageTime* begin() { return stages_.data(); }
  StageTime* end() { return stages_.data() + size_; }

  // The stage at `index` (0 first). Throws std::out_of_range past the last.
  StageTime& at(int index) {
    check(index);
    return stages_[static_cast<std::size_t>(index)];
  }
  const StageTime& at(int index) const {
    check(index);
    return stages_[static_cast<std::size_t>(index)];
  }
  // The same by a program's enum of its stages, declared in the order of their names.
  template <typename Index, typename = std::enable_if_t<std::is_enum_v<Index> || std::is_integral_v<Index>>>
  StageTime& operator[](Index index) {
    return at(static_cast<int>(index));
  }
  template <typename Index, typename = std::enable_if_t<std::is_enum_v<Index> || std::is_integral_v<Index>>>
  const StageTime& operator[](Index index) const {
    return at(static_cast<int>(index));
  }

  // The stage called `name`, or null (names compare as text).
  const StageTime* find(const char* name) const {
    for (const StageTime& stage : *this)
      if (std::strcmp(stage.name, name) == 0) return &stage;
    return nullptr;
  }
  // Its milliseconds, 0 when there is no such stage.
  double ms(const char* name) const {
    const StageTime* stage = find(name);
    return stage ? stage->ms : 0.0;
  }

  // The sum of every stage.
  double total() const {
    double sum = 0;
    for (const StageTime& stage : *this) sum += stage.ms;
    return sum;
  }
  // Every stage back to 0 ms, the names kept (a frame that ran nothing).
  void clear_times() {
    for (StageTime& stage : *this) stage.ms = 0;
  }
  // The same stages, by name and order (the times aside).
  bool same_stages(const StageTimeline& other) const {
    if (size_ != other.size_) return false;
    for (int i = 0; i < size_; ++i)
      if (std::strcmp(at(i).name, other.at(i).name) != 0) return false;
    return true;
  }

 private:
  void check(int index) const {
    if (index < 0 || index >= size_) throw std::out_of_range("StageTimeline: no stage at that index");
  }

  std::array<StageTime, kCapacity> stages_{};
  int size_ = 0;
};

}  // namespace satapp
