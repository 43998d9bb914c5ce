#include "frame_threads.h"

#include "common/timing/stopwatch.h"
#include "failure.h"
#include "interrupt.h"

namespace satfilter {
namespace {}  // namespace

Decoder::Decoder(FrameSource& source, std::vector<cv::Mat>& buffers)
    : source_(source), buffers_(buffers), originals_(buffers) {
  for (int i = 0; i < int(buffers_.size()); ++i) free_.push(i);
  thread_ = std::thread([this] { run(); });
}

Decoder::~Decoder() {
  free_.abort();
  ready_.abort();
  if (thread_.joinable()) thread_.join();
}

void Decoder::run() {
  try {
    while (const std::optional<int> index = free_.pop()) {
      if (interrupted()) break;
      cv::Mat& frame = buffers_[*index];
      const satapp::Stopwatch busy;
      const bool ok = source_.read(frame);
      busy_ms_ += busy.elapsed_ms();
      if (!ok) break;
      const cv::Mat& original = originals_[*index];
      // An empty buffer takes the source's own frame (no copy); a given one must be kept.
      if (!original.empty() && frame.data != original.data) {  // reallocated: copy back into our buffer
        if (frame.size() != original.size() || frame.type() != original.type())
          throw runtime_error("decoded frame has an unexpected size or format");
        frame.copyTo(originals_[*index]);
        frame = original;
      }
      ready_.push(*index);
    }
  } catch (...) {
    error_ = std::current_exception();
  }
  ready_.close();
}

std::optional<int> Decoder::next() {
  std::optional<int> index = ready_.pop();
  if (!index && error_) std::rethrow_exception(error_);
  return index;
}

void Decoder::release(int index) { free_.push(index); }

Encoder::Encoder(FrameSink& sink, std::vector<cv::Mat>& buffers, Progress& progress)
    : sink_(sink), buffers_(buffers), progress_(progress) {
  for (int i = 0; i < int(buffers_.size()); ++i) free_.push(i);
  thread_ = std::thread([this] { run(); });
}

Encoder::~Encoder() {
  queued_.abort();
  free_.abort();
  if (thread_.joinable()) thread_.join();
}

void Encoder::run() {
  try {
    while (const std::optional<int> index = queued_.pop()) {
      const satapp::Stopwatch busy;
      sink_.write(buffers_[*index]);
      busy_ms_ += busy.elapsed_ms();
      ++frames_;
      progress_.update(frames_);
      free_.push(*index);
    }
  } catch (...) {
    error_ = std::current_exception();
    failed_.store(true, std::memory_order_release);
    free_.abort();  // wakes acquire()
  }
}

void Encoder::rethrow_if_failed() {
  if (failed_.load(std::memory_order_acquire)) std::rethrow_exception(error_);
}

int Encoder::acquire() {
  const std::optional<int> index = free_.pop();
  rethrow_if_failed();
  if (!index) throw runtime_error("the encoder stopped");
  return *index;
}

void Encoder::submit(int index) {
  rethrow_if_failed();
  queued_.push(index);
}

void Encoder::finish() {
  queued_.close();
  if (thread_.joinable()) thread_.join();
  rethrow_if_failed();
  const satapp::Stopwatch busy;
  sink_.finish();
  busy_ms_ += busy.elapsed_ms();
}

void hand_over(Decoder& decoder, Encoder& encoder, int in, int out, PipelineResult& result) {
  decoder.release(in);
  encoder.submit(out);
  ++result.frames;
}

void finish_run(Decoder& decoder, Encoder& encoder, const satapp::Stopwatch& wall, PipelineResult& result) {
  encoder.finish();
  result.wall_ms = wall.elapsed_ms();
  result.totals[RunStage::Decode] = decoder.busy_ms();
  result.totals[RunStage::Encode] = encoder.busy_ms();
}

}  // namespace satfilter
