#include "common/image/jpeg_integrity.h"

namespace satapp::image {
namespace {

constexpr std::uint8_t kMarker = 0xFF;
constexpr std::uint8_t kSoi = 0xD8, kEoi = 0xD9, kSos = 0xDA, kTem = 0x01;

bool is_restart(std::uint8_t code) { return code >= 0xD0 && code <= 0xD7; }

// Markers without a length field.
bool stands_alone(std::uint8_t code) { return code == kSoi || code == kTem || is_restart(code); }

}  // namespace

bool is_truncated_jpeg(const std::uint8_t* data, std::size_t size) {
  if (size < 2 || data[0] != kMarker || data[1] != kSoi) return false;
  std::size_t i = 2;
  for (;;) {
    // Bytes between segments are not markers (libjpeg skips them with a warning).
    while (i < size && data[i] != kMarker) ++i;
    while (i < size && data[i] == kMarker) ++i;  // fill bytes
    if (i >= size) return true;
    const std::uint8_t code = data[i++];
    if (code == kEoi) return false;
    if (stands_alone(code)) continue;
    if (i + 2 > size) return true;
    const std::size_t length = (std::size_t(data[i]) << 8) | data[i + 1];  // includes its own 2 bytes
    i += length;
    if (code != kSos) continue;
    // Entropy-coded data: FF 00 is a stuffed FF, FF D0..D7 a restart; any other FF xx ends it.
    for (;; ++i) {
      if (i + 1 >= size) return true;
      if (data[i] == kMarker && data[i + 1] != 0x00 && data[i + 1] != kMarker && !is_restart(data[i + 1])) break;
    }
  }
}

}  // namespace satapp::image
