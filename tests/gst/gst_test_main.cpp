// main() of the plugin's test suites: GStreamer set up to find the plugin of this build (also
// when the binary is run by hand) and shut down at the end, so that the leaks tracer
// (GST_TRACERS=leaks) reports what is still alive.
#include <gst/gst.h>
#include <gtest/gtest.h>

#include <cstdlib>

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  setenv("GST_PLUGIN_PATH", SATLAB_GST_PLUGIN_DIR, 0);
  setenv("GST_REGISTRY", SATLAB_GST_PLUGIN_DIR "/test-registry.bin", 0);
  gst_init(&argc, &argv);
  const int status = RUN_ALL_TESTS();
  gst_deinit();
  return status;
}
