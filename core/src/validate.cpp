// Argument checks shared by sat::compute, sat::workspace_size and the CPU paths.
#include "detail/validate.h"

#include <cstdint>
#include <limits>
#include <string>

#include "detail/launch.h"

namespace sat::detail {
namespace {

[[noreturn]] void fail(ErrorCode code, const char* call, const std::string& message) {
  throw Error(code, call, message);
}

bool known(ElementType type) {
  for (ElementType t : kAllElementTypes)
    if (t == type) return true;
  return false;
}

bool known(Algorithm algorithm) {
  for (Algorithm a : kAllAlgorithms)
    if (a == algorithm) return true;
  return false;
}

void check_plane(const char* call, const char* which, const void* ptr, std::size_t pitch, std::size_t element,
                 std::size_t alignment, Extent extent) {
  const std::string w(which);
  if (ptr == nullptr) fail(ErrorCode::InvalidArgument, call, w + " pointer is null");
  const std::size_t row = std::size_t(extent.width) * element;
  if (pitch < row)
    fail(ErrorCode::InvalidArgument, call,
         w + " pitch " + std::to_string(pitch) + " is smaller than a row (" + std::to_string(extent.width) + " x " +
             std::to_string(element) + " = " + std::to_string(row) + " bytes)");
  if (pitch % alignment != 0)
    fail(ErrorCode::InvalidArgument, call,
         w + " pitch " + std::to_string(pitch) + " is not a multiple of the element alignment (" +
             std::to_string(alignment) + " bytes)");
  if (reinterpret_cast<std::uintptr_t>(ptr) % alignment != 0)
    fail(ErrorCode::InvalidArgument, call, w + " pointer is not aligned to " + std::to_string(alignment) + " bytes");
}

}  // namespace

void check_request(const char* call, ElementType type, Extent extent, const Options& options) {
  if (!known(type)) fail(ErrorCode::InvalidArgument, call, "unknown element type " + std::to_string(int(type)));
  if (!known(options.algorithm))
    fail(ErrorCode::InvalidArgument, call, "unknown algorithm " + std::to_string(int(options.algorithm)));
  if (extent.width < 1) fail(ErrorCode::InvalidArgument, call, "width must be >= 1 (got " + std::to_string(extent.width) + ")");
  if (extent.height < 1)
    fail(ErrorCode::InvalidArgument, call, "height must be >= 1 (got " + std::to_string(extent.height) + ")");
  const int t = options.tile;
  if (t != 0 && t != 32 && t != 64 && t != 128)
    fail(ErrorCode::InvalidArgument, call, "tile must be 0 (default), 32, 64 or 128 (got " + std::to_string(t) + ")");
  if (!supports(options.algorithm, type, t))
    fail(ErrorCode::Unsupported, call,
         std::string(to_string(options.algorithm)) + " does not support " + to_string(type) + " with tile " +
             std::to_string(t) + " (16-byte outputs need tile 32 or 64)");
  if (options.algorithm == Algorithm::Hybrid1R1W && !(options.hybrid_r > 0.0 && options.hybrid_r < 1.0))
    fail(ErrorCode::InvalidArgument, call, "hybrid_r must be in (0, 1) (got " + std::to_string(options.hybrid_r) + ")");
  // Tile indices and the look-back ticket counter are 32-bit.
  const int64_t tiles = int64_t(ceil_div(extent.width, 32)) * ceil_div(extent.height, 32);
  if (tiles >= (int64_t(1) << 31))
    fail(ErrorCode::InvalidArgument, call,
         "image of " + std::to_string(extent.width) + "x" + std::to_string(extent.height) + " is too large");
}

void check_problem(const char* call, const Problem& p) {
  check_plane(call, "input", p.input, p.input_pitch, input_element_size(p.type), input_alignment(p.type), p.extent);
  check_plane(call, "output", p.output, p.output_pitch, output_element_size(p.type), output_alignment(p.type),
              p.extent);
  const auto in0 = reinterpret_cast<std::uintptr_t>(p.input);
  const auto out0 = reinterpret_cast<std::uintptr_t>(p.output);
  const std::uintptr_t in1 = in0 + p.input_pitch * std::size_t(p.extent.height - 1) +
                             std::size_t(p.extent.width) * input_element_size(p.type);
  const std::uintptr_t out1 = out0 + p.output_pitch * std::size_t(p.extent.height - 1) +
                              std::size_t(p.extent.width) * output_element_size(p.type);
  if (in0 < out1 && out0 < in1) fail(ErrorCode::InvalidArgument, call, "input and output overlap");
}

void check_plane_count(const char* call, Extent extent, int planes) {
  if (planes < 1) fail(ErrorCode::InvalidArgument, call, "planes must be >= 1 (got " + std::to_string(planes) + ")");
  // A batch shares one ticket space of 32-bit tile indices (check_request covers one plane).
  const int64_t tiles = int64_t(ceil_div(extent.width, 32)) * ceil_div(extent.height, 32) * planes;
  if (tiles >= (int64_t(1) << 31))
    fail(ErrorCode::InvalidArgument, call,
         std::to_string(planes) + " planes of " + std::to_string(extent.width) + "x" + std::to_string(extent.height) +
             " are too many for one call");
}

void check_batch(const char* call, const Problem& p, const Batch& batch) {
  check_plane_count(call, p.extent, batch.planes);
  if (batch.planes == 1) return;  // strides unused
  const auto span = [&](std::size_t pitch, std::size_t element) {
    return pitch * std::size_t(p.extent.height - 1) + std::size_t(p.extent.width) * element;
  };
  const std::size_t in_span = span(p.input_pitch, input_element_size(p.type));
  const std::size_t out_span = span(p.output_pitch, output_element_size(p.type));
  if (batch.input_plane_stride % input_alignment(p.type) != 0)
    fail(ErrorCode::InvalidArgument, call,
         "input plane stride " + std::to_string(batch.input_plane_stride) +
             " is not a multiple of the element alignment (" + std::to_string(input_alignment(p.type)) + " bytes)");
  if (batch.output_plane_stride % output_alignment(p.type) != 0)
    fail(ErrorCode::InvalidArgument, call,
         "output plane stride " + std::to_string(batch.output_plane_stride) +
             " is not a multiple of the element alignment (" + std::to_string(output_alignment(p.type)) + " bytes)");
  if (batch.output_plane_stride < out_span)
    fail(ErrorCode::InvalidArgument, call,
         "output plane stride " + std::to_string(batch.output_plane_stride) + " is smaller than a plane (" +
             std::to_string(out_span) + " bytes): output planes would overlap");
  const std::size_t last = std::size_t(batch.planes - 1);
  const std::size_t limit = std::numeric_limits<std::uintptr_t>::max() / 2;
  if (batch.input_plane_stride > (limit - in_span) / last || batch.output_plane_stride > (limit - out_span) / last)
    fail(ErrorCode::InvalidArgument, call, "plane strides times the plane count overflow the address space");
  const auto in0 = reinterpret_cast<std::uintptr_t>(p.input);
  const auto out0 = reinterpret_cast<std::uintptr_t>(p.output);
  const std::uintptr_t in1 = in0 + last * batch.input_plane_stride + in_span;
  const std::uintptr_t out1 = out0 + last * batch.output_plane_stride + out_span;
  if (in0 < out1 && out0 < in1) fail(ErrorCode::InvalidArgument, call, "input and output planes overlap");
}

void check_call(const char* call, const Problem& first_plane, const Batch& batch, const Options& options) {
  check_request(call, first_plane.type, first_plane.extent, options);
  check_problem(call, first_plane);
  check_batch(call, first_plane, batch);
}

}  // namespace sat::detail
