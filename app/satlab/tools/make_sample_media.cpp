// Writes satlab's sample media from the synthetic scene, so the repository carries no
// third-party images or video:
//   DIR/sample.png  960x540, frame 60: a printed page under uneven light (thresholds, blur);
//                   assets/sample.png is this file
//   DIR/sample.avi  320x240, 48 frames at 24 fps, MJPG through OpenCV's own writer (readable
//                   without any codec library); the tests make it in the build tree
// usage: satlab_make_sample_media DIR
#include <opencv2/imgcodecs.hpp>
#include <opencv2/videoio.hpp>

#include <cstdio>
#include <string>

#include "sources/synthetic_scene.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  try {
    cv::Mat frame;
    satlab::SyntheticScene still(960, 540);
    still.render(60, frame);  // the light off-centre: uneven, as the thresholds like it
    if (!cv::imwrite(dir + "/sample.png", frame, {cv::IMWRITE_PNG_COMPRESSION, 9})) {
      std::fprintf(stderr, "cannot write %s/sample.png\n", dir.c_str());
      return 1;
    }
    satlab::SyntheticScene scene(320, 240);
    // OpenCV's own MJPEG writer: no codec library needed, the same file everywhere.
    cv::VideoWriter video(dir + "/sample.avi", cv::CAP_OPENCV_MJPEG, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), 24.0,
                          cv::Size(320, 240));
    if (!video.isOpened()) {
      std::fprintf(stderr, "cannot write %s/sample.avi\n", dir.c_str());
      return 1;
    }
    video.set(cv::VIDEOWRITER_PROP_QUALITY, 60);  // small enough to keep in the repository
    for (int i = 0; i < 48; ++i) {
      scene.render(i * 5, frame);  // every 5th step: visible motion in 2 s
      video.write(frame);
    }
    std::printf("wrote %s/sample.png and %s/sample.avi\n", dir.c_str(), dir.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
