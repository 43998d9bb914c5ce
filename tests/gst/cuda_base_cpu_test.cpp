// The CUDA base under every element of the plugin, on any machine: the cuda-device-id property
// (default, range, read back), its refusal at start with the reason (no GPU; a device that does
// not exist), the CPU backend ignoring it, and every element of the plugin through 1 000 state
// changes (the leaks tracer of the suite checks that nothing stays alive).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gst_test_support.h"
#include "sat/device.h"

namespace {

using gst_test::RawFrame;

// Every element factory of the plugin, by name (the catalog's filters, the detection elements
// and any added later: the registry is the list, not this file).
std::vector<std::string> plugin_elements() {
  std::vector<std::string> names;
  GList* features = gst_registry_get_feature_list_by_plugin(gst_registry_get(), "satlab");
  for (GList* f = features; f; f = f->next)
    if (GST_IS_ELEMENT_FACTORY(f->data)) names.emplace_back(gst_plugin_feature_get_name(GST_PLUGIN_FEATURE(f->data)));
  gst_plugin_feature_list_free(features);
  return names;
}

TEST(CudaBaseProperties, EveryElementHasCudaDeviceIdMinusOneByDefaultAndReadsItBack) {
  const std::vector<std::string> names = plugin_elements();
  ASSERT_GE(names.size(), 3u);  // the catalog's filters and the detection elements at least
  for (const std::string& name : names) {
    GstElement* element = gst_element_factory_make(name.c_str(), nullptr);
    ASSERT_NE(element, nullptr) << name;
    GParamSpec* spec = g_object_class_find_property(G_OBJECT_GET_CLASS(element), "cuda-device-id");
    ASSERT_NE(spec, nullptr) << name;
    ASSERT_TRUE(G_IS_PARAM_SPEC_INT(spec)) << name;
    EXPECT_EQ(G_PARAM_SPEC_INT(spec)->minimum, -1) << name;
    EXPECT_EQ(G_PARAM_SPEC_INT(spec)->default_value, -1) << name;
    gint id = 7;
    g_object_get(element, "cuda-device-id", &id, nullptr);
    EXPECT_EQ(id, -1) << name;
    g_object_set(element, "cuda-device-id", 3, nullptr);
    g_object_get(element, "cuda-device-id", &id, nullptr);
    EXPECT_EQ(id, 3) << name;
    gst_object_unref(element);
  }
}

// An explicit device is a promise the machine must keep: an error naming the property and why.
TEST(CudaBaseErrors, AnExplicitDeviceThatCannotBeUsedIsAnErrorNamingItAndWhy) {
  const RawFrame frame = gst_test::videotestsrc_frame("smpte", GST_VIDEO_FORMAT_GRAY8, 32, 24);
  const sat::CudaAvailability machine = sat::cuda_availability();
  const int device = machine.usable() ? 99 : 0;  // with a GPU: a device number past the last one
  const std::string wanted = "cuda-device-id=" + std::to_string(device) + ": ";
  const std::string reason = machine.usable() ? "asked for, but only" : sat::kNoNvidiaGpu;
  for (const std::string element : {"satbox", "satdetect"}) {
    const gst_test::RunResult result =
        gst_test::run_frames(element + " cuda-device-id=" + std::to_string(device), {frame});
    EXPECT_NE(result.error.find(wanted), std::string::npos) << element << ": " << result.error;
    EXPECT_NE(result.error.find(reason), std::string::npos) << element << ": " << result.error;
    EXPECT_TRUE(result.outputs.empty()) << element;
  }
}

// backend=cpu: no CUDA at all, whatever the device property says.
TEST(CudaBaseBackend, TheCpuBackendIgnoresTheDevice) {
  const RawFrame frame = gst_test::videotestsrc_frame("ball", GST_VIDEO_FORMAT_GRAY8, 40, 30);
  const gst_test::RunResult result = gst_test::run_frames("satbox backend=cpu cuda-device-id=99", {frame, frame});
  EXPECT_EQ(result.error, "");
  ASSERT_EQ(result.outputs.size(), 2u);
  const sat::FilterSpec spec = sat::find_filter("box")->defaults;
  EXPECT_EQ(
      gst_test::first_difference(gst_test::expected_output(spec, frame, GST_VIDEO_FORMAT_GRAY8), result.outputs[1]),
      "");
}

// NULL -> PLAYING (prerolled on a frame) -> NULL, 1 000 times for each element of the plugin: the
// engine is made and freed each time (start/stop), and nothing is left alive or locked.
TEST(CudaBaseStates, EveryElementThroughAThousandStateChanges) {
  for (const std::string& name : plugin_elements()) {
    GError* error = nullptr;
    GstElement* pipeline = gst_parse_launch(
        ("videotestsrc pattern=ball ! video/x-raw,format=NV12,width=32,height=24 ! " + name + " ! fakesink sync=false")
            .c_str(),
        &error);
    ASSERT_NE(pipeline, nullptr) << name << ": " << (error ? error->message : "");
    for (int i = 0; i < 1000; ++i) {
      ASSERT_NE(gst_element_set_state(pipeline, GST_STATE_PLAYING), GST_STATE_CHANGE_FAILURE) << name << " " << i;
      ASSERT_EQ(gst_element_get_state(pipeline, nullptr, nullptr, 5 * GST_SECOND), GST_STATE_CHANGE_SUCCESS)
          << name << " " << i;
      ASSERT_EQ(gst_element_set_state(pipeline, GST_STATE_NULL), GST_STATE_CHANGE_SUCCESS) << name << " " << i;
    }
    GstMessage* message = gst_bus_pop_filtered(GST_ELEMENT_BUS(pipeline), GST_MESSAGE_ERROR);
    EXPECT_EQ(message, nullptr) << name;
    if (message) gst_message_unref(message);
    gst_object_unref(pipeline);
  }
}

}  // namespace
