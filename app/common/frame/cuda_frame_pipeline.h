// The CUDA frame pipeline of satfilter and satlab: frames stream through K slots (frame_slot.h,
// K = frames in flight) on two streams, so that the upload of frame k+1 overlaps the work on
// frame k:
//
//   host frame (page-locked) ─[upload stream]─▶ slot input ─[compute stream: convert, then
//   sat::FilterSession]─▶ slot output ─▶ the program's finish stage (download, display)
//   device frame (a decoder's NV12...) ─[compute stream: ingest]─▶ what the filter reads ─▶ …
//
// The compute stream waits for the upload by an event, not by the host. Frames take the slots in
// turn; a slot is taken again only after the frame that held it was retired (its `done` event
// completed), so the host waits for the GPU only when all K slots are busy. Stage times are read
// from a slot's events once its frame finished. A frame that fails part-way is abandoned: both
// streams drain and nothing of it is reported.
//
// Per frame:   make_room()  →  FrameSlot& s = begin_frame()  →  upload(s, host)
//              →  convert(s, …)  →  filter(s, …)  →  [begin_finish / end_finish]  →  end_frame(s, stream)
//   or, for a device frame:  begin_frame()  →  ingest(s, frame, …)  →  filter(s, …)  →  …
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "common/frame/frame_slot.h"
#include "common/frame/frame_view.h"
#include "sat/support/cuda_stream.h"

namespace satapp {

// A frame whose slot was retired: the slot's index and the frame's stage times.
struct RetiredFrame {
  int slot = -1;
  FrameTimes times;
};

class CudaFramePipeline {
 public:
  // `frames_in_flight` slots (at least 1); `timing`: the slot events time the stages and the
  // sessions keep their engines' stage times. Throws sat::Error without CUDA.
  CudaFramePipeline(int frames_in_flight, bool timing);
  ~CudaFramePipeline();  // drains both streams
  CudaFramePipeline(const CudaFramePipeline&) = delete;
  CudaFramePipeline& operator=(const CudaFramePipeline&) = delete;

  int frames_in_flight() const { return static_cast<int>(slots_.size()); }
  cudaStream_t upload_stream() const { return upload_stream_.get(); }
  cudaStream_t compute_stream() const { return compute_stream_.get(); }

  // (Re)allocates every slot for `layout`, with sessions of `options`. Drains first; frames still in
  // flight are dropped unreported (retire them before, to keep their times). On failure the slots
  // stay empty (layout() all 0).
  void allocate(const FrameLayout& layout, const sat::Options& options);
  void release();
  const FrameLayout& layout() const { return layout_; }
  bool allocated() const { return layout_.width > 0; }

  FrameSlot& slot(int index) { return *slots_[index]; }
  int index_of(const FrameSlot& slot) const;
  FrameSlot& next_slot() { return *slots_[next_]; }  // the slot the next frame takes
  const FrameSlot* last_slot() const;                // of the last frame ended; null when none
  int in_flight() const { return in_flight_; }       // frames ended and not retired

  // Retires the oldest frame in flight: waits for it (`wait`), or returns nullopt while it is still
  // on the GPU; nullopt as well when none is in flight.
  std::optional<RetiredFrame> retire_oldest(bool wait);
  // Retires the frame that holds the next slot, if any (waits for it): the next frame may take it.
  std::optional<RetiredFrame> make_room();
  // Both streams idle; the frames in flight are retired, oldest first, into `retired` (or dropped).
  void drain(std::vector<RetiredFrame>* retired = nullptr);

  // A frame starts in the next slot, which must be free (make_room()).
  FrameSlot& begin_frame();
  // Host → slot input on the upload stream; the compute stream waits for it. `host` is the
  // uploaded frame (page-locked for an asynchronous copy), the layout's size and channels.
  // `luma` (data null: none), the frame's luma plane where the host frame has one, is uploaded
  // beside it into the slot's gray image (FrameLayout::gray), which convert(Gray) then gives as
  // it is: the gray filters read a host frame's luma as they read a device frame's (ingest).
  void upload(FrameSlot& slot, sat::ConstImage8 host, sat::ConstImage8 luma = {});
  // In place of upload() and convert(): a frame that lies in GPU memory (a decoder's NV12,
  // BGRx...) enters the slot as what the filter reads, with no copy over PCIe and no BGR image,
  // on the compute stream (timed as the upload stage); returns that image.
  //   Gray: the frame's luma plane itself where it has one (NV12, I420, GRAY8: a view of the
  //         caller's memory, no kernel); packed RGB: its BGRA (one kernel), then satcore's gray
  //         conversion into the slot's gray image (timed as the convert stage).
  //   Bgra: the slot's BGRA, made from the decoder's layout in one kernel.
  // With `rgba` (a display surface, 0: none) the same kernel writes the frame's RGBA there: the
  // frame is read once for the filter and the display. None is refused (a device frame is no
  // slot input). The caller keeps `device`'s memory valid until the frame retires.
  sat::ConstImage8 ingest(FrameSlot& slot, const FrameView& device, FrameConvert convert, cudaSurfaceObject_t rgba = 0);
  // The convert stage of an uploaded frame on the compute stream; returns the converted image
  // (None: the input; Gray after an upload with the luma plane: that plane, no conversion).
  sat::Image8 convert(FrameSlot& slot, FrameConvert convert);
  // Runs the slot's filter session on the compute stream: `run(session, stream)` enqueues the call
  // (FilterSession::run_device).
  void filter(FrameSlot& slot, const std::function<void(sat::FilterSession&, cudaStream_t)>& run);
  // The program's last stage: `stream` (another stream waits for the filter first) and its events.
  void wait_for_filter(FrameSlot& slot, cudaStream_t stream) const;
  void begin_finish(FrameSlot& slot, cudaStream_t stream) { slot.begin(FrameSlot::kFinish, stream); }
  void end_finish(FrameSlot& slot, cudaStream_t stream) { slot.end(FrameSlot::kFinish, stream); }
  // The frame's last work is enqueued on `stream`: it is in flight until retired.
  void end_frame(FrameSlot& slot, cudaStream_t stream);
  // The frame begun last failed part-way: both streams drain (no throw), its slot is free again and
  // nothing of it is reported. Any other stream the program used is the program's to drain.
  void abandon_frame() noexcept;
  // Both streams idle, without throwing (before a program frees what they may still use).
  void synchronize() noexcept;

 private:
  bool timing_;
  sat::CudaStream upload_stream_;   // host → device copies
  sat::CudaStream compute_stream_;  // convert, SAT, filter (and the program's finish work)
  std::vector<std::unique_ptr<FrameSlot>> slots_;
  FrameLayout layout_;
  int next_ = 0;        // the slot the next frame takes
  int last_ = -1;       // the slot of the last frame ended
  int in_flight_ = 0;   // frames ended and not retired: the slots before next_
  bool begun_ = false;  // a frame begun and not ended (in next_)
};

}  // namespace satapp
