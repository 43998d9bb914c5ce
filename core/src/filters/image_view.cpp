// The typed images back from a ConstImageView / ImageView, refused naming both types when the
// view holds the other one.
#include <string>

#include "sat/error.h"
#include "sat/filter_image.h"

namespace sat {
namespace {

void expect(SampleType held, SampleType wanted, const char* call) {
  if (held != wanted)
    throw Error(ErrorCode::InvalidArgument, call,
                std::string("expected a ") + bits_text(wanted) + " image, got a " + bits_text(held) + " one");
}

}  // namespace

ConstImage8 ConstImageView::as8(const char* call) const {
  expect(sample, SampleType::U8, call);
  return {static_cast<const uint8_t*>(data), pitch, width, height, channels};
}
ConstImage16 ConstImageView::as16(const char* call) const {
  expect(sample, SampleType::U16, call);
  return {static_cast<const uint16_t*>(data), pitch, width, height, channels};
}
Image8 ImageView::as8(const char* call) const {
  expect(sample, SampleType::U8, call);
  return {static_cast<uint8_t*>(data), pitch, width, height, channels};
}
Image16 ImageView::as16(const char* call) const {
  expect(sample, SampleType::U16, call);
  return {static_cast<uint16_t*>(data), pitch, width, height, channels};
}

}  // namespace sat
