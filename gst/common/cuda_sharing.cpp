#include "common/cuda_sharing.h"

#include <gst/cuda/gstcudabufferpool.h>
#include <gst/cuda/gstcudaloader.h>
#include <gst/cuda/gstcudamemory.h>
#include <gst/video/video.h>

#include <algorithm>

#include "sat/device.h"

namespace sat_gst {

std::string cuda_unusable_reason() {
  static const std::string reason = [] {
    const std::string satcore_reason = sat::cuda_unavailable_reason();
    if (!satcore_reason.empty()) return satcore_reason;
    if (!gst_cuda_load_library())
      return std::string("GStreamer's CUDA library cannot load the NVIDIA driver (libcuda)");
    return std::string();
  }();
  return reason;
}

bool cuda_memory_usable() { return cuda_unusable_reason().empty(); }

bool is_cuda_memory_caps(const GstCaps* caps, guint index) {
  const GstCapsFeatures* features = gst_caps_get_features(caps, index);
  return features && gst_caps_features_contains(features, GST_CAPS_FEATURE_MEMORY_CUDA_MEMORY);
}

GstCaps* without_cuda_memory(GstCaps* caps) {
  caps = gst_caps_make_writable(caps);
  for (guint i = gst_caps_get_size(caps); i > 0; --i)
    if (is_cuda_memory_caps(caps, i - 1)) gst_caps_remove_structure(caps, i - 1);
  return caps;
}

ContextPush::ContextPush(GstCudaContext* context) : pushed_(context && gst_cuda_context_push(context)) {}

ContextPush::~ContextPush() {
  if (pushed_) gst_cuda_context_pop(nullptr);
}

bool decide_cuda_allocation(GstCudaContext* context, GstQuery* query) {
  GstCaps* caps = nullptr;
  gst_query_parse_allocation(query, &caps, nullptr);
  GstVideoInfo info;
  if (!caps || !gst_video_info_from_caps(&info, caps)) return false;
  GstBufferPool* pool = nullptr;
  guint size = guint(GST_VIDEO_INFO_SIZE(&info)), min = 0, max = 0;
  const bool has_pool = gst_query_get_n_allocation_pools(query) > 0;
  if (has_pool) {
    gst_query_parse_nth_allocation_pool(query, 0, &pool, nullptr, &min, &max);
    if (pool && (!GST_IS_CUDA_BUFFER_POOL(pool) || GST_CUDA_BUFFER_POOL(pool)->context != context))
      gst_clear_object(&pool);
  }
  if (!pool) pool = gst_cuda_buffer_pool_new(context);
  GstStructure* config = gst_buffer_pool_get_config(pool);
  gst_buffer_pool_config_add_option(config, GST_BUFFER_POOL_OPTION_VIDEO_META);
  gst_buffer_pool_config_set_params(config, caps, size, min, max);
  if (!gst_buffer_pool_set_config(pool, config)) {
    gst_object_unref(pool);
    return false;
  }
  // The pool may pad the rows (the device's pitch alignment): the size it settled on.
  config = gst_buffer_pool_get_config(pool);
  gst_buffer_pool_config_get_params(config, nullptr, &size, nullptr, nullptr);
  gst_structure_free(config);
  if (has_pool)
    gst_query_set_nth_allocation_pool(query, 0, pool, size, min, max);
  else
    gst_query_add_allocation_pool(query, pool, size, min, max);
  gst_object_unref(pool);
  return true;
}

}  // namespace sat_gst
