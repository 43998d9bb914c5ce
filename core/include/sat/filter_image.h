// The values every filter's parameters and images are made of: the border rule and the images
// the filters read and write — 8-bit or 16-bit samples, typed (ConstImage8, ConstImage16) or
// carrying their sample type (ConstImageView, for front-ends that learn it at run time).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace sat {

// Border rule for pixels outside the image (OpenCV names).
enum class Border {
  Reflect101,  // gfedcb|abcdefgh|gfedcba  (OpenCV's default, numpy 'reflect')
  Replicate,   // aaaaaa|abcdefgh|hhhhhhh
};
const char* to_string(Border border);  // "reflect101", "replicate"
std::optional<Border> parse_border(std::string_view name);

// An 8-bit image, channels interleaved (1, 3 = BGR, or 4 = BGRA), rows `pitch` bytes apart.
// Host memory for Backend::Cpu, device memory for Backend::Cuda.
struct ConstImage8 {
  const uint8_t* data = nullptr;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 1;
};
struct Image8 {
  uint8_t* data = nullptr;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 1;
  operator ConstImage8() const { return {data, pitch, width, height, channels}; }
};

// The type of one sample (one channel of one pixel). A filter's output has its input's type.
enum class SampleType {
  U8,   // uint8_t, 0 … 255
  U16,  // uint16_t in the host's byte order, 0 … 65535 (10- and 12-bit data: their values, not shifted)
};
const char* to_string(SampleType type);  // "u8", "u16"
std::optional<SampleType> parse_sample_type(std::string_view name);
// "8-bit", "16-bit": how error messages name the type to a user.
const char* bits_text(SampleType type);
constexpr std::size_t sample_bytes(SampleType type) { return type == SampleType::U16 ? 2 : 1; }
constexpr uint32_t sample_max(SampleType type) { return type == SampleType::U16 ? 65535u : 255u; }

// A 16-bit image, channels interleaved as for ConstImage8, rows `pitch` bytes apart (even).
struct ConstImage16 {
  const uint16_t* data = nullptr;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 1;
};
struct Image16 {
  uint16_t* data = nullptr;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 1;
  operator ConstImage16() const { return {data, pitch, width, height, channels}; }
};

// An image of either sample type, for code that learns the type at run time (an array's dtype,
// a video format). Made from the typed images (an Image8 is a ConstImageView through ConstImage8,
// spelled out, so that overloads on the typed images stay unambiguous); as8()/as16() give them
// back (and throw sat::Error naming the type when it is the other one).
struct ConstImageView {
  const void* data = nullptr;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 1;
  SampleType sample = SampleType::U8;

  ConstImageView() = default;
  ConstImageView(const void* d, std::size_t p, int w, int h, int c, SampleType s)
      : data(d), pitch(p), width(w), height(h), channels(c), sample(s) {}
  ConstImageView(ConstImage8 i) : ConstImageView(i.data, i.pitch, i.width, i.height, i.channels, SampleType::U8) {}
  ConstImageView(ConstImage16 i) : ConstImageView(i.data, i.pitch, i.width, i.height, i.channels, SampleType::U16) {}
  ConstImage8 as8(const char* call) const;
  ConstImage16 as16(const char* call) const;
};
struct ImageView {
  void* data = nullptr;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 1;
  SampleType sample = SampleType::U8;

  ImageView() = default;
  ImageView(void* d, std::size_t p, int w, int h, int c, SampleType s)
      : data(d), pitch(p), width(w), height(h), channels(c), sample(s) {}
  ImageView(Image8 i) : ImageView(i.data, i.pitch, i.width, i.height, i.channels, SampleType::U8) {}
  ImageView(Image16 i) : ImageView(i.data, i.pitch, i.width, i.height, i.channels, SampleType::U16) {}
  operator ConstImageView() const { return {data, pitch, width, height, channels, sample}; }
  Image8 as8(const char* call) const;
  Image16 as16(const char* call) const;
};

}  // namespace sat
