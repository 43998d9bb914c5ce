#include "sources/source_spec.h"

#include <charconv>

namespace satlab {

namespace {
std::optional<int> parse_int(std::string_view text) {
  int value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  return value;
}
}  // namespace

SourceSpec SourceSpec::synthetic(int width, int height) {
  SourceSpec spec;
  spec.kind = Kind::Synthetic;
  spec.width = width;
  spec.height = height;
  return spec;
}

SourceSpec SourceSpec::camera(int index) {
  SourceSpec spec;
  spec.kind = Kind::Camera;
  spec.camera_index = index;
  return spec;
}

SourceSpec SourceSpec::file(std::string path) {
  SourceSpec spec;
  spec.kind = Kind::File;
  spec.path = std::move(path);
  return spec;
}

SourceSpec SourceSpec::raw_video(int width, int height, std::string path) {
  SourceSpec spec;
  spec.kind = Kind::RawVideo;
  spec.width = width;
  spec.height = height;
  spec.path = std::move(path);
  return spec;
}

SourceSpec SourceSpec::gst(std::string pipeline) {
  SourceSpec spec;
  spec.kind = Kind::Gst;
  spec.pipeline = std::move(pipeline);
  return spec;
}

std::string to_string(const SourceSpec& spec) {
  switch (spec.kind) {
    case SourceSpec::Kind::Default:
      return "default";
    case SourceSpec::Kind::Synthetic:
      return "synthetic:" + std::to_string(spec.width) + "x" + std::to_string(spec.height);
    case SourceSpec::Kind::Camera:
      return "camera:" + std::to_string(spec.camera_index);
    case SourceSpec::Kind::File:
      return spec.path;
    case SourceSpec::Kind::RawVideo:
      return "rawvideo:" + std::to_string(spec.width) + "x" + std::to_string(spec.height) + ":" + spec.path;
    case SourceSpec::Kind::Gst:
      return "gst:" + spec.pipeline;
  }
  return "?";
}

std::optional<std::pair<int, int>> parse_size(std::string_view text) {
  const auto x = text.find('x');
  if (x == std::string_view::npos) return std::nullopt;
  const auto w = parse_int(text.substr(0, x));
  const auto h = parse_int(text.substr(x + 1));
  if (!w || !h || *w < 1 || *h < 1) return std::nullopt;
  return std::make_pair(*w, *h);
}

std::optional<SourceSpec> parse_source_spec(std::string_view text, std::string& error) {
  error.clear();
  if (text.empty()) {
    error = "empty source";
    return std::nullopt;
  }
  if (text == "default") return SourceSpec{};
  if (text == "synthetic") return SourceSpec::synthetic();
  if (text.rfind("synthetic:", 0) == 0) {
    const auto size = parse_size(text.substr(10));
    if (!size || size->first > 4096 || size->second > 4096) {
      error = "synthetic:WxH needs a size between 1x1 and 4096x4096 (got \"" + std::string(text) + "\")";
      return std::nullopt;
    }
    return SourceSpec::synthetic(size->first, size->second);
  }
  if (text == "camera") return SourceSpec::camera(0);
  if (text.rfind("camera:", 0) == 0) {
    const auto index = parse_int(text.substr(7));
    if (!index || *index < 0) {
      error = "camera:N needs a camera index N >= 0 (got \"" + std::string(text) + "\")";
      return std::nullopt;
    }
    return SourceSpec::camera(*index);
  }
  if (text.rfind("rawvideo:", 0) == 0) {
    // The size ends at the first ':' after it; the path is the rest (it may hold ':' itself).
    const std::string_view rest = text.substr(9);
    const auto colon = rest.find(':');
    const auto size = parse_size(rest.substr(0, colon));
    if (colon == std::string_view::npos || colon + 1 == rest.size() || !size || size->first > kMaxRawVideoSide ||
        size->second > kMaxRawVideoSide) {
      error = "rawvideo:WxH:PATH needs a frame size between 1x1 and " + std::to_string(kMaxRawVideoSide) + "x" +
              std::to_string(kMaxRawVideoSide) + " and a file (got \"" + std::string(text) + "\")";
      return std::nullopt;
    }
    return SourceSpec::raw_video(size->first, size->second, std::string(rest.substr(colon + 1)));
  }
  if (text.rfind("gst:", 0) == 0) {
    const std::string_view pipeline = text.substr(4);
    if (pipeline.find_first_not_of(" \t") == std::string_view::npos) {
      error = "gst:PIPELINE needs a GStreamer pipeline, e.g. gst:\"videotestsrc ! video/x-raw,format=BGRx\"";
      return std::nullopt;
    }
    return SourceSpec::gst(std::string(pipeline));
  }
  return SourceSpec::file(std::string(text));
}

}  // namespace satlab
