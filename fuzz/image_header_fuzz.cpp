// satapp::image::read_image_header on any bytes: never a read past them (AddressSanitizer), a
// crash or undefined behaviour; its answer keeps its own rules.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "common/image/image_header.h"

namespace {

using satapp::image::HeaderKind;

void check(const satapp::image::ImageHeader& h) {
  if ((h.kind == HeaderKind::Unknown) != (std::strlen(h.format) == 0)) std::abort();  // a format iff known
  if (h.kind != HeaderKind::Sized && (h.width != 0 || h.height != 0)) std::abort();   // a size iff Sized
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const satapp::image::ImageHeader whole = satapp::image::read_image_header(data, size);
  check(whole);
  // The programs read a first block, then more: a prefix is read as safely.
  if (size > satapp::image::kSignatureBytes)
    check(satapp::image::read_image_header(data, satapp::image::kSignatureBytes));
  return 0;
}
