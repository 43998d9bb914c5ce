// Image checks of the FilterEngine (see filter_validate.h).
#include "filters/filter_validate.h"

#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>

#include "dispatch/validate.h"
#include "filters/stages.h"

namespace sat::filters {
namespace {

[[noreturn]] void fail(const char* call, std::vector<MessagePart> parts) {
  throw Error(ErrorCode::InvalidArgument, call, std::move(parts));
}

// The images as messages name them: arguments of apply(), or a filter's image parameter.
MessagePart src_name() { return named_argument("src"); }
MessagePart dst_name() { return named_argument("dst"); }

std::string size_of(int w, int h) { return std::to_string(w) + "x" + std::to_string(h); }

// The bytes the image addresses; throws when they do not fit in the address space.
template <class Img>
detail::AddressRange check_image(const char* call, const MessagePart& name, const Img& im) {
  if (im.data == nullptr) fail(call, {name, " pointer is null"});
  if (im.width < 1 || im.height < 1)
    fail(call, {name, " size must be at least 1x1 (got " + size_of(im.width, im.height) + ")"});
  if (im.channels != 1 && im.channels != 3 && im.channels != 4)
    fail(call, {name, " must have 1, 3 or 4 channels (got " + std::to_string(im.channels) + ")"});
  constexpr std::size_t kSample = sizeof(*im.data);                                    // 1 or 2 bytes
  const std::size_t row = std::size_t(im.width) * std::size_t(im.channels) * kSample;  // < 2^34: no overflow
  if (im.pitch < row)
    fail(call, {name, " pitch " + std::to_string(im.pitch) + " is smaller than a row (" + std::to_string(im.width) +
                          " x " + std::to_string(im.channels) + (kSample == 1 ? "" : " x 2") + " = " +
                          std::to_string(row) + " bytes)"});
  if (kSample == 2 && (im.pitch % 2 != 0 || reinterpret_cast<std::uintptr_t>(im.data) % 2 != 0))
    fail(call, {name, " of 16-bit samples must be 2-byte aligned, with an even pitch (got " + std::to_string(im.pitch) +
                          ")"});
  return detail::plane_range(call, name, im.data, im.pitch, im.height, row);
}

void check_device_pointer(const char* call, const MessagePart& name, const void* ptr) {
  cudaPointerAttributes attr{};
  const cudaError_t status = cudaPointerGetAttributes(&attr, ptr);
  if (status != cudaSuccess) {
    cudaGetLastError();  // not a pointer CUDA knows: let the launch report what it finds
    return;
  }
  if (attr.type == cudaMemoryTypeUnregistered)
    fail(call, {name, " is ordinary host memory; Backend::Cuda takes device (or pinned/managed) images"});
}

}  // namespace

void check_image_param(const char* call, const char* name, ConstImage8 image) {
  check_image(call, named_parameter(name), image);
}

bool overlaps(ConstImage8 a, ConstImage8 b) {
  // Both were checked (check_images): their ranges are inside the address space.
  const detail::AddressRange ra = check_image("overlaps", "a", a), rb = check_image("overlaps", "b", b);
  return ra.begin < rb.end && rb.begin < ra.end;
}

namespace {

template <class ConstImg, class Img>
void check_pair(const char* call, ConstImg src, const Img& dst, int dst_channels, Extent max_extent, Alias alias) {
  const detail::AddressRange a = check_image(call, src_name(), src);
  if (src.width > max_extent.width || src.height > max_extent.height)
    fail(call, {src_name(), " is " + size_of(src.width, src.height) + ", larger than the engine's max extent " +
                                size_of(max_extent.width, max_extent.height)});
  const detail::AddressRange b = check_image(call, dst_name(), dst);
  if (dst.width != src.width || dst.height != src.height)
    fail(call, {dst_name(), " is " + size_of(dst.width, dst.height) + " but ", src_name(),
                " is " + size_of(src.width, src.height)});
  if (dst.channels != dst_channels)
    fail(call, {dst_name(), " must have " + std::to_string(dst_channels) + " channel" + (dst_channels == 1 ? "" : "s") +
                                " (got " + std::to_string(dst.channels) + ")"});
  const bool overlap = a.begin < b.end && b.begin < a.end;
  if (!overlap || alias == Alias::Any) return;
  const bool same = src.data == dst.data && src.pitch == dst.pitch && src.channels == dst.channels;
  if (alias == Alias::SameImageOnly && same) return;
  if (alias == Alias::SameImageOnly)
    fail(call,
         {dst_name(), " overlaps ", src_name(), " (only ", dst_name(), " == ", src_name(), ", in place, is allowed)"});
  fail(call, {dst_name(), " overlaps ", src_name()});
}

}  // namespace

void check_images(const char* call, ConstImage8 src, const Image8& dst, int dst_channels, Extent max_extent,
                  Alias alias) {
  check_pair(call, src, dst, dst_channels, max_extent, alias);
}

void check_images(const char* call, ConstImage16 src, const Image16& dst, int dst_channels, Extent max_extent,
                  Alias alias) {
  check_pair(call, src, dst, dst_channels, max_extent, alias);
}

bool overlaps(ConstImage16 a, ConstImage16 b) {
  const detail::AddressRange ra = check_image("overlaps", "a", a), rb = check_image("overlaps", "b", b);
  return ra.begin < rb.end && rb.begin < ra.end;
}

void check_device_images(const char* call, ConstImage8 src, const Image8& dst) {
  check_device_pointer(call, src_name(), src.data);
  check_device_pointer(call, dst_name(), dst.data);
}

void check_image_beside(const char* call, const char* name, ConstImage8 image, int channels, ConstImage8 src,
                        const Image8& dst, bool device) {
  const MessagePart n = named_parameter(name);
  if (image.data != nullptr && image.channels != channels)
    fail(call, {n, " must have " + std::to_string(channels) + " channel" + (channels == 1 ? "" : "s") + " (got " +
                       std::to_string(image.channels) + ")"});
  const detail::AddressRange a = check_image(call, n, image);
  if (image.width != src.width || image.height != src.height)
    fail(call, {n, " is " + size_of(image.width, image.height) + " but ", src_name(),
                " is " + size_of(src.width, src.height)});
  const detail::AddressRange b = check_image(call, dst_name(), dst);
  if (a.begin < b.end && b.begin < a.end) fail(call, {n, " overlaps ", dst_name()});
  if (device) check_device_pointer(call, n, image.data);
}

void check_gray_pass_images(EngineContext& engine, ConstImage8 src, const Image8& dst) {
  check_images(kApplyCall, src, dst, 1, engine.max_extent(), src.channels == 1 ? Alias::SameImageOnly : Alias::Any);
  if (engine.backend() == Backend::Cuda) check_device_images(kApplyCall, src, dst);
}

}  // namespace sat::filters
