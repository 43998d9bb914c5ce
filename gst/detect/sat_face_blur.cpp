#include "sat_face_blur.h"

#include <string>

#include "common/catalog_properties.h"
#include "common/locked_property.h"
#include "region_blur.h"
#include "sat/filter_spec.h"

struct _GstSatFaceBlur {
  GstSatDetectBase parent;
  sat::BoxBlurParams blur;       // under the object lock
  sat_gst::RegionBlur* regions;  // streaming thread
};

G_DEFINE_TYPE(GstSatFaceBlur, gst_sat_face_blur, GST_TYPE_SAT_DETECT_BASE)

namespace {

enum Property : guint { kKernelWidth = 1, kKernelHeight };

// faceblur's kernel (11×11): satcore's box filter defaults to 3×3, too little to hide a face.
constexpr int kDefaultKernel = 11;

const sat::ParamInfo& box_param(const char* name) { return *sat::find_param(*sat::find_filter("box"), name); }

GParamSpec* kernel_spec(const char* catalog_name) {
  const sat::ParamInfo& p = box_param(catalog_name);
  const std::string name = sat_gst::property_name(p);
  return g_param_spec_int(g_intern_string(name.c_str()), g_intern_string(name.c_str()),
                          g_intern_string(std::string(p.help).c_str()), int(p.min), int(p.max), kDefaultKernel,
                          GParamFlags(G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
}

GstFlowReturn use_boxes(GstSatDetectBase* base, sat_gst::FrameAccess& frame, const std::vector<sat::Box>& boxes,
                        const sat_gst::DetectSettings&) {
  if (boxes.empty()) return GST_FLOW_OK;  // nothing to blur: a device frame stays where it is
  auto* self = GST_SAT_FACE_BLUR(base);
  GST_OBJECT_LOCK(self);
  const sat::BoxBlurParams blur = self->blur;
  GST_OBJECT_UNLOCK(self);
  GstVideoFrame* pixels = frame.writable();
  if (!pixels) return GST_FLOW_ERROR;  // mapped once already: not expected
  self->regions->blur(*pixels, boxes, blur);
  return GST_FLOW_OK;
}

void set_property(GObject* object, guint id, const GValue* value, GParamSpec* pspec) {
  auto* self = GST_SAT_FACE_BLUR(object);
  sat_gst::locked_property(object, id, pspec, [&] {
    switch (id) {
      case kKernelWidth:
        self->blur.kernel_width = g_value_get_int(value);
        return true;
      case kKernelHeight:
        self->blur.kernel_height = g_value_get_int(value);
        return true;
      default:
        return false;
    }
  });
}

void get_property(GObject* object, guint id, GValue* value, GParamSpec* pspec) {
  auto* self = GST_SAT_FACE_BLUR(object);
  sat_gst::locked_property(object, id, pspec, [&] {
    switch (id) {
      case kKernelWidth:
        g_value_set_int(value, self->blur.kernel_width);
        return true;
      case kKernelHeight:
        g_value_set_int(value, self->blur.kernel_height);
        return true;
      default:
        return false;
    }
  });
}

void finalize(GObject* object) {
  delete GST_SAT_FACE_BLUR(object)->regions;
  G_OBJECT_CLASS(gst_sat_face_blur_parent_class)->finalize(object);
}

}  // namespace

static void gst_sat_face_blur_class_init(GstSatFaceBlurClass* klass) {
  auto* gobject_class = G_OBJECT_CLASS(klass);
  gobject_class->set_property = set_property;
  gobject_class->get_property = get_property;
  gobject_class->finalize = finalize;
  g_object_class_install_property(gobject_class, kKernelWidth, kernel_spec("kernel_width"));
  g_object_class_install_property(gobject_class, kKernelHeight, kernel_spec("kernel_height"));
  GST_SAT_DETECT_BASE_CLASS(klass)->use_boxes = use_boxes;
  // The 10-bit formats are blurred in their own layout (region_blur.h) by the box filter on
  // 16-bit images: refused in the caps while its catalog entry lists no 16-bit samples. The
  // templates of the same names replace the base class's.
  GstCaps* caps = sat_gst::detect_pad_caps(sat::takes_samples(*sat::find_filter("box"), sat::SampleType::U16));
  auto* element_class = GST_ELEMENT_CLASS(klass);
  gst_element_class_add_pad_template(element_class, gst_pad_template_new("sink", GST_PAD_SINK, GST_PAD_ALWAYS, caps));
  gst_element_class_add_pad_template(element_class, gst_pad_template_new("src", GST_PAD_SRC, GST_PAD_ALWAYS, caps));
  gst_caps_unref(caps);
  gst_element_class_set_static_metadata(
      GST_ELEMENT_CLASS(klass), "satlab face blur", "Filter/Effect/Video",
      "Blurs the objects a Haar cascade finds (faces by default) with satcore's box blur; a drop-in for faceblur",
      "satlab");
}

static void gst_sat_face_blur_init(GstSatFaceBlur* self) {
  self->blur = sat::BoxBlurParams{kDefaultKernel, kDefaultKernel, sat::Border::Reflect101};
  self->regions = new sat_gst::RegionBlur;
}
