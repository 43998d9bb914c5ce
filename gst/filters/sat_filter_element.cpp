#include "filters/sat_filter_element.h"

#include <gst/base/gstbasetransform.h>
#include <gst/cuda/gstcudamemory.h>
#include <gst/cuda/gstcudautils.h>
#include <gst/video/video.h>

#include <algorithm>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/catalog_properties.h"
#include "common/cuda_base.h"
#include "common/cuda_sharing.h"
#include "common/deep_frame.h"
#include "common/device_planes.h"
#include "common/filter_runner.h"
#include "common/frame_planes.h"
#include "common/image_file.h"
#include "common/spread_gray.h"
#include "common/video_formats.h"
#include "sat/error.h"
#include "sat/support/cuda_check.h"

GST_DEBUG_CATEGORY_STATIC(sat_filter_debug);
#define GST_CAT_DEFAULT sat_filter_debug

namespace sat_gst {
namespace {

constexpr guint kPropBackend = 1;
constexpr guint kFirstParamProp = 2;  // then one property per catalog parameter, in its order

// The element's C++ state, owned by the instance (made in instance_init, deleted in finalize).
struct FilterState {
  explicit FilterState(const sat::FilterInfo& filter)
      : info(filter), pending(filter.defaults), image_files(filter.params.size()), active(filter.defaults) {}

  const sat::FilterInfo& info;
  // Written by set_property, read by the streaming thread: under the object lock.
  sat::FilterSpec pending;
  std::vector<std::string> image_files;  // per parameter; "" = not set
  bool changed = true;
  GstSatBackendChoice backend_choice = GST_SAT_BACKEND_AUTO;

  // The streaming thread's own.
  sat::FilterSpec active;
  std::vector<std::string> files;         // image_files as of the last change taken
  std::vector<std::string> loaded_files;  // the files `images` were read from
  std::vector<ImageParam> images;
  // A file of `files` could not be used and its error is posted: every frame is an error until a
  // property changes or the element restarts (never a frame filtered with the map before it).
  bool files_failed = false;
  std::optional<FilterRunner> runner;
  GstVideoInfo in_info{}, out_info{};
  bool cuda_memory = false;  // the negotiated caps are memory:CUDAMemory
  bool warned_no_cuda_memory = false;
  std::vector<uint8_t> swapped_src, swapped_dst, gray;
  DeepScratch deep;
};

struct GstSatFilter {
  GstSatCudaBase parent;
  FilterState* state;
};

struct GstSatFilterClass {
  GstSatCudaBaseClass parent_class;
  std::size_t filter_index;
};

GstSatFilter* self_of(gpointer object) { return reinterpret_cast<GstSatFilter*>(object); }
GstCudaContext* context_of(gpointer object) { return gst_sat_cuda_base_context(GST_SAT_CUDA_BASE(object)); }
template <class Class>
Class* parent_class_of(gpointer object) {
  return reinterpret_cast<Class*>(g_type_class_peek_parent(G_OBJECT_GET_CLASS(object)));
}
const sat::FilterInfo& info_of_class(gpointer klass) {
  return sat::filter_catalog()[reinterpret_cast<GstSatFilterClass*>(klass)->filter_index];
}

// ---- properties ---------------------------------------------------------------------------------

// The index of the catalog parameter of property `id`; nullopt (with GObject's warning) for an
// id the element does not have.
std::optional<std::size_t> param_index(GObject* object, const FilterState& state, guint id, GParamSpec* pspec) {
  if (id >= kFirstParamProp && id - kFirstParamProp < state.info.params.size()) return id - kFirstParamProp;
  G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
  return std::nullopt;
}

void set_property(GObject* object, guint id, const GValue* value, GParamSpec* pspec) {
  FilterState& state = *self_of(object)->state;
  if (id == kPropBackend) {
    GST_OBJECT_LOCK(object);
    state.backend_choice = GstSatBackendChoice(g_value_get_enum(value));
    GST_OBJECT_UNLOCK(object);
    return;
  }
  const std::optional<std::size_t> index = param_index(object, state, id, pspec);
  if (!index) return;
  const sat::ParamInfo& param = state.info.params[*index];
  GST_OBJECT_LOCK(object);
  std::string refusal;
  if (param.kind == sat::ParamKind::Image) {
    const char* path = g_value_get_string(value);
    state.image_files[*index] = path ? path : "";
  } else {
    try {
      set_from_value(state.pending, param, value);
    } catch (const sat::Error& e) {
      refusal = e.what();
    }
  }
  if (refusal.empty()) state.changed = true;
  GST_OBJECT_UNLOCK(object);
  if (!refusal.empty()) {
    // The catalog's own text; the value stays as it was. GObject words its range refusals the
    // same way (a warning on stderr); the bus gets it too where the element has one.
    g_warning("%s: %s: %s", GST_OBJECT_NAME(object), pspec->name, refusal.c_str());
    GST_ELEMENT_WARNING(object, LIBRARY, SETTINGS, ("%s: %s", pspec->name, refusal.c_str()), (nullptr));
  }
}

void get_property(GObject* object, guint id, GValue* value, GParamSpec* pspec) {
  FilterState& state = *self_of(object)->state;
  if (id == kPropBackend) {
    GST_OBJECT_LOCK(object);
    g_value_set_enum(value, int(state.backend_choice));
    GST_OBJECT_UNLOCK(object);
    return;
  }
  const std::optional<std::size_t> index = param_index(object, state, id, pspec);
  if (!index) return;
  const sat::ParamInfo& param = state.info.params[*index];
  GST_OBJECT_LOCK(object);
  const std::string& file = state.image_files[*index];
  if (param.kind == sat::ParamKind::Image)
    g_value_set_string(value, file.empty() ? nullptr : file.c_str());
  else
    value_from_spec(state.pending, param, value);
  GST_OBJECT_UNLOCK(object);
}

// A file that cannot be used, posted with its GStreamer error (domain and code from the reason).
void post_file_error(GstSatFilter* self, const FileError& e) {
  gst_element_message_full(GST_ELEMENT(self), GST_MESSAGE_ERROR, e.domain(), e.code(), g_strdup(e.what()),
                           g_strdup_printf("file \"%s\"", e.path().c_str()), __FILE__, GST_FUNCTION, __LINE__);
}

// Takes the parameters set since the last frame and reads the image files that changed, or whose
// image is not `frame`'s size (caps renegotiated), each judged by its header against `frame`
// before it is decoded. False (with the error posted) when a file cannot be used.
bool take_pending_settings(GstSatFilter* self, ImageSize frame) {
  FilterState& state = *self->state;
  GST_OBJECT_LOCK(self);
  const bool changed = state.changed;
  if (changed) {
    state.active = state.pending;
    state.files = state.image_files;
    state.changed = false;
  }
  GST_OBJECT_UNLOCK(self);
  if (changed) state.files_failed = false;
  if (state.files_failed) return false;  // posted when it failed
  for (std::size_t i = 0; i < state.files.size(); ++i) {
    const std::string& file = state.files[i];
    ImageParam& param = state.images[i];
    const bool fits = param.image && param.image->width == frame.width && param.image->height == frame.height;
    if (file == state.loaded_files[i] && (file.empty() || fits)) continue;
    param.image.reset();
    state.loaded_files[i].clear();
    if (file.empty()) continue;
    try {
      param.image =
          std::make_shared<const GrayImage>(read_gray_image(file, property_name(state.info.params[i]), frame));
      state.loaded_files[i] = file;
    } catch (const FileError& e) {
      post_file_error(self, e);
      state.files_failed = true;
      return false;
    }
  }
  return true;
}

// The image files set when the element starts, judged by what can be known before the first
// frame (a regular file holding the header of an image, no longer than that image takes): a
// file that cannot be used fails the state change, the error posted. They are read for the
// first frame, whose size they must have.
bool check_image_files(GstSatFilter* self) {
  FilterState& state = *self->state;
  GST_OBJECT_LOCK(self);
  const std::vector<std::string> files = state.image_files;
  GST_OBJECT_UNLOCK(self);
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (files[i].empty()) continue;
    try {
      read_image_size(files[i], property_name(state.info.params[i]));
    } catch (const FileError& e) {
      post_file_error(self, e);
      return false;
    }
  }
  return true;
}

// ---- caps ---------------------------------------------------------------------------------------

std::vector<GstVideoFormat> formats_of(const GstStructure* s) {
  std::vector<GstVideoFormat> formats;
  const GValue* value = gst_structure_get_value(s, "format");
  if (!value) return formats;
  const auto add = [&](const GValue* v) {
    if (G_VALUE_HOLDS_STRING(v)) formats.push_back(gst_video_format_from_string(g_value_get_string(v)));
  };
  if (GST_VALUE_HOLDS_LIST(value)) {
    for (guint i = 0; i < gst_value_list_get_size(value); ++i) add(gst_value_list_get_value(value, i));
  } else {
    add(value);
  }
  return formats;
}

// A filter that keeps the channels keeps the caps. A gray-output filter maps each format to the
// formats it makes (sink → src) or is made from (src → sink); the colour description goes with a
// change of format.
// CUDA memory is offered where the CUDA backend can run and is not refused by the backend property.
bool offers_cuda_memory(GstSatFilter* self) {
  GST_OBJECT_LOCK(self);
  const bool cpu = self->state->backend_choice == GST_SAT_BACKEND_CPU;
  GST_OBJECT_UNLOCK(self);
  return !cpu && cuda_memory_usable();
}

// Says once why caps of CUDA memory alone cannot be taken, before negotiation fails on them.
void explain_refused_cuda_memory(GstSatFilter* self, GstCaps* caps) {
  if (self->state->warned_no_cuda_memory || gst_caps_is_empty(caps) || gst_caps_is_any(caps)) return;
  for (guint i = 0; i < gst_caps_get_size(caps); ++i)
    if (!is_cuda_memory_caps(caps, i)) return;
  self->state->warned_no_cuda_memory = true;
  const bool usable = cuda_memory_usable();
  const std::string why = usable ? "the element's backend is cpu" : cuda_unusable_reason();
  GST_ELEMENT_WARNING(self, CORE, NEGOTIATION, ("memory:CUDAMemory cannot be taken: %s", why.c_str()),
                      ("caps %" GST_PTR_FORMAT, static_cast<void*>(caps)));
}

GstCaps* transform_caps(GstBaseTransform* trans, GstPadDirection direction, GstCaps* caps, GstCaps* filter) {
  GstSatFilter* self = self_of(trans);
  const sat::FilterInfo& info = self->state->info;
  GstCaps* result = nullptr;
  if (info.output != sat::FilterOutput::Gray) {
    result = gst_caps_ref(caps);
  } else {
    result = gst_caps_new_empty();
    for (guint i = 0; i < gst_caps_get_size(caps); ++i) {
      const GstStructure* s = gst_caps_get_structure(caps, i);
      std::vector<GstVideoFormat> mapped;
      for (GstVideoFormat format : formats_of(s)) {
        const auto next = direction == GST_PAD_SINK ? gray_filter_outputs(format) : gray_filter_inputs(format);
        for (GstVideoFormat m : next)
          if (std::find(mapped.begin(), mapped.end(), m) == mapped.end()) mapped.push_back(m);
      }
      if (mapped.empty()) continue;
      GstStructure* out = gst_structure_copy(s);
      gst_structure_remove_fields(out, "colorimetry", "chroma-site", nullptr);
      set_formats(out, mapped);
      result = gst_caps_merge_structure_full(result, out, gst_caps_features_copy(gst_caps_get_features(caps, i)));
    }
  }
  if (!offers_cuda_memory(self)) {
    explain_refused_cuda_memory(self, caps);
    result = without_cuda_memory(result);
  }
  if (filter) {
    GstCaps* both = gst_caps_intersect_full(filter, result, GST_CAPS_INTERSECT_FIRST);
    gst_caps_unref(result);
    result = both;
  }
  GST_DEBUG_OBJECT(trans, "%s %" GST_PTR_FORMAT " -> %" GST_PTR_FORMAT, direction == GST_PAD_SINK ? "sink" : "src",
                   static_cast<void*>(caps), static_cast<void*>(result));
  return result;
}

// The output frame's size from its caps alone: an input buffer of the wrong size is reported by
// transform() with the sizes, not refused here with a unit-size warning.
gboolean transform_size(GstBaseTransform*, GstPadDirection, GstCaps*, gsize, GstCaps* othercaps, gsize* othersize) {
  GstVideoInfo info;
  if (!gst_video_info_from_caps(&info, othercaps)) return FALSE;
  *othersize = GST_VIDEO_INFO_SIZE(&info);
  return TRUE;
}

gboolean set_caps(GstBaseTransform* trans, GstCaps* incaps, GstCaps* outcaps) {
  FilterState& state = *self_of(trans)->state;
  GstVideoInfo in, out;
  if (!gst_video_info_from_caps(&in, incaps) || !gst_video_info_from_caps(&out, outcaps)) {
    GST_ELEMENT_ERROR(
        trans, CORE, NEGOTIATION, ("caps the element cannot read"),
        ("in %" GST_PTR_FORMAT ", out %" GST_PTR_FORMAT, static_cast<void*>(incaps), static_cast<void*>(outcaps)));
    return FALSE;
  }
  const sat::PixelLayoutInfo* in_layout = find_layout(GST_VIDEO_INFO_FORMAT(&in));
  const sat::PixelLayoutInfo* out_layout = find_layout(GST_VIDEO_INFO_FORMAT(&out));
  // A deep format is filtered into itself (deep_frame.h): no change of depth.
  const bool same_depth = in_layout && out_layout && (!sat::is_deep(*in_layout) || in_layout == out_layout) &&
                          sat::is_deep(*in_layout) == sat::is_deep(*out_layout);
  if (!same_depth || in.width != out.width || in.height != out.height) {
    GST_ELEMENT_ERROR(trans, CORE, NEGOTIATION,
                      ("unsupported conversion %s %dx%d -> %s %dx%d", GST_VIDEO_INFO_NAME(&in), in.width, in.height,
                       GST_VIDEO_INFO_NAME(&out), out.width, out.height),
                      (nullptr));
    return FALSE;
  }
  state.in_info = in;
  state.out_info = out;
  state.cuda_memory = is_cuda_memory_caps(incaps) && is_cuda_memory_caps(outcaps);
  if (state.cuda_memory && !context_of(trans)) {
    GST_ELEMENT_ERROR(trans, CORE, NEGOTIATION, ("memory:CUDAMemory needs the CUDA backend"), (nullptr));
    return FALSE;
  }
  GST_DEBUG_OBJECT(trans, "in %" GST_PTR_FORMAT " out %" GST_PTR_FORMAT, static_cast<void*>(incaps),
                   static_cast<void*>(outcaps));
  return TRUE;
}

gboolean decide_allocation(GstBaseTransform* trans, GstQuery* query) {
  GstCaps* caps = nullptr;
  gst_query_parse_allocation(query, &caps, nullptr);
  if (!caps || !is_cuda_memory_caps(caps))
    return parent_class_of<GstBaseTransformClass>(trans)->decide_allocation(trans, query);
  if (!context_of(trans) || !decide_cuda_allocation(context_of(trans), query)) {
    GST_ELEMENT_ERROR(trans, RESOURCE, SETTINGS, ("cannot configure a CUDA buffer pool for the output"), (nullptr));
    return FALSE;
  }
  return TRUE;
}

// ---- processing ---------------------------------------------------------------------------------

GstSatBackendChoice backend_choice(GstSatCudaBase* base) {
  GST_OBJECT_LOCK(base);
  const GstSatBackendChoice choice = self_of(base)->state->backend_choice;
  GST_OBJECT_UNLOCK(base);
  return choice;
}

// The runner, at start and again in an adopted context (cuda_base.h).
gboolean open_engine(GstSatCudaBase* base, gboolean cuda) {
  self_of(base)->state->runner.emplace(cuda ? sat::Backend::Cuda : sat::Backend::Cpu);
  return TRUE;
}

void close_engine(GstSatCudaBase* base) { self_of(base)->state->runner.reset(); }

gboolean start(GstBaseTransform* trans) {
  GstSatFilter* self = self_of(trans);
  FilterState& state = *self->state;
  GST_OBJECT_LOCK(self);
  state.changed = true;  // re-read everything, files included
  GST_OBJECT_UNLOCK(self);
  const std::size_t params = state.info.params.size();
  state.files.assign(params, "");
  state.loaded_files.assign(params, "");
  state.images.assign(params, {});
  for (std::size_t i = 0; i < params; ++i) state.images[i].name = std::string(state.info.params[i].name);
  state.files_failed = false;
  // The backend and the CUDA context (the neighbours' or a new one): cuda_base.h.
  if (!parent_class_of<GstBaseTransformClass>(trans)->start(trans)) return FALSE;
  return check_image_files(self);
}

gboolean stop(GstBaseTransform* trans) {
  FilterState& state = *self_of(trans)->state;
  const gboolean stopped = parent_class_of<GstBaseTransformClass>(trans)->stop(trans);  // the runner freed
  state.images.clear();
  state.loaded_files.clear();
  state.files.clear();
  state.swapped_src = {};
  state.swapped_dst = {};
  state.deep = {};
  return stopped;
}

// The filter on one mapped frame pair in system memory (formats: common/video_formats.h).
void filter_system_frame(FilterState& state, GstVideoFrame* in, GstVideoFrame* out) {
  const sat::PixelLayoutInfo& in_layout = *find_layout(GST_VIDEO_FRAME_FORMAT(in));
  const sat::PixelLayoutInfo& out_layout = *find_layout(GST_VIDEO_FRAME_FORMAT(out));
  if (sat::is_deep(in_layout)) {
    filter_deep_system_frame(*state.runner, state.active, state.images, state.info.output == sat::FilterOutput::Gray,
                             in, out, state.deep);
    return;
  }
  sat::Image8 src = plane_image(in, 0, sat::plane_channels(in_layout, 0));
  if (in_layout.red_first) {
    const sat::Image8 swapped = scratch_image(state.swapped_src, src.width, src.height, 4);
    swap_red_blue(src, swapped);
    src = swapped;
  }
  const int channels = sat::output_channels(state.active, src.channels);
  sat::Image8 dst = plane_image(out, 0, channels);
  // A gray result into a packed colour format: computed into a gray image, then spread.
  const bool spread = channels == 1 && sat::plane_channels(out_layout, 0) > 1;
  const bool swap_back = out_layout.red_first && channels == 4;
  if (spread) dst = scratch_image(state.gray, dst.width, dst.height, 1);
  if (swap_back) dst = scratch_image(state.swapped_dst, dst.width, dst.height, 4);
  state.runner->run_host(state.active, state.images, src, dst);
  if (swap_back) swap_red_blue(dst, plane_image(out, 0, 4));
  if (spread)
    spread_gray(dst, plane_image(in, 0, sat::plane_channels(in_layout, 0)),
                plane_image(out, 0, sat::plane_channels(out_layout, 0)));
  if (sat::is_planar_yuv(out_layout)) {
    if (state.info.output == sat::FilterOutput::Gray)
      neutral_chroma(out);
    else
      copy_chroma(in, out);
  }
}

// The filter on one mapped frame pair in CUDA memory (device pointers), on the runner's stream;
// returns when the output is written (see cuda_sharing.h: 1.22's CUDA memory carries no stream).
void filter_cuda_frame(FilterState& state, GstVideoFrame* in, GstVideoFrame* out) {
  const sat::PixelLayoutInfo& in_layout = *find_layout(GST_VIDEO_FRAME_FORMAT(in));
  const sat::PixelLayoutInfo& out_layout = *find_layout(GST_VIDEO_FRAME_FORMAT(out));
  if (sat::is_deep(in_layout)) {
    const cudaStream_t stream = state.runner->stream();
    filter_deep_cuda_frame(*state.runner, state.active, state.images, state.info.output == sat::FilterOutput::Gray, in,
                           out, stream);
    SAT_CUDA_CHECK(cudaStreamSynchronize(stream));
    return;
  }
  const sat::Image8 src = plane_image(in, 0, sat::plane_channels(in_layout, 0));
  const int channels = sat::output_channels(state.active, src.channels);
  const bool spread = channels == 1 && sat::plane_channels(out_layout, 0) > 1;  // BGRx, BGRA: see filter_system_frame
  const sat::Image8 dst = spread ? state.runner->device_scratch(src.width, src.height) : plane_image(out, 0, channels);
  const cudaStream_t stream = state.runner->stream();
  state.runner->run_device(state.active, state.images, src, dst, stream);
  if (spread) spread_gray_device(dst, src, plane_image(out, 0, sat::plane_channels(out_layout, 0)), stream);
  if (sat::is_planar_yuv(out_layout)) {
    if (state.info.output == sat::FilterOutput::Gray)
      neutral_chroma_device(out, stream);
    else
      copy_chroma_device(in, out, stream);
  }
  SAT_CUDA_CHECK(cudaStreamSynchronize(stream));
}

// "a 1000-byte buffer for 64x48 I420 (4608 bytes)".
std::string buffer_size_text(GstBuffer* buffer, const GstVideoInfo& info) {
  return "a " + std::to_string(gst_buffer_get_size(buffer)) + "-byte buffer for " + std::to_string(info.width) + "x" +
         std::to_string(info.height) + " " + GST_VIDEO_INFO_NAME(&info) + " (" +
         std::to_string(GST_VIDEO_INFO_SIZE(&info)) + " bytes)";
}

GstFlowReturn transform(GstBaseTransform* trans, GstBuffer* inbuf, GstBuffer* outbuf) {
  GstSatFilter* self = self_of(trans);
  FilterState& state = *self->state;
  if (!take_pending_settings(self, {state.in_info.width, state.in_info.height})) return GST_FLOW_ERROR;
  // Every CUDA call of the frame in the element's context (also for system memory on the CUDA backend).
  ContextPush push(context_of(self));
  if (state.cuda_memory && !gst_is_cuda_memory(gst_buffer_peek_memory(inbuf, 0))) {
    GST_ELEMENT_ERROR(self, STREAM, FORMAT, ("caps say memory:CUDAMemory, but the input buffer is not CUDA memory"),
                      (nullptr));
    return GST_FLOW_ERROR;
  }
  // Memory of the element's context is filtered where it lies (another context of the same
  // device has been adopted by now); another device's, against an explicit cuda-device-id, through
  // the host: its map downloads it, the output's uploads at unmap (cuda_base.h).
  const bool on_device = state.cuda_memory && gst_sat_cuda_base_is_own_memory(GST_SAT_CUDA_BASE(self), inbuf) &&
                         gst_sat_cuda_base_is_own_memory(GST_SAT_CUDA_BASE(self), outbuf);
  const GstMapFlags cuda_map = on_device ? GstMapFlags(GST_MAP_CUDA) : GstMapFlags(0);
  GstVideoFrame in, out;
  // gst_video_frame_map checks the buffer against the caps (or its video meta): a frame smaller
  // than its caps say is refused here, never read past its end.
  if (!gst_video_frame_map(&in, &state.in_info, inbuf, GstMapFlags(GST_MAP_READ | cuda_map))) {
    GST_ELEMENT_ERROR(self, STREAM, FORMAT,
                      ("input frame does not match its caps: %s", buffer_size_text(inbuf, state.in_info).c_str()),
                      (nullptr));
    return GST_FLOW_ERROR;
  }
  if (!gst_video_frame_map(&out, &state.out_info, outbuf, GstMapFlags(GST_MAP_WRITE | cuda_map))) {
    gst_video_frame_unmap(&in);
    GST_ELEMENT_ERROR(self, STREAM, FAILED,
                      ("output buffer does not match its caps: %s", buffer_size_text(outbuf, state.out_info).c_str()),
                      (nullptr));
    return GST_FLOW_ERROR;
  }
  GstFlowReturn result = GST_FLOW_OK;
  try {
    if (on_device)
      filter_cuda_frame(state, &in, &out);
    else
      filter_system_frame(state, &in, &out);
  } catch (const std::exception& e) {
    GST_ELEMENT_ERROR(self, STREAM, FAILED, ("%s", e.what()), ("%s", sat::describe(state.active).c_str()));
    result = GST_FLOW_ERROR;
  }
  gst_video_frame_unmap(&out);
  gst_video_frame_unmap(&in);
  return result;
}

// ---- type ---------------------------------------------------------------------------------------

void finalize(GObject* object) {
  delete self_of(object)->state;
  G_OBJECT_CLASS(g_type_class_peek_parent(G_OBJECT_GET_CLASS(object)))->finalize(object);
}

void instance_init(GTypeInstance* instance, gpointer klass) {
  self_of(instance)->state = new FilterState(info_of_class(klass));
}

void class_init(gpointer klass, gpointer class_data) {
  auto* filter_class = reinterpret_cast<GstSatFilterClass*>(klass);
  filter_class->filter_index = GPOINTER_TO_SIZE(class_data);
  const sat::FilterInfo& info = info_of_class(klass);
  auto* object_class = G_OBJECT_CLASS(klass);
  auto* element_class = GST_ELEMENT_CLASS(klass);
  auto* transform_class = GST_BASE_TRANSFORM_CLASS(klass);

  object_class->set_property = set_property;
  object_class->get_property = get_property;
  object_class->finalize = finalize;
  g_object_class_install_property(
      object_class, kPropBackend,
      g_param_spec_enum("backend", "backend", "Where the filter runs (chosen when the element starts)",
                        backend_choice_type(), int(GST_SAT_BACKEND_AUTO),
                        GParamFlags(G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY)));
  for (std::size_t i = 0; i < info.params.size(); ++i)
    g_object_class_install_property(object_class, guint(kFirstParamProp + i), make_param_spec(info, info.params[i]));

  const std::string long_name = "satlab " + std::string(info.name) + " filter";
  gst_element_class_set_metadata(element_class, g_intern_string(long_name.c_str()), "Filter/Effect/Video",
                                 g_intern_string(std::string(info.summary).c_str()), "satlab");
  for (GstPadDirection direction : {GST_PAD_SINK, GST_PAD_SRC}) {
    // CUDA memory first: preferred where a GPU takes it (transform_caps drops it where none can).
    // The formats from the catalog entry: the 16-bit ones only where the filter takes 16 bits.
    GstCaps* caps = make_caps(element_formats(info, true), true);
    gst_caps_append(caps, make_caps(element_formats(info, false), false));
    gst_element_class_add_pad_template(element_class, gst_pad_template_new(direction == GST_PAD_SINK ? "sink" : "src",
                                                                           direction, GST_PAD_ALWAYS, caps));
    gst_caps_unref(caps);
  }

  transform_class->passthrough_on_same_caps = FALSE;
  transform_class->transform_caps = transform_caps;
  transform_class->transform_size = transform_size;
  transform_class->set_caps = set_caps;
  transform_class->decide_allocation = decide_allocation;
  transform_class->start = start;
  transform_class->stop = stop;
  transform_class->transform = transform;
  auto* cuda_class = reinterpret_cast<GstSatCudaBaseClass*>(klass);
  cuda_class->backend_choice = backend_choice;
  cuda_class->open = open_engine;
  cuda_class->close = close_engine;
}

}  // namespace

std::string element_name(const sat::FilterInfo& filter) {
  std::string name = "sat";
  for (char c : filter.name)
    if (c != '-' && c != '_') name += c;
  return name;
}

GType filter_element_type(std::size_t index) {
  const sat::FilterInfo& info = sat::filter_catalog().at(index);
  const std::string type_name = "GstSat" + camel_case(info.name);
  if (GType existing = g_type_from_name(type_name.c_str())) return existing;
  if (!sat_filter_debug) GST_DEBUG_CATEGORY_INIT(sat_filter_debug, "satfilter", 0, "satlab filter elements");
  const GTypeInfo type_info{
      sizeof(GstSatFilterClass), nullptr, nullptr,       class_init, nullptr, GSIZE_TO_POINTER(index),
      sizeof(GstSatFilter),      0,       instance_init, nullptr};
  return g_type_register_static(GST_TYPE_SAT_CUDA_BASE, type_name.c_str(), &type_info, GTypeFlags(0));
}

}  // namespace sat_gst
