#include "detect_base.h"

#include <gst/cuda/gstcudamemory.h>

#include <algorithm>
#include <memory>

#include "common/cuda_sharing.h"
#include "common/locked_property.h"
#include "common/video_formats.h"
#include "frame_detector.h"
#include "gray_plane.h"
#include "sat/error.h"

GST_DEBUG_CATEGORY_STATIC(sat_detect_base_debug);
#define GST_CAT_DEFAULT sat_detect_base_debug

namespace {

// What the streaming thread owns; made in start(), dropped in stop().
struct Streaming {
  explicit Streaming(sat::Backend backend) : detector(backend) {}
  sat_gst::FrameDetector detector;
  sat_gst::GrayPlane gray;
};

struct Private {
  sat_gst::DetectSettings settings;      // the properties; under the object lock
  bool cuda_memory = false;              // the negotiated caps are memory:CUDAMemory
  std::unique_ptr<Streaming> streaming;  // between start() and stop(), in the element's context
};

}  // namespace

struct GstSatDetectBasePrivate {
  Private* impl;  // C++ members, made in init and deleted in finalize
};

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE(GstSatDetectBase, gst_sat_detect_base, GST_TYPE_SAT_CUDA_BASE)

namespace {

constexpr guint kFirstProperty = 1;

Private* private_of(gpointer self) {
  return static_cast<GstSatDetectBasePrivate*>(gst_sat_detect_base_get_instance_private(GST_SAT_DETECT_BASE(self)))
      ->impl;
}

sat_gst::DetectSettings settings_of(GstSatDetectBase* self) {
  GST_OBJECT_LOCK(self);
  sat_gst::DetectSettings copy = private_of(self)->settings;
  GST_OBJECT_UNLOCK(self);
  return copy;
}

void post_cascade_error(GstSatDetectBase* self, const std::string& profile, const sat::Error& e) {
  GST_ELEMENT_ERROR(self, RESOURCE, OPEN_READ, ("Could not load the cascade \"%s\": %s", profile.c_str(), e.what()),
                    ("profile=%s", profile.c_str()));
}

// ---- negotiation and the CUDA context ------------------------------------------------------------

// The filter elements' system-memory formats, and RGB: gst-opencv's facedetect and faceblur take
// RGB alone, so a pipeline written for them ("video/x-raw,format=RGB ! facedetect") must take
// these elements in their place.
std::vector<GstVideoFormat> system_memory_formats() {
  std::vector<GstVideoFormat> formats = sat_gst::system_memory_formats();
  const auto bgr = std::find(formats.begin(), formats.end(), GST_VIDEO_FORMAT_BGR);
  formats.insert(bgr == formats.end() ? bgr : bgr + 1, GST_VIDEO_FORMAT_RGB);
  return formats;
}

}  // namespace

GstCaps* sat_gst::detect_pad_caps(bool ten_bit) {
  std::vector<GstVideoFormat> formats = ::system_memory_formats();  // this file's, with RGB
  std::vector<GstVideoFormat> cuda = sat_gst::cuda_memory_formats();
  if (ten_bit) {
    // In CUDA memory too (NVDEC's 10-bit frames): searched and blurred on the host, after a
    // download (searchable_on_device takes them not).
    const std::vector<GstVideoFormat>& deep = sat_gst::deep_cuda_memory_formats();
    formats.insert(formats.end(), deep.begin(), deep.end());
    cuda.insert(cuda.end(), deep.begin(), deep.end());
  }
  GstCaps* caps = sat_gst::make_caps(formats, false);
  gst_caps_append(caps, sat_gst::make_caps(cuda, true));
  return caps;
}

namespace {

// In place: the caps go through unchanged; CUDA memory only where the CUDA backend can run.
GstCaps* transform_caps(GstBaseTransform* trans, GstPadDirection, GstCaps* caps, GstCaps* filter) {
  GstCaps* result = gst_caps_ref(caps);
  if (!sat_gst::cuda_memory_usable()) {
    result = sat_gst::without_cuda_memory(result);
    if (gst_caps_is_empty(result) && !gst_caps_is_empty(caps))
      GST_WARNING_OBJECT(trans, "memory:CUDAMemory cannot be taken: %s", sat_gst::cuda_unusable_reason().c_str());
  }
  if (filter) {
    GstCaps* both = gst_caps_intersect_full(filter, result, GST_CAPS_INTERSECT_FIRST);
    gst_caps_unref(result);
    result = both;
  }
  return result;
}

gboolean set_info(GstVideoFilter* filter, GstCaps* incaps, GstVideoInfo*, GstCaps*, GstVideoInfo*) {
  private_of(filter)->cuda_memory = sat_gst::is_cuda_memory_caps(incaps);
  return TRUE;
}

// ---- streaming -----------------------------------------------------------------------------------

// The detector and its cascade, at start and again in an adopted context (cuda_base.h).
gboolean open_engine(GstSatCudaBase* base, gboolean cuda) {
  auto* self = GST_SAT_DETECT_BASE(base);
  Private& p = *private_of(self);
  const sat_gst::DetectSettings settings = settings_of(self);
  const sat::Backend backend = cuda ? sat::Backend::Cuda : sat::Backend::Cpu;
  try {
    auto streaming = std::make_unique<Streaming>(backend);
    streaming->detector.load(settings.profile);
    p.streaming = std::move(streaming);
  } catch (const sat::Error& e) {
    if (e.call() == "sat::load_haar_cascade")
      post_cascade_error(self, settings.profile, e);
    else
      GST_ELEMENT_ERROR(self, RESOURCE, SETTINGS, ("%s", e.what()), (nullptr));
    return FALSE;
  }
  GST_INFO_OBJECT(self, "cascade %s, %s backend", settings.profile.c_str(), sat::to_string(backend));
  return TRUE;
}

void close_engine(GstSatCudaBase* base) { private_of(base)->streaming.reset(); }

// The device frame's plane 0 as the detector reads it (gray, or BGR[x] that it converts itself);
// false where the host must read the frame (RGBA's order; min-stddev needs the host's pixels).
bool searchable_on_device(GstVideoFormat format, const sat_gst::DetectSettings& settings, int& channels) {
  if (settings.min_stddev > 0) return false;
  switch (format) {
    case GST_VIDEO_FORMAT_GRAY8:
    case GST_VIDEO_FORMAT_I420:
    case GST_VIDEO_FORMAT_NV12:
      channels = 1;
      return true;
    case GST_VIDEO_FORMAT_BGR:
      channels = 3;
      return true;
    case GST_VIDEO_FORMAT_BGRx:
    case GST_VIDEO_FORMAT_BGRA:
      channels = 4;
      return true;
    default:
      return false;
  }
}

// The frame's boxes; nullptr when the buffer does not hold a frame of the negotiated size (it
// cannot be mapped: an error, not a read past its end).
const std::vector<sat::Box>* find_boxes(Streaming& s, sat_gst::FrameAccess& frame, bool on_device,
                                        const sat_gst::DetectSettings& settings) {
  int channels = 1;
  if (on_device && searchable_on_device(GST_VIDEO_INFO_FORMAT(&frame.info()), settings, channels)) {
    GstVideoInfo info = frame.info();
    GstVideoFrame device;
    if (!gst_video_frame_map(&device, &info, frame.buffer(),
                             GstMapFlags(GST_MAP_READ | GST_MAP_CUDA | GST_VIDEO_FRAME_MAP_FLAG_NO_REF)))
      return nullptr;
    const sat::ConstImage8 image{static_cast<const uint8_t*>(GST_VIDEO_FRAME_PLANE_DATA(&device, 0)),
                                 std::size_t(GST_VIDEO_FRAME_PLANE_STRIDE(&device, 0)), GST_VIDEO_FRAME_WIDTH(&device),
                                 GST_VIDEO_FRAME_HEIGHT(&device), channels};
    struct Unmap {
      GstVideoFrame* f;
      ~Unmap() { gst_video_frame_unmap(f); }
    } unmap{&device};
    return &s.detector.detect_device(image);
  }
  GstVideoFrame* host = frame.readable();
  if (!host) return nullptr;
  const GstVideoFormat format = GST_VIDEO_FRAME_FORMAT(host);
  const int pixel_bytes = GST_VIDEO_FRAME_COMP_PSTRIDE(host, 0);
  if (settings.min_stddev == 0 && GST_VIDEO_FORMAT_INFO_IS_RGB(host->info.finfo) && pixel_bytes >= 3) {
    const sat::ConstImage8 packed{static_cast<const uint8_t*>(GST_VIDEO_FRAME_PLANE_DATA(host, 0)),
                                  std::size_t(GST_VIDEO_FRAME_PLANE_STRIDE(host, 0)), GST_VIDEO_FRAME_WIDTH(host),
                                  GST_VIDEO_FRAME_HEIGHT(host), pixel_bytes};
    return &s.detector.detect_packed(packed, sat_gst::is_red_first(format));
  }
  return &s.detector.detect(s.gray.of(*host));
}

GstFlowReturn transform_ip(GstBaseTransform* trans, GstBuffer* buffer) {
  auto* self = GST_SAT_DETECT_BASE(trans);
  Private& p = *private_of(self);
  const GstVideoInfo& info = GST_VIDEO_FILTER(self)->in_info;
  const sat_gst::DetectSettings settings = settings_of(self);
  sat_gst::ContextPush push(gst_sat_cuda_base_context(GST_SAT_CUDA_BASE(self)));
  try {
    p.streaming->detector.configure(settings, {GST_VIDEO_INFO_WIDTH(&info), GST_VIDEO_INFO_HEIGHT(&info)});
  } catch (const sat::Error& e) {
    if (e.call() == "sat::load_haar_cascade")
      post_cascade_error(self, settings.profile, e);
    else
      GST_ELEMENT_ERROR(self, LIBRARY, SETTINGS, ("%s", e.what()), (nullptr));
    return GST_FLOW_ERROR;
  }
  sat_gst::FrameAccess frame(buffer, info);
  try {
    // Memory of another device than an explicit cuda-device-id is read through the host.
    const bool on_device = p.cuda_memory && gst_sat_cuda_base_is_own_memory(GST_SAT_CUDA_BASE(self), buffer);
    const std::vector<sat::Box>* boxes = find_boxes(*p.streaming, frame, on_device, settings);
    if (!boxes) {
      GST_ELEMENT_ERROR(
          self, STREAM, FORMAT,
          ("A %" G_GSIZE_FORMAT "-byte buffer does not hold a %dx%d %s frame", gst_buffer_get_size(buffer),
           GST_VIDEO_INFO_WIDTH(&info), GST_VIDEO_INFO_HEIGHT(&info), GST_VIDEO_INFO_NAME(&info)),
          (nullptr));
      return GST_FLOW_ERROR;
    }
    return GST_SAT_DETECT_BASE_GET_CLASS(self)->use_boxes(self, frame, *boxes, settings);
  } catch (const sat::Error& e) {
    GST_ELEMENT_ERROR(self, STREAM, FAILED, ("Detection failed: %s", e.what()), (nullptr));
    return GST_FLOW_ERROR;
  }
}

// ---- properties ----------------------------------------------------------------------------------

void set_property(GObject* object, guint id, const GValue* value, GParamSpec* pspec) {
  sat_gst::locked_property(object, id, pspec, [&] {
    return sat_gst::set_detect_property(private_of(object)->settings, kFirstProperty, id, value);
  });
}

void get_property(GObject* object, guint id, GValue* value, GParamSpec* pspec) {
  sat_gst::locked_property(object, id, pspec, [&] {
    return sat_gst::get_detect_property(private_of(object)->settings, kFirstProperty, id, value);
  });
}

void finalize(GObject* object) {
  delete private_of(object);
  G_OBJECT_CLASS(gst_sat_detect_base_parent_class)->finalize(object);
}

}  // namespace

static void gst_sat_detect_base_class_init(GstSatDetectBaseClass* klass) {
  GST_DEBUG_CATEGORY_INIT(sat_detect_base_debug, "satdetectbase", 0, "satlab detection elements");
  auto* gobject_class = G_OBJECT_CLASS(klass);
  gobject_class->set_property = set_property;
  gobject_class->get_property = get_property;
  gobject_class->finalize = finalize;
  sat_gst::install_detect_properties(gobject_class, kFirstProperty);

  auto* element_class = GST_ELEMENT_CLASS(klass);
  GstCaps* caps = sat_gst::detect_pad_caps(true);
  gst_element_class_add_pad_template(element_class, gst_pad_template_new("sink", GST_PAD_SINK, GST_PAD_ALWAYS, caps));
  gst_element_class_add_pad_template(element_class, gst_pad_template_new("src", GST_PAD_SRC, GST_PAD_ALWAYS, caps));
  gst_caps_unref(caps);

  auto* trans_class = GST_BASE_TRANSFORM_CLASS(klass);
  trans_class->transform_caps = transform_caps;
  trans_class->transform_ip = transform_ip;
  GST_VIDEO_FILTER_CLASS(klass)->set_info = set_info;
  GST_SAT_CUDA_BASE_CLASS(klass)->open = open_engine;
  GST_SAT_CUDA_BASE_CLASS(klass)->close = close_engine;
  gst_type_mark_as_plugin_api(GST_TYPE_SAT_DETECT_BASE, GstPluginAPIFlags(0));
}

static void gst_sat_detect_base_init(GstSatDetectBase* self) {
  static_cast<GstSatDetectBasePrivate*>(gst_sat_detect_base_get_instance_private(self))->impl = new Private;
  gst_base_transform_set_in_place(GST_BASE_TRANSFORM(self), TRUE);
}
