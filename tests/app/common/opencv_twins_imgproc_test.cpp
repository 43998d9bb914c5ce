// The filter twins built on OpenCV core and imgproc alone (satlab_app_opencv_twins_imgproc, for
// the builds without opencv_contrib): ximgproc's twins say that the build lacks them, and the
// others still run.
#include <gtest/gtest.h>

#include <opencv2/core.hpp>

#include <stdexcept>

#include "opencv_twins/filter_twins.h"

namespace {

TEST(OpenCvTwinsImgproc, XimgprocTwinsAreNotBuilt) {
  EXPECT_FALSE(satapp::twins_have_ximgproc());
  const cv::Mat src(11, 9, CV_8UC3, cv::Scalar(10, 200, 90));
  for (const sat::FilterSpec& spec : {sat::FilterSpec{sat::SauvolaParams{}}, sat::FilterSpec{sat::GuidedParams{}}}) {
    const satapp::TwinInfo info = satapp::twin_info(spec);
    EXPECT_EQ(info.kind, satapp::TwinKind::None);
    EXPECT_TRUE(info.not_built);
    EXPECT_NE(info.relation.find("not in this build"), std::string::npos) << info.relation;
    EXPECT_THROW(satapp::twin_output(spec, src), std::logic_error);
  }
  const cv::Mat blurred = satapp::twin_output(sat::BoxBlurParams{}, src);
  EXPECT_EQ(cv::norm(blurred, src, cv::NORM_INF), 0) << "a flat image stays flat";
}

}  // namespace
