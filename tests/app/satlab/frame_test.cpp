// The one frame type from the sources to the pipelines (label cpu): a host image handed over as
// a satapp::Frame that views and holds it, any frame read back as BGR or as its luma plane on the
// host, the CPU pipeline taking a frame in another layout (its BGR conversion for colour, its luma
// for the gray filters), and the source controller giving the frame where it lies beside its host
// view.
#include <gtest/gtest.h>

#include <opencv2/core.hpp>

#include <memory>
#include <string>
#include <vector>

#include "common/frame/frame_to_bgr.h"
#include "common/frame/host_frame.h"
#include "log/message_log.h"
#include "pipeline/cpu_pipeline.h"
#include "pipeline/mat_view.h"
#include "pipeline/pipeline_selector.h"
#include "scenes/scene.h"
#include "sources/source_controller.h"
#include "test_images.h"

namespace satlab {
namespace {

using test::differing;

using test::nv12_frame;

TEST(Frame, AHostImageIsAFrameThatHoldsIt) {
  cv::Mat image = test::random_image(6, 4, 3, 1u);
  const cv::Mat copy = image.clone();
  const uchar* const pixels = image.data;
  const satapp::Frame frame = satapp::host_frame(image);
  EXPECT_FALSE(frame.on_device());
  EXPECT_FALSE(frame.empty());
  EXPECT_EQ(frame.ready, nullptr);
  EXPECT_EQ(frame.view.layout, satapp::PixelLayout::Bgr);
  EXPECT_EQ(frame.view.width, 6);
  EXPECT_EQ(frame.view.height, 4);
  EXPECT_EQ(frame.view.plane[0], pixels);  // no copy
  EXPECT_EQ(frame.view.pitch[0], image.step[0]);
  image.release();  // the frame's owner keeps the pixels
  EXPECT_EQ(differing(cv::Mat(4, 6, CV_8UC3, const_cast<uint8_t*>(frame.view.plane[0]), frame.view.pitch[0]), copy), 0);

  EXPECT_EQ(satapp::host_frame(cv::Mat(2, 2, CV_8UC1)).view.layout, satapp::PixelLayout::Gray8);
  EXPECT_EQ(satapp::host_frame(cv::Mat(2, 2, CV_8UC4)).view.layout, satapp::PixelLayout::Bgra);
  EXPECT_TRUE(satapp::host_frame(cv::Mat()).empty());
  EXPECT_THROW(satapp::host_frame(cv::Mat(2, 2, CV_16UC3)), sat::Error);
}

TEST(Frame, HostBgrViewsABgrFrameAndConvertsOthers) {
  const cv::Mat image = test::random_image(8, 6, 3, 2u);
  cv::Mat buffer;
  const cv::Mat bgr = satapp::host_bgr(satapp::host_frame(image), buffer);
  EXPECT_EQ(bgr.data, image.data);  // a header, no copy
  EXPECT_TRUE(buffer.empty());

  const satapp::Frame nv12 = nv12_frame(8, 6, 3u);
  cv::Mat expected;
  satapp::to_bgr_cpu(nv12.view, expected);
  const cv::Mat converted = satapp::host_bgr(nv12, buffer);
  EXPECT_EQ(converted.data, buffer.data);
  EXPECT_EQ(differing(converted, expected), 0);
  EXPECT_TRUE(satapp::host_bgr(satapp::Frame{}, buffer).empty());
}

// The luma plane of a frame that has one, on the host: a header over a host frame's plane; none
// for packed RGB.
TEST(Frame, HostLumaViewsTheLumaPlane) {
  const satapp::Frame nv12 = nv12_frame(10, 6, 5u);
  cv::Mat buffer;
  const cv::Mat luma = satapp::host_luma(nv12, buffer);
  ASSERT_EQ(luma.type(), CV_8UC1);
  EXPECT_EQ(luma.data, nv12.view.plane[0]);  // no copy
  EXPECT_EQ(luma.step[0], nv12.view.pitch[0]);
  EXPECT_EQ(luma.cols, 10);
  EXPECT_EQ(luma.rows, 6);
  EXPECT_TRUE(buffer.empty());
  const cv::Mat gray = test::random_image(5, 3, 1, 6u);
  EXPECT_EQ(satapp::host_luma(satapp::host_frame(gray), buffer).data, gray.data);
  EXPECT_TRUE(satapp::host_luma(satapp::host_frame(test::random_image(5, 3, 3, 7u)), buffer).empty());
  EXPECT_TRUE(satapp::host_luma(satapp::Frame{}, buffer).empty());
}

// The CPU pipeline takes a frame where it lies: NV12 on the host filters as its BGR conversion
// for none and the colour filters, and as its luma plane for the gray filters (as CudaPipeline and
// the GStreamer elements read it), not as the gray of its colours.
TEST(Frame, CpuPipelineReadsBgrForColourAndLumaForGray) {
  const int width = 32, height = 24;
  const satapp::Frame nv12 = nv12_frame(width, height, 4u);
  cv::Mat bgr;
  satapp::to_bgr_cpu(nv12.view, bgr);
  const cv::Mat luma(height, width, CV_8UC1, const_cast<uint8_t*>(nv12.view.plane[0]), nv12.view.pitch[0]);
  std::vector<FilterSettings> filters(2);
  filters[0].kind = FilterKind::None;
  filters[1].show(sat::BoxBlurParams{5, 3, sat::Border::Reflect101});
  filters.emplace_back().show(sat::SauvolaParams{9, 0.25, 0.0, 255});
  filters.emplace_back().show(sat::MeanCParams{7, 3.0, true, 255});
  for (const FilterSettings& filter : filters) {
    SCOPED_TRACE(describe(filter));
    PipelineSettings settings;
    settings.filter = filter;
    CpuPipeline from_nv12, from_bgr;
    from_nv12.process(nv12, settings, nullptr, nullptr);
    from_bgr.process(satapp::host_frame(bgr), settings, nullptr, nullptr);
    cv::Mat a, b;
    from_nv12.read_output(a);
    from_bgr.read_output(b);
    ASSERT_FALSE(a.empty());
    if (!outputs_gray(filter.kind)) {
      EXPECT_EQ(differing(a, b), 0);
      continue;
    }
    sat::FilterEngine reference(sat::Backend::Cpu, sat::Extent{width, height});
    cv::Mat expected(height, width, CV_8UC1);
    reference.apply(*filter.spec(), image_view(luma), image_view(expected));
    EXPECT_EQ(differing(a, expected), 0);
    EXPECT_GT(differing(a, b), 0) << "luma read as the gray of the converted colours";
  }
  CpuPipeline pipeline;
  EXPECT_THROW(pipeline.process(satapp::Frame{}, PipelineSettings{}, nullptr, nullptr), sat::Error);

  MessageLog log;
  PipelineSelector selector(sat::Backend::Cpu, log);
  EXPECT_TRUE(selector.process(nv12, PipelineSettings{}, nullptr, nullptr));
  EXPECT_FALSE(selector.process(satapp::Frame{}, PipelineSettings{}, nullptr, nullptr));  // refused, with a message
}

// The controller's frame is the source's Frame: on the host it views host(), and with a
// destination (the pipeline's staging) it lies there.
TEST(Frame, SourceControllerGivesTheFrameWhereItLies) {
  MessageLog log;
  SourceController sources(log, {});
  EXPECT_TRUE(sources.frame().empty());
  sources.open(SourceSpec::synthetic(64, 48));
  ASSERT_TRUE(sources.update(0));
  const satapp::Frame& frame = sources.frame();
  EXPECT_FALSE(frame.on_device());
  EXPECT_EQ(frame.view.layout, satapp::PixelLayout::Bgr);
  EXPECT_EQ(frame.view.plane[0], sources.host().data);
  EXPECT_EQ(sources.frame_size(), cv::Size(64, 48));
  EXPECT_EQ(differing(sources.host(), test::synthetic_frame(64, 48, 0)), 0);

  cv::Mat staging(48, 64, CV_8UC3);
  ASSERT_TRUE(sources.update(0, staging));
  EXPECT_EQ(sources.frame().view.plane[0], staging.data);
  EXPECT_EQ(sources.host().data, staging.data);
  EXPECT_EQ(differing(staging, test::synthetic_frame(64, 48, 1)), 0);

  // A scene sees the same frame.
  const scene::SourceFrame seen(sources);
  EXPECT_EQ(seen.frame().view.plane[0], staging.data);
  const cv::Mat image = test::random_image(4, 4, 3, 5u);
  const scene::SourceFrame from_image(image);
  EXPECT_EQ(from_image.frame().view.plane[0], image.data);
  EXPECT_EQ(from_image.host().data, image.data);
}

}  // namespace
}  // namespace satlab
