#include "state/timing_history.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace satlab {

namespace {
double median_of(std::vector<float>& values) {
  if (values.empty()) return 0;
  const auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), mid, values.end());
  if (values.size() % 2 == 1) return *mid;
  const float below = *std::max_element(values.begin(), mid);
  return 0.5 * (static_cast<double>(below) + *mid);
}
}  // namespace

const char* to_string(Series series) {
  switch (series) {
    case Series::PipelineTotal:
      return "pipeline";
    case Series::Frame:
      return "frame (CPU)";
    case Series::Period:
      return "frame period";
  }
  return "";  // a stage: the scene names it (SeriesLabels)
}

SeriesLabels::SeriesLabels() {
  for (int s = 0; s < kSeriesCount; ++s) names[s] = to_string(static_cast<Series>(s));
}

SeriesLabels::SeriesLabels(const satapp::StageTimeline& stages, const char* total, std::string measured_by)
    : SeriesLabels() {
  for (int s = 0; s < stages.size(); ++s) names[s] = stages[s].name;
  names[static_cast<int>(Series::PipelineTotal)] = total;
  clock = std::move(measured_by);
}

void SeriesLabels::name_stages(const satapp::StageTimeline& stages) {
  for (int s = 0; s < stages.size(); ++s)
    if (stages[s].name[0] != '\0') names[s] = stages[s].name;
}

TimingHistory::TimingHistory(int keep_frames) : keep_frames_(std::max(0, keep_frames)) {
  for (auto& ring : ring_) ring.assign(kPlotLength, 0.0f);
  for (auto& kept : kept_) kept.reserve(static_cast<std::size_t>(keep_frames_));
  scratch_.reserve(static_cast<std::size_t>(std::max(keep_frames_, kPlotLength)));
}

void TimingHistory::add(const satapp::StageTimeline& stages, double frame_ms, double period_ms) {
  std::array<float, kSeriesCount> v{};
  for (int i = 0; i < stages.size(); ++i) v[i] = static_cast<float>(stages[i].ms);
  v[static_cast<int>(Series::PipelineTotal)] = static_cast<float>(stages.total());
  v[static_cast<int>(Series::Frame)] = static_cast<float>(frame_ms);
  v[static_cast<int>(Series::Period)] = static_cast<float>(period_ms);
  for (int s = 0; s < kSeriesCount; ++s) {
    ring_[s][head_] = v[s];
    ran_[s] = ran_[s] || v[s] > 0;
    if (static_cast<int>(kept_[s].size()) < keep_frames_) kept_[s].push_back(v[s]);
  }
  head_ = (head_ + 1) % kPlotLength;
  filled_ = std::min(filled_ + 1, kPlotLength);
  ++frames_;
}

bool TimingHistory::follow(const TimingMode& mode) {
  const bool changed = has_mode_ && mode != mode_;
  mode_ = mode;
  has_mode_ = true;
  if (!changed) return false;
  for (auto& ring : ring_) std::fill(ring.begin(), ring.end(), 0.0f);
  head_ = filled_ = 0;
  ran_.fill(false);
  for (auto& kept : kept_) kept.clear();  // capacity stays: still nothing allocated per frame
  return true;
}

float TimingHistory::latest(Series s) const {
  if (filled_ == 0) return 0;
  return ring_[static_cast<int>(s)][(head_ + kPlotLength - 1) % kPlotLength];
}

double TimingHistory::recent_median(Series s) const {
  const auto& ring = ring_[static_cast<int>(s)];
  scratch_.assign(ring.begin(), ring.begin() + filled_);
  return median_of(scratch_);
}

double TimingHistory::recent_fps() const {
  if (filled_ == 0) return 0;
  const auto& ring = ring_[static_cast<int>(Series::Period)];
  const double mean = std::accumulate(ring.begin(), ring.begin() + filled_, 0.0) / filled_;
  return mean > 0 ? 1000.0 / mean : 0;
}

double TimingHistory::summary_median(Series s, int warmup, int* used) const {
  const auto& kept = kept_[static_cast<int>(s)];
  if (kept.empty()) {
    if (used) *used = filled_;
    return recent_median(s);
  }
  const std::size_t skip = std::min<std::size_t>(static_cast<std::size_t>(std::max(0, warmup)), kept.size() - 1);
  scratch_.assign(kept.begin() + static_cast<std::ptrdiff_t>(skip), kept.end());
  if (used) *used = static_cast<int>(scratch_.size());
  return median_of(scratch_);
}

}  // namespace satlab
