// Decoding and encoding on their own threads, over a fixed set of host frame buffers (pinned
// memory for the CUDA pipeline) whose indices circulate through queues:
//
//   Decoder: free → [decode thread: source.read] → ready → next() … release() → free
//   Encoder: acquire() … submit() → [encode thread: sink.write] → free
//
// Errors on a worker thread are rethrown on the pipeline thread by next() / acquire() /
// submit() / finish(). Destruction stops the worker (after the frame it is on) and joins it.
#pragma once

#include <opencv2/core.hpp>

#include <atomic>
#include <exception>
#include <optional>
#include <thread>
#include <vector>

#include "common/timing/stopwatch.h"
#include "frame_pipeline.h"
#include "media.h"
#include "progress.h"
#include "work_queue.h"

namespace satfilter {

class Decoder {
 public:
  // `buffers`: frames of the source's size and channels, all free; they must outlive the Decoder.
  // An empty Mat among them takes whatever buffer the source decodes into (no copy).
  Decoder(FrameSource& source, std::vector<cv::Mat>& buffers);
  ~Decoder();
  Decoder(const Decoder&) = delete;
  Decoder& operator=(const Decoder&) = delete;

  // Index of the next decoded frame (in order); nullopt after the last one. Rethrows a decode
  // error.
  std::optional<int> next();
  // The frame in buffers[index] is no longer needed.
  void release(int index);
  // Time spent in source.read() (steady clock); final once next() has returned nullopt.
  double busy_ms() const { return busy_ms_; }

 private:
  void run();

  FrameSource& source_;
  std::vector<cv::Mat>& buffers_;
  std::vector<cv::Mat> originals_;  // the buffers as given (a decoder must not move them)
  WorkQueue<int> free_;
  WorkQueue<int> ready_;
  std::exception_ptr error_;
  double busy_ms_ = 0;
  std::thread thread_;
};

class Encoder {
 public:
  // `buffers`: frames of the output's size and channels, all free; they must outlive the Encoder.
  // `progress` is updated from the encode thread after each frame written.
  Encoder(FrameSink& sink, std::vector<cv::Mat>& buffers, Progress& progress);
  ~Encoder();
  Encoder(const Encoder&) = delete;
  Encoder& operator=(const Encoder&) = delete;

  // A free output buffer (blocks while all are queued for writing).
  int acquire();
  // Queues buffers[index] for writing (frames are written in submission order).
  void submit(int index);
  // Waits until every submitted frame is written, then completes the sink (sink.finish()).
  void finish();
  // Time spent in sink.write() and sink.finish() (steady clock); final after finish().
  double busy_ms() const { return busy_ms_; }
  int64_t frames_written() const { return frames_; }

 private:
  void run();
  void rethrow_if_failed();

  FrameSink& sink_;
  std::vector<cv::Mat>& buffers_;
  Progress& progress_;
  WorkQueue<int> free_;
  WorkQueue<int> queued_;
  std::exception_ptr error_;
  std::atomic<bool> failed_{false};
  double busy_ms_ = 0;
  int64_t frames_ = 0;
  std::thread thread_;
};

// What both pipelines do with a filtered frame: its input buffer back to the decoder, its output
// to the encoder, one more frame counted.
void hand_over(Decoder& decoder, Encoder& encoder, int in, int out, PipelineResult& result);
// The end of a run, the same for both pipelines: the encoder drained, then the wall time since
// `wall` started and the threads' busy times into `result`.
void finish_run(Decoder& decoder, Encoder& encoder, const satapp::Stopwatch& wall, PipelineResult& result);

}  // namespace satfilter
