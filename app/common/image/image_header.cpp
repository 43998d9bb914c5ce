#include "common/image/image_header.h"

#include <algorithm>
#include <cstring>

namespace satapp::image {
namespace {

// The bytes read so far, with checked access: a header cut short is "not yet", never a read
// past the end.
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::size_t size() const { return size_; }
  bool has(std::size_t offset, std::size_t count) const { return offset <= size_ && count <= size_ - offset; }
  bool starts_with(const char* magic, std::size_t length, std::size_t offset = 0) const {
    return has(offset, length) && std::memcmp(data_ + offset, magic, length) == 0;
  }
  std::uint8_t at(std::size_t i) const { return data_[i]; }
  std::uint32_t be16(std::size_t i) const { return std::uint32_t(data_[i]) << 8 | data_[i + 1]; }
  std::uint32_t le16(std::size_t i) const { return std::uint32_t(data_[i + 1]) << 8 | data_[i]; }
  std::uint32_t be32(std::size_t i) const { return be16(i) << 16 | be16(i + 2); }
  std::uint32_t le32(std::size_t i) const { return le16(i + 2) << 16 | le16(i); }
  std::uint32_t le24(std::size_t i) const { return std::uint32_t(data_[i + 2]) << 16 | le16(i); }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
};

// `value` followed by the digit `c`, held at 2^32 - 1 (no side is larger, and the product of two
// sides stays within 64 bits).
std::uint64_t decimal_step(std::uint64_t value, std::uint8_t c) {
  return std::min<std::uint64_t>(value * 10 + (c - '0'), 0xFFFFFFFF);
}

ImageHeader format_only(const char* format) { return {HeaderKind::Format, format, 0, 0}; }

ImageHeader sized(const char* format, std::uint64_t width, std::uint64_t height) {
  return {HeaderKind::Sized, format, width, height};
}

ImageHeader png(const Bytes& b) {
  // The IHDR chunk comes first: length, "IHDR", width, height (big-endian).
  if (!b.has(16, 8)) return format_only("PNG");
  return sized("PNG", b.be32(16), b.be32(20));
}

ImageHeader jpeg(const Bytes& b) {
  // Segments from the start-of-image marker to the first start-of-frame, which holds the size.
  std::size_t i = 2;
  while (b.has(i, 4)) {
    if (b.at(i) != 0xFF) return format_only("JPEG");  // not a marker: leave it to the decoder
    const std::uint8_t marker = b.at(i + 1);
    if (marker == 0xFF) {  // fill byte
      ++i;
      continue;
    }
    const bool start_of_frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (start_of_frame) {
      if (!b.has(i + 5, 4)) return format_only("JPEG");
      return sized("JPEG", b.be16(i + 7), b.be16(i + 5));
    }
    if (marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) {  // no length
      i += 2;
      continue;
    }
    i += 2 + b.be16(i + 2);
  }
  return format_only("JPEG");
}

ImageHeader bmp(const Bytes& b) {
  if (!b.has(14, 12)) return format_only("BMP");
  if (b.le32(14) == 12) return sized("BMP", b.le16(18), b.le16(20));                       // OS/2 BITMAPCOREHEADER
  const std::int64_t width = std::int32_t(b.le32(18)), height = std::int32_t(b.le32(22));  // height < 0: top-down
  return sized("BMP", std::uint64_t(width < 0 ? -width : width), std::uint64_t(height < 0 ? -height : height));
}

// PBM/PGM/PPM (P1-P6) and PFM (PF, Pf): the width and the height are the first two numbers
// after the magic, between blanks and # comments.
ImageHeader netpbm(const Bytes& b, const char* format) {
  std::uint64_t numbers[2] = {0, 0};
  int found = 0;
  std::size_t i = 2;
  while (found < 2 && i < b.size()) {
    const std::uint8_t c = b.at(i);
    if (c == '#') {
      while (i < b.size() && b.at(i) != '\n' && b.at(i) != '\r') ++i;
    } else if (c >= '0' && c <= '9') {
      std::uint64_t value = 0;
      while (i < b.size() && b.at(i) >= '0' && b.at(i) <= '9') {
        value = decimal_step(value, b.at(i));
        ++i;
      }
      if (i == b.size()) return format_only(format);  // the number may go on
      numbers[found++] = value;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
      ++i;
    } else {
      return format_only(format);
    }
  }
  return found == 2 ? sized(format, numbers[0], numbers[1]) : format_only(format);
}

// PAM (P7): "WIDTH n" and "HEIGHT n" lines before ENDHDR.
ImageHeader pam(const Bytes& b) {
  std::uint64_t width = 0, height = 0;
  bool has_width = false, has_height = false;
  std::size_t line = 3;
  while (line < b.size()) {
    std::size_t end = line;
    while (end < b.size() && b.at(end) != '\n') ++end;
    if (end == b.size()) break;  // the line may go on
    const auto value_of = [&](const char* key, std::size_t length, std::uint64_t& value) {
      if (!b.starts_with(key, length, line)) return false;
      value = 0;
      for (std::size_t i = line + length; i < end; ++i)
        if (b.at(i) >= '0' && b.at(i) <= '9') value = decimal_step(value, b.at(i));
      return true;
    };
    has_width = value_of("WIDTH ", 6, width) || has_width;
    has_height = value_of("HEIGHT ", 7, height) || has_height;
    if (b.starts_with("ENDHDR", 6, line) || (has_width && has_height)) break;
    line = end + 1;
  }
  return has_width && has_height ? sized("PAM", width, height) : format_only("PAM");
}

ImageHeader webp(const Bytes& b) {
  if (b.starts_with("VP8X", 4, 12) && b.has(24, 6)) return sized("WebP", b.le24(24) + 1ull, b.le24(27) + 1ull);
  if (b.starts_with("VP8L", 4, 12) && b.has(21, 4)) {
    const std::uint32_t bits = b.le32(21);
    return sized("WebP", (bits & 0x3FFF) + 1ull, ((bits >> 14) & 0x3FFF) + 1ull);
  }
  if (b.starts_with("VP8 ", 4, 12) && b.has(26, 4)) return sized("WebP", b.le16(26) & 0x3FFF, b.le16(28) & 0x3FFF);
  return format_only("WebP");
}

// The first image file directory's ImageWidth (256) and ImageLength (257) tags.
ImageHeader tiff(const Bytes& b, bool big_endian) {
  const auto u16 = [&](std::size_t i) { return big_endian ? b.be16(i) : b.le16(i); };
  const auto u32 = [&](std::size_t i) { return big_endian ? b.be32(i) : b.le32(i); };
  if (!b.has(4, 4)) return format_only("TIFF");
  const std::size_t directory = u32(4);
  if (!b.has(directory, 2)) return format_only("TIFF");  // often at the end of the file
  const std::size_t entries = u16(directory);
  std::uint64_t width = 0, height = 0;
  for (std::size_t e = 0; e < entries; ++e) {
    const std::size_t entry = directory + 2 + 12 * e;
    if (!b.has(entry, 12)) return format_only("TIFF");
    const std::uint32_t tag = u16(entry), type = u16(entry + 2);
    const std::uint64_t value = type == 3 ? u16(entry + 8) : type == 4 ? u32(entry + 8) : 0;
    if (tag == 256) width = value;
    if (tag == 257) height = value;
  }
  return width && height ? sized("TIFF", width, height) : format_only("TIFF");
}

}  // namespace

ImageHeader read_image_header(const std::uint8_t* data, std::size_t size) {
  const Bytes b(data, size);
  if (b.starts_with("\x89PNG\r\n\x1a\n", 8)) return png(b);
  if (b.starts_with("\xFF\xD8\xFF", 3)) return jpeg(b);
  if (b.starts_with("BM", 2)) return bmp(b);
  if (b.starts_with("RIFF", 4) && b.starts_with("WEBP", 4, 8)) return webp(b);
  if (b.starts_with("II*\0", 4) || b.starts_with("II+\0", 4)) return tiff(b, false);
  if (b.starts_with("MM\0*", 4) || b.starts_with("MM\0+", 4)) return tiff(b, true);
  if (b.starts_with("P7", 2)) return pam(b);
  if (b.has(0, 3) && b.at(0) == 'P' && b.at(1) >= '1' && b.at(1) <= '6') return netpbm(b, "PNM");
  if (b.starts_with("PF", 2) || b.starts_with("Pf", 2)) return netpbm(b, "PFM");
  if (b.starts_with("\x59\xA6\x6A\x95", 4)) {
    if (!b.has(4, 8)) return format_only("Sun raster");
    return sized("Sun raster", b.be32(4), b.be32(8));
  }
  if (b.starts_with("\0\0\0\x0CjP  \r\n\x87\n", 12) || b.starts_with("\xFF\x4F\xFF\x51", 4))
    return format_only("JPEG 2000");
  if (b.starts_with("\x76\x2F\x31\x01", 4)) return format_only("OpenEXR");
  if (b.starts_with("#?RADIANCE", 10) || b.starts_with("#?RGBE", 6)) return format_only("Radiance HDR");
  if (b.starts_with("ftypavif", 8, 4) || b.starts_with("ftypavis", 8, 4)) return format_only("AVIF");
  return {};
}

}  // namespace satapp::image
