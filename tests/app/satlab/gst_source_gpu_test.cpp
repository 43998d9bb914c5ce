// Frames in CUDA memory from GStreamer (gstreamer-cuda's cudaupload standing in for NVDEC): the
// reader maps them in the CUDA context it shares with the pipeline, the GPU's ingest to BGRA gives
// the host conversion's bytes for NV12, I420, BGRx and RGBA, and satlab's CUDA pipeline filters a
// device frame (no upload) to the same output as the same frame from the host. Skipped without a
// CUDA device or without the nvcodec plugin's cudaupload.
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "common/frame/frame_ingest.h"
#include "common/frame/frame_to_bgr.h"
#include "common/frame/host_frame.h"
#include "common/gst/gst_cuda_context.h"
#include "common/gst/gst_reader.h"
#include "cuda_test_support.h"
#include "pipeline/cuda_pipeline.h"

namespace satlab {
namespace {

#define REQUIRE_GPU_AND_CUDAUPLOAD()                                                                                 \
  do {                                                                                                               \
    SAT_REQUIRE_GPU();                                                                                               \
    if (!satapp::gst::element_available("cudaupload")) GTEST_SKIP() << "no cudaupload (GStreamer's nvcodec plugin)"; \
  } while (0)

std::string frames(const std::string& format, int count) {
  return "videotestsrc num-buffers=" + std::to_string(count) + " pattern=ball ! video/x-raw,format=" + format +
         ",width=75,height=41";
}

// cudaupload passes system memory through when downstream takes it too: the caps ask for CUDA memory.
constexpr const char* kToCudaMemory = " ! cudaupload ! video/x-raw(memory:CUDAMemory)";

satapp::gst::ReaderOptions in_cuda_memory() {
  satapp::gst::ReaderOptions options;
  options.cuda_memory = true;
  options.cuda_context = satapp::gst::shared_cuda_context();
  return options;
}

TEST(GstSourceGpu, DeviceFramesConvertToTheHostConversionsBytes) {
  REQUIRE_GPU_AND_CUDAUPLOAD();
  for (const char* format : {"NV12", "I420", "BGRx", "RGBA"}) {
    satapp::gst::Reader device(frames(format, 3) + kToCudaMemory, in_cuda_memory());
    satapp::gst::Reader host(frames(format, 3), {});
    int count = 0;
    while (const std::shared_ptr<const satapp::gst::Frame> d = device.next()) {
      const std::shared_ptr<const satapp::gst::Frame> h = host.next();
      ASSERT_TRUE(h);
      ASSERT_TRUE(d->view().on_device) << format << ": the appsink took CUDA memory";
      cv::Mat from_device, from_host;
      satapp::download_bgr(d->view(), from_device);  // the GPU frame's planes, converted on the host
      satapp::to_bgr_cpu(h->view(), from_host);
      EXPECT_EQ(cv::norm(from_device, from_host, cv::NORM_INF), 0) << format << " frame " << count;
      // The GPU's ingest: the same bytes, with alpha 255.
      void* bgra = nullptr;
      std::size_t pitch = 0;
      ASSERT_EQ(cudaMallocPitch(&bgra, &pitch, 75 * 4, 41), cudaSuccess);
      satapp::ingest_gpu(d->view(), {static_cast<uint8_t*>(bgra), pitch, 75, 41, 4}, 0, nullptr);
      cv::Mat on_gpu(41, 75, CV_8UC4), expected;
      ASSERT_EQ(cudaMemcpy2D(on_gpu.data, on_gpu.step[0], bgra, pitch, 75 * 4, 41, cudaMemcpyDeviceToHost),
                cudaSuccess);
      cudaFree(bgra);
      cv::cvtColor(from_host, expected, cv::COLOR_BGR2BGRA);
      EXPECT_EQ(cv::norm(on_gpu, expected, cv::NORM_INF), 0) << format << " frame " << count << " (GPU kernel)";
      ++count;
    }
    EXPECT_EQ(count, 3) << format;
  }
}

TEST(GstSourceGpu, PipelineFiltersADeviceFrameAsTheSameFrameFromTheHost) {
  REQUIRE_GPU_AND_CUDAUPLOAD();
  satapp::gst::Reader device(frames("NV12", 4) + kToCudaMemory, in_cuda_memory());
  CudaPipeline from_device(sat::Options{}), from_host(sat::Options{});
  PipelineSettings settings;  // the default filter (box)
  int count = 0;
  while (const std::shared_ptr<const satapp::gst::Frame> frame = device.next()) {
    cv::Mat host;
    satapp::download_bgr(frame->view(), host);
    from_device.process(satapp::Frame{frame->view(), frame, nullptr}, settings, nullptr, nullptr);
    from_host.process(satapp::host_frame(host), settings, nullptr, nullptr);
    cv::Mat a, b;
    from_device.read_output(a);
    from_host.read_output(b);
    ASSERT_FALSE(a.empty());
    EXPECT_EQ(cv::norm(a, b, cv::NORM_INF), 0) << "frame " << count;
    EXPECT_EQ(from_device.last_timings()[Stage::Upload].ms >= 0, true);
    ++count;
  }
  EXPECT_EQ(count, 4);
}

}  // namespace
}  // namespace satlab
