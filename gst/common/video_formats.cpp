#include "common/video_formats.h"

#include <gst/cuda/gstcudamemory.h>

#include <algorithm>

namespace sat_gst {

namespace {

bool contains(const std::vector<GstVideoFormat>& formats, GstVideoFormat format) {
  return std::find(formats.begin(), formats.end(), format) != formats.end();
}

}  // namespace

const sat::PixelLayoutInfo* find_layout(GstVideoFormat format) {
  // Every format some element takes (in system memory: CUDA memory takes a subset).
  if (!contains(system_memory_formats(), format) && !contains(deep_system_memory_formats(), format)) return nullptr;
  return sat::find_pixel_layout(gst_video_format_to_string(format));
}

const std::vector<GstVideoFormat>& system_memory_formats() {
  static const std::vector<GstVideoFormat> formats{GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_BGRx,
                                                   GST_VIDEO_FORMAT_BGRA, GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_BGR,
                                                   GST_VIDEO_FORMAT_GRAY8};
  return formats;
}

// NV12 (what NVDEC makes) and the 4-byte BGR formats. RGBA is left out on the GPU (its red/blue
// swap would need a kernel of its own); I420 at odd sizes did not come back byte-exact through
// GStreamer 1.22's cudaupload → element → cudadownload on an NVIDIA H100, and GRAY8 did not
// negotiate through 1.22's cudaupload.
const std::vector<GstVideoFormat>& cuda_memory_formats() {
  static const std::vector<GstVideoFormat> formats{GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_BGRx, GST_VIDEO_FORMAT_BGRA};
  return formats;
}

// GRAY16_LE needs no CUDA memory variant: the 10-bit formats are what NVDEC and cudaupload carry
// past 8 bits.
const std::vector<GstVideoFormat>& deep_system_memory_formats() {
  static const std::vector<GstVideoFormat> formats{GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_I420_10LE,
                                                   GST_VIDEO_FORMAT_GRAY16_LE};
  return formats;
}

const std::vector<GstVideoFormat>& deep_cuda_memory_formats() {
  static const std::vector<GstVideoFormat> formats{GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_I420_10LE};
  return formats;
}

std::vector<GstVideoFormat> element_formats(const sat::FilterInfo& filter, bool cuda) {
  std::vector<GstVideoFormat> formats = cuda ? cuda_memory_formats() : system_memory_formats();
  if (sat::takes_samples(filter, sat::SampleType::U16)) {
    const std::vector<GstVideoFormat>& deep = cuda ? deep_cuda_memory_formats() : deep_system_memory_formats();
    formats.insert(formats.end(), deep.begin(), deep.end());
  }
  return formats;
}

std::vector<GstVideoFormat> gray_filter_outputs(GstVideoFormat input) {
  const sat::PixelLayoutInfo* layout = find_layout(input);
  if (!layout) return {};
  if (input == GST_VIDEO_FORMAT_GRAY8 || sat::is_deep(*layout)) return {input};
  return {input, GST_VIDEO_FORMAT_GRAY8};
}

std::vector<GstVideoFormat> gray_filter_inputs(GstVideoFormat output) {
  if (output == GST_VIDEO_FORMAT_GRAY8) return system_memory_formats();  // the 8-bit ones
  if (!find_layout(output)) return {};
  return {output};
}

void set_formats(GstStructure* s, const std::vector<GstVideoFormat>& formats) {
  if (formats.size() == 1) {
    gst_structure_set(s, "format", G_TYPE_STRING, gst_video_format_to_string(formats[0]), nullptr);
    return;
  }
  GValue list = G_VALUE_INIT;
  gst_value_list_init(&list, formats.size());
  for (GstVideoFormat format : formats) {
    GValue v = G_VALUE_INIT;
    g_value_init(&v, G_TYPE_STRING);
    g_value_set_static_string(&v, gst_video_format_to_string(format));
    gst_value_list_append_and_take_value(&list, &v);
  }
  gst_structure_take_value(s, "format", &list);
}

GstCaps* make_caps(const std::vector<GstVideoFormat>& formats, bool cuda) {
  GstCaps* caps =
      gst_caps_new_simple("video/x-raw", "width", GST_TYPE_INT_RANGE, 1, G_MAXINT, "height", GST_TYPE_INT_RANGE, 1,
                          G_MAXINT, "framerate", GST_TYPE_FRACTION_RANGE, 0, 1, G_MAXINT, 1, nullptr);
  set_formats(gst_caps_get_structure(caps, 0), formats);
  if (cuda) gst_caps_set_features(caps, 0, gst_caps_features_new(GST_CAPS_FEATURE_MEMORY_CUDA_MEMORY, nullptr));
  return caps;
}

}  // namespace sat_gst
