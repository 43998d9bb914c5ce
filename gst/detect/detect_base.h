// GstSatDetectBase: the abstract in-place video filter under satdetect and satfaceblur. It owns
// the detection properties (detect_settings.h), loads the cascade when the element starts (one
// that does not load: GST_ELEMENT_ERROR naming the file and the reason, and the state change
// fails), finds the boxes of every frame with satcore's detector, and hands them to the
// subclass's use_boxes(). A profile or parameter changed while PLAYING takes effect on the next
// frame; a new profile that does not load stops the stream with the same error.
// Memory: system memory (the filter elements' 8-bit formats and RGB, facedetect's; P010_10LE and
// I420_10LE, searched as Y10 >> 2: gray_plane.h), and CUDA memory (the 10-bit formats are read on
// the host there, after a download)
// (video/x-raw(memory:CUDAMemory)) where the CUDA backend can run, in the CUDA context shared with
// the neighbours ("gst.cuda.context"); a device frame is searched where it lies (min-stddev > 0
// reads the frame on the host). A system-memory frame of packed colour goes to the device as it
// lies and is made gray there (CUDA backend) or by the detector over the cores (CPU backend).
#pragma once

#include "common/cuda_base.h"

#include <vector>

#include "detect_settings.h"
#include "frame_access.h"
#include "sat/detect.h"

namespace sat_gst {

// The caps of the detection elements' pads: with the 10-bit YUV formats (system and CUDA memory)
// when `ten_bit` (satfaceblur leaves them out where its box blur takes no 16-bit images).
GstCaps* detect_pad_caps(bool ten_bit);

}  // namespace sat_gst

G_BEGIN_DECLS

#define GST_TYPE_SAT_DETECT_BASE (gst_sat_detect_base_get_type())
G_DECLARE_DERIVABLE_TYPE(GstSatDetectBase, gst_sat_detect_base, GST, SAT_DETECT_BASE, GstSatCudaBase)

struct _GstSatDetectBaseClass {
  GstSatCudaBaseClass parent_class;
  // The frame and its boxes; `settings` are the ones the boxes were found with. Runs in the
  // element's CUDA context (when it has one).
  GstFlowReturn (*use_boxes)(GstSatDetectBase* self, sat_gst::FrameAccess& frame, const std::vector<sat::Box>& boxes,
                             const sat_gst::DetectSettings& settings);
};

G_END_DECLS
