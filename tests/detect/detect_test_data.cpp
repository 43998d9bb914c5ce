#include "detect_test_data.h"

#include <unistd.h>

#include <stb_image.h>  // not OpenCV's imgcodecs: the GPU tests run where only core, imgproc and objdetect are

#include <opencv2/imgcodecs.hpp>  // the IMREAD_* flags only; nothing of it is linked
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <tuple>

namespace detect_test {

std::string cascade_path(const std::string& name) {
  const std::string path = "/usr/share/opencv4/haarcascades/" + name;
  if (!std::filesystem::exists(path))
    throw std::runtime_error(path + " is missing: install Debian's opencv-data (scripts/install-deps.sh)");
  return path;
}

std::string skimage_path(const std::string& name) {
  const std::string path = "/usr/lib/python3/dist-packages/skimage/data/" + name;
  if (!std::filesystem::exists(path))
    throw std::runtime_error(path + " is missing: install Debian's python3-skimage (scripts/install-deps.sh)");
  return path;
}

cv::Mat load_image(const std::string& name, int flags) {
  const std::string path = skimage_path(name);
  int width = 0, height = 0, stored = 0;
  unsigned char* data = stbi_load(path.c_str(), &width, &height, &stored, 0);
  if (!data) throw std::runtime_error("cannot decode " + path + ": " + stbi_failure_reason());
  const cv::Mat as_stored(height, width, CV_8UC(stored), data);
  cv::Mat m;
  if (flags == cv::IMREAD_GRAYSCALE) {
    if (stored == 1)
      m = as_stored.clone();
    else
      cv::cvtColor(as_stored, m, stored == 4 ? cv::COLOR_RGBA2GRAY : cv::COLOR_RGB2GRAY);
  } else {  // IMREAD_COLOR: BGR, as cv::imread gives it
    if (stored == 1)
      cv::cvtColor(as_stored, m, cv::COLOR_GRAY2BGR);
    else
      cv::cvtColor(as_stored, m, stored == 4 ? cv::COLOR_RGBA2BGR : cv::COLOR_RGB2BGR);
  }
  stbi_image_free(data);
  return m;
}

std::vector<cv::Mat> load_lfw_subset() {
  const std::string path = skimage_path("lfw_subset.npy");
  std::ifstream in(path, std::ios::binary);
  char magic[8];
  in.read(magic, 8);
  if (!in || std::memcmp(magic, "\x93NUMPY", 6) != 0) throw std::runtime_error(path + ": not a .npy file");
  uint16_t header_len = 0;
  in.read(reinterpret_cast<char*>(&header_len), 2);  // version 1.0: little-endian uint16
  std::string header(header_len, '\0');
  in.read(header.data(), header_len);
  if (header.find("'descr': '<f8'") == std::string::npos ||
      header.find("'fortran_order': False") == std::string::npos || header.find("(200, 25, 25)") == std::string::npos)
    throw std::runtime_error(path + ": unexpected header " + header);
  std::vector<cv::Mat> crops;
  for (int k = 0; k < 200; ++k) {
    cv::Mat f(25, 25, CV_64F);
    in.read(reinterpret_cast<char*>(f.data), 25 * 25 * sizeof(double));
    if (!in) throw std::runtime_error(path + ": truncated");
    cv::Mat u8;
    f.convertTo(u8, CV_8U, 255.0);
    crops.push_back(u8);
  }
  return crops;
}

namespace {

// The lfw crops enlarged to `cell` pixels and tiled `cols` wide on a mid-gray page of odd size.
cv::Mat lfw_mosaic(int cell, int cols, int first, int count, cv::Size size) {
  const std::vector<cv::Mat> crops = load_lfw_subset();
  cv::Mat page(size, CV_8U, cv::Scalar(128));
  for (int k = 0; k < count; ++k) {
    const int x = 7 + (k % cols) * (cell + 5), y = 5 + (k / cols) * (cell + 5);
    if (x + cell > size.width || y + cell > size.height) break;
    cv::Mat big;
    cv::resize(crops[std::size_t(first + k)], big, {cell, cell}, 0, 0, cv::INTER_CUBIC);
    big.copyTo(page(cv::Rect(x, y, cell, cell)));
  }
  return page;
}

}  // namespace

std::vector<NamedImage> face_images() {
  std::vector<NamedImage> out;
  const cv::Mat astronaut = load_image("astronaut.png", cv::IMREAD_COLOR);
  const cv::Mat camera = load_image("camera.png", cv::IMREAD_GRAYSCALE);
  out.push_back({"astronaut_bgr", astronaut});
  out.push_back({"camera", camera});
  out.push_back({"lfw_mosaic_733x419", lfw_mosaic(64, 10, 0, 100, {733, 419})});
  out.push_back({"lfw_mosaic_small_401x211", lfw_mosaic(37, 10, 0, 50, {401, 211})});
  // A composite at an odd size: the astronaut shrunk, the cameraman, and lfw faces.
  cv::Mat composite(523, 911, CV_8U, cv::Scalar(90));
  cv::Mat gray_astronaut, small;
  cv::cvtColor(astronaut, gray_astronaut, cv::COLOR_BGR2GRAY);
  cv::resize(gray_astronaut, small, {347, 347}, 0, 0, cv::INTER_AREA);
  small.copyTo(composite(cv::Rect(3, 11, 347, 347)));
  camera(cv::Rect(100, 20, 300, 330)).copyTo(composite(cv::Rect(360, 5, 300, 330)));
  lfw_mosaic(80, 3, 0, 6, {251, 170}).copyTo(composite(cv::Rect(659, 351, 251, 170)));
  out.push_back({"composite_911x523", composite});
  // The astronaut at an odd size in colour (a different pyramid: other rounding everywhere).
  cv::Mat odd;
  cv::resize(astronaut, odd, {389, 433}, 0, 0, cv::INTER_LINEAR);
  out.push_back({"astronaut_389x433_bgr", odd});
  return out;
}

std::vector<NamedImage> lfw_grid_mosaics() {
  const std::vector<cv::Mat> crops = load_lfw_subset();
  std::vector<NamedImage> out;
  for (std::size_t first = 0; first + 20 <= crops.size(); first += 20) {
    cv::Mat page(100, 125, CV_8U);
    for (int k = 0; k < 20; ++k)
      crops[first + std::size_t(k)].copyTo(page(cv::Rect((k % 5) * 25, (k / 5) * 25, 25, 25)));
    out.push_back({"lfw_grid_125x100_from_" + std::to_string(first), page});
  }
  return out;
}

std::vector<NamedImage> faceless_images() {
  std::vector<NamedImage> out;
  out.push_back({"brick", load_image("brick.png", cv::IMREAD_GRAYSCALE)});
  out.push_back({"grass", load_image("grass.png", cv::IMREAD_GRAYSCALE)});
  out.push_back({"coffee_bgr", load_image("coffee.png", cv::IMREAD_COLOR)});
  cv::Mat noise(301, 457, CV_8U);
  cv::RNG rng(23);
  rng.fill(noise, cv::RNG::UNIFORM, 0, 256);
  out.push_back({"noise_457x301", noise});
  out.push_back({"flat_gray_97x61", cv::Mat(61, 97, CV_8U, cv::Scalar(117))});
  return out;
}

cv::Mat faces_frame(cv::Size size) {
  cv::Mat frame(size, CV_8U, cv::Scalar(100));
  int x = 0, y = 0;
  const int cell = std::max(1, size.height / 3);  // a frame under 3 rows high: 1-row cells
  const std::vector<NamedImage> images = face_images();
  for (int k = 0; y + cell <= size.height; ++k) {
    cv::Mat g = images[std::size_t(k) % images.size()].image, gray, scaled;
    if (g.channels() == 3)
      cv::cvtColor(g, gray, cv::COLOR_BGR2GRAY);
    else
      gray = g;
    const double s = double(cell) / std::max(gray.cols, gray.rows);
    cv::resize(gray, scaled, {}, s, s, cv::INTER_AREA);
    if (x + scaled.cols > size.width) x = 0, y += cell;
    if (y + scaled.rows > size.height || scaled.cols > size.width) break;  // no room left, or none ever
    scaled.copyTo(frame(cv::Rect(x, y, scaled.cols, scaled.rows)));
    x += scaled.cols;
  }
  return frame;
}

cv::Mat faceless_frame(cv::Size size) {
  const cv::Mat tile = faceless_images()[1].image;  // grass
  cv::Mat frame(size, CV_8U);
  for (int y = 0; y < size.height; y += tile.rows)
    for (int x = 0; x < size.width; x += tile.cols) {
      const cv::Rect r(x, y, std::min(tile.cols, size.width - x), std::min(tile.rows, size.height - y));
      tile(cv::Rect(0, 0, r.width, r.height)).copyTo(frame(r));
    }
  return frame;
}

TempDir::TempDir() {
  static int made = 0;  // several in one test process
  path_ = std::filesystem::temp_directory_path() /
          ("sat_detect_test_" + std::to_string(::getpid()) + "_" + std::to_string(made++));
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::string TempDir::write(const std::string& name, const std::string& content) const {
  const std::string p = path(name);
  std::ofstream(p, std::ios::binary) << content;
  return p;
}

std::string TempDir::path(const std::string& name) const { return (path_ / name).string(); }

std::string cascade_xml(sat::Extent window, const std::vector<std::string>& stages,
                        const std::vector<std::string>& features) {
  std::string x =
      "<?xml version=\"1.0\"?>\n<opencv_storage>\n<cascade type_id=\"opencv-cascade-classifier\">"
      "<stageType>BOOST</stageType><featureType>HAAR</featureType><height>" +
      std::to_string(window.height) + "</height><width>" + std::to_string(window.width) +
      "</width><stageParams><maxWeakCount>300</maxWeakCount></stageParams><featureParams><maxCatCount>0"
      "</maxCatCount></featureParams><stageNum>" +
      std::to_string(stages.size()) + "</stageNum><stages>\n";
  for (const std::string& stage : stages) x += "<_>" + stage + "</_>\n";
  x += "</stages><features>\n";
  for (const std::string& rects : features) x += "<_><rects>" + rects + "</rects><tilted>0</tilted></_>\n";
  return x + "</features></cascade>\n</opencv_storage>\n";
}

std::string tree_cascade_xml(const sat::HaarCascade& c) {
  auto num = [](double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return std::string(buf);
  };
  std::vector<std::string> stages, features;
  for (const sat::HaarStage& st : c.stages) {
    std::string x = "<maxWeakCount>" + std::to_string((st.tree_count + 1) / 2) + "</maxWeakCount><stageThreshold>" +
                    num(double(st.threshold) + 1e-5) + "</stageThreshold><weakClassifiers>\n";
    for (int t = 0; t < st.tree_count; t += 2) {
      const sat::HaarTree& a = c.trees[std::size_t(st.first_tree + t)];
      const sat::HaarNode& na = c.nodes[std::size_t(a.first_node)];
      const float a_left = c.leaves[std::size_t(a.first_leaf)], a_right = c.leaves[std::size_t(a.first_leaf + 1)];
      if (t + 1 == st.tree_count) {  // an odd stump stays a stump
        x += "<_><internalNodes>0 -1 " + std::to_string(na.feature) + " " + num(na.threshold) +
             "</internalNodes><leafValues>" + num(a_left) + " " + num(a_right) + "</leafValues></_>\n";
        continue;
      }
      const sat::HaarTree& b = c.trees[std::size_t(st.first_tree + t + 1)];
      const sat::HaarNode& nb = c.nodes[std::size_t(b.first_node)];
      const float b_left = c.leaves[std::size_t(b.first_leaf)], b_right = c.leaves[std::size_t(b.first_leaf + 1)];
      x += "<_><internalNodes>1 0 " + std::to_string(na.feature) + " " + num(na.threshold) + " -1 -2 " +
           std::to_string(nb.feature) + " " + num(nb.threshold) + "</internalNodes><leafValues>" + num(a_right) + " " +
           num(a_left + b_left) + " " + num(a_left + b_right) + "</leafValues></_>\n";
    }
    stages.push_back(x + "</weakClassifiers>");
  }
  for (const sat::HaarFeature& f : c.features) {
    std::string rects;
    for (const sat::HaarRect& r : f.rects)
      if (r.weight != 0.f)
        rects += "<_>" + std::to_string(r.x) + " " + std::to_string(r.y) + " " + std::to_string(r.width) + " " +
                 std::to_string(r.height) + " " + num(r.weight) + "</_>";
    features.push_back(rects);
  }
  return cascade_xml(c.window, stages, features);
}

bool same_boxes(std::vector<sat::Box> a, std::vector<sat::Box> b) {
  const auto less = [](const sat::Box& p, const sat::Box& q) {
    return std::tie(p.x, p.y, p.width, p.height) < std::tie(q.x, q.y, q.width, q.height);
  };
  std::sort(a.begin(), a.end(), less);
  std::sort(b.begin(), b.end(), less);
  return a == b;
}

}  // namespace detect_test
