// Test data for the detection tests, all from Debian packages (nothing committed):
// OpenCV's Haar cascades (opencv-data) and scikit-image's photographs (python3-skimage).
#pragma once

#include <opencv2/core.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "sat/detect.h"

namespace detect_test {

std::string cascade_path(const std::string& name);  // e.g. "haarcascade_frontalface_default.xml"
std::string skimage_path(const std::string& name);  // e.g. "astronaut.png"

// Loads a file (throws std::runtime_error naming it, with the package to install, if absent).
cv::Mat load_image(const std::string& skimage_name, int flags);
// scikit-image's lfw_subset.npy: 200 gray 25×25 crops (faces and non-faces) as 8-bit, read with a
// tiny .npy reader (little-endian float64, C order).
std::vector<cv::Mat> load_lfw_subset();

struct NamedImage {
  std::string name;
  cv::Mat image;  // 8-bit, 1 or 3 channels (BGR)
};
// Photographs with faces, composites of them at odd sizes, and images without faces.
std::vector<NamedImage> face_images();
std::vector<NamedImage> faceless_images();

// 125×100 mosaics of the lfw crops at their own 25×25 size, 5 × 4 crops each with no gap (crops
// 20k … 20k + 19 in mosaic k): where OpenCV's stripes leave out the last row of windows at some
// scales (an odd working height), and faces fill the frame's edges.
std::vector<NamedImage> lfw_grid_mosaics();

// Benchmark-sized gray frames: the face images tiled (each scaled to a third of the frame
// height) on a mid-gray page, and the grass texture tiled (no faces).
cv::Mat faces_frame(cv::Size size);
cv::Mat faceless_frame(cv::Size size);

// A directory of the test's own under the system's temp directory, removed with everything in it.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string write(const std::string& name, const std::string& content) const;  // the file's path
  std::string path(const std::string& name) const;

 private:
  std::filesystem::path path_;
};

// An OpenCV (>= 2.4, HAAR) cascade file's text, written by hand: `stages` holds each stage's
// inner XML ("<stageThreshold>…</stageThreshold><weakClassifiers>…</weakClassifiers>"),
// `features` each feature's rectangles ("<_>x y w h weight</_>…").
std::string cascade_xml(sat::Extent window, const std::vector<std::string>& stages,
                        const std::vector<std::string>& features);

// A cascade of two-node trees written (as OpenCV XML) from a stump cascade: consecutive stumps
// A, B of a stage become one tree (A's node, its left child B's node; leaves A.right,
// A.left + B.left, A.left + B.right). Debian's tree-shaped cascades all use tilted features, so
// this is how the tree path (OpenCV's predictOrdered) is checked.
std::string tree_cascade_xml(const sat::HaarCascade& stumps);

// The same boxes in any order (OpenCV's order depends on its threads).
bool same_boxes(std::vector<sat::Box> a, std::vector<sat::Box> b);

}  // namespace detect_test
