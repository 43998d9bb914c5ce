// One frame through the summed-area-table filters, stage by stage:
//   upload   host frame (BGR) → the backend's memory (CUDA: from pinned memory, on the stream; a
//            frame in GPU memory is converted to BGR there instead)
//   convert  BGR → BGRA (none, the filters that keep the colours) or BGR → gray (gray-output filters)
//   sat      the summed-area table(s), with the selected algorithm
//   filter   the pass that reads the tables
//   display  input and output → RGBA8 display targets (CUDA: through a surface, CPU: a host upload)
// Two implementations with identical output: CudaPipeline and CpuPipeline.
// A frame of 16-bit samples (GRAY16, P010, I420_10: sources/deep_frame.h) takes the same stages on
// its luma values (pipeline_stages(SampleType::U16) names them): uploaded as 16-bit words,
// unpacked to values (P010's shifted down), filtered as sat::ConstImage16 by the filters whose
// catalog entry takes SampleType::U16 (any other is refused, sat::check_sample_type), and shown
// through the window/level mapping (window_level.h), source and output through one range.
#pragma once

#include <cuda_runtime_api.h>
#include <opencv2/core.hpp>

#include <array>
#include <optional>
#include <string>

#include "common/frame/frame.h"
#include "common/timing/stage_timeline.h"
#include "pipeline/display_target.h"
#include "pipeline/filter_settings.h"
#include "pipeline/window_level.h"
#include "sat/filters.h"
#include "sat/sat.h"

namespace satlab {

// The image pipelines' stages, by their position in pipeline_stages().
enum class Stage { Upload, Convert, Sat, Filter, Display };
inline constexpr int kStageCount = 5;
const char* to_string(Stage stage);  // "upload", "convert", "SAT", "filter", "display"

// Milliseconds per stage of one frame: GPU time from CUDA events (CUDA), wall time (CPU). The
// programs' one stage timeline; the image pipelines fill pipeline_stages(), indexed by Stage.
using StageTimings = satapp::StageTimeline;
// The image pipelines' five stages in Stage order, at 0 ms, named for frames of `samples`: 16-bit
// frames' say so ("upload 16-bit" ... "window/level"), so that the timings name what ran.
StageTimings pipeline_stages(sat::SampleType samples = sat::SampleType::U8);

struct PipelineSettings {
  FilterSettings filter;
  sat::Options sat;          // algorithm and tile (the CPU backend ignores them)
  WindowLevel window_level;  // how 16-bit frames are shown (8-bit frames ignore it)
};

// A pixel of a 16-bit frame for the pixel inspector: the source's value (P010: its 10-bit value)
// and the filter's output there, as the library gave it.
struct DeepPixel {
  uint16_t input = 0, output = 0;
};

class FramePipeline {
 public:
  virtual ~FramePipeline() = default;
  virtual sat::Backend backend() const = 0;

  // Runs one frame where it lies. A frame on the host (8-bit BGR; other layouts are converted on
  // the host) is read there (CPU) or uploaded (CUDA); a frame in GPU memory (a GStreamer
  // decoder's NV12, BGRx...) is converted to BGR on the GPU in place of the upload, with no copy
  // over PCIe (CUDA: after its `ready` event, holding its owner until the GPU is done with it),
  // or downloaded first (CPU). Writes the input ("before") and the filter's output ("after") as
  // RGBA8 into the targets; either may be null (skips that part of the display stage). Buffers are
  // (re)allocated only when the frame size changes. Throws sat::Error (an empty frame, bad
  // parameters, CUDA failures). CPU: returns when the frame is complete. CUDA: returns once the
  // frame is enqueued (frames in flight); the targets' CUDA writes are ordered before GL's next
  // use of them, the methods below wait where they need the frame, and a host frame's memory may
  // be reused at once.
  virtual void process(const satapp::Frame& frame, const PipelineSettings& settings, DisplayTarget* before,
                       DisplayTarget* after) = 0;

  // The last frame's stage times (CUDA: waits until the GPU finished it; for tests and comparisons).
  virtual StageTimings last_timings() const = 0;
  // For the frame loop: the stage times of the oldest frame that finished and was not reported
  // yet, without waiting (CUDA: a frame or two after process(); nullopt while none finished).
  virtual std::optional<StageTimings> take_finished_timings() = 0;

  // Where the next frame may be written (width×height BGR) so that process() takes it without a
  // copy: the CUDA pipeline's page-locked staging for the next frame, once the GPU no longer reads
  // it (may wait for the frame that used it). Empty when there is no such buffer (CPU, another
  // size). The Mat shares its memory by reference count: it stays valid after a reallocation.
  virtual cv::Mat input_buffer(int /*width*/, int /*height*/) { return {}; }

  // The last frame's input as the backend holds it in device memory (8-bit BGR, the frame's size)
  // and the stream the frame's work ran on, for a scene that reads the frame after the pipeline
  // (the detector) instead of uploading it again: work queued on `stream` runs after the frame's
  // upload. Valid until the next process(). Nullopt where the frame stays on the host (CPU) or
  // before the first frame.
  struct DeviceInput {
    sat::ConstImage8 bgr;
    cudaStream_t stream = nullptr;
  };
  virtual std::optional<DeviceInput> device_input() const { return std::nullopt; }

  // The last frame's filter output on the host: BGR, or gray for the gray-output filters. For
  // dumps and comparisons, not for every frame (CUDA: waits for the frame, then a synchronous copy).
  virtual void read_output(cv::Mat& output) const = 0;
  // One pixel of that output: channel values in `value`, returns the channel count (1 or 3); 0
  // when (x, y) is outside the last frame. Waits for the frame, as read_output.
  virtual int read_output_pixel(int x, int y, cv::Vec3b& value) const = 0;
  // The same for the pixel inspector, every frame without waiting: the answer may come a frame
  // late (0 until it is there).
  virtual int probe_output_pixel(int x, int y, cv::Vec3b& value) { return read_output_pixel(x, y, value); }

  // The samples the last frame went through when it was a 16-bit one (U16), else U8. For a 16-bit
  // frame, read_output gives the filter's output as CV_16UC1 and read_output_pixel the byte shown.
  virtual sat::SampleType last_samples() const = 0;
  // The pixel inspector on a 16-bit frame: its values at (x, y), every frame without waiting (CUDA:
  // a frame late); nullopt outside the frame, after an 8-bit frame, or before the answer came.
  virtual std::optional<DeepPixel> probe_deep_pixel(int x, int y) = 0;
  // The range the last 16-bit frame was shown through (automatic: the frame's own min..max, for
  // the control panel's sliders; CUDA: of the newest frame the GPU finished); nullopt otherwise.
  virtual std::optional<SampleRange> shown_range() const = 0;

  // How the last frame reached the display: display_path_of its targets ("" without targets).
  virtual std::string display_path() const = 0;
};

// How a frame written into `before` and `after` (either may be null) reached GL: the targets'
// display_path() when they agree (e.g. "CUDA-GL interop"), both joined by "; " when they differ
// (one texture registered with CUDA, the other not), "" without targets.
std::string display_path_of(const DisplayTarget* before, const DisplayTarget* after);

}  // namespace satlab
