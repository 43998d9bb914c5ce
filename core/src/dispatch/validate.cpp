// Argument checks shared by sat::compute, sat::workspace_size, the CPU paths and the filters.
#include "dispatch/validate.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "tilted/tilted.h"

namespace sat::detail {
namespace {

// The longest side of an image (see check_request).
constexpr int kMaxSide = 1 << 30;

// No object may span more than PTRDIFF_MAX bytes (pointer differences inside it must be
// representable): a plane or batch that would is refused even where size_t holds its span.
constexpr std::size_t kMaxSpan = std::size_t(PTRDIFF_MAX);
constexpr const char* kMaxSpanText = "at most 2^63 - 1 bytes";

[[noreturn]] void fail(ErrorCode code, const char* call, const std::string& message) {
  throw Error(code, call, message);
}

[[noreturn]] void fail(ErrorCode code, const char* call, std::vector<MessagePart> parts) {
  throw Error(code, call, std::move(parts));
}

bool known(ElementType type) {
  for (ElementType t : kAllElementTypes)
    if (t == type) return true;
  return false;
}

bool known(Table table) { return table == Table::Upright || table == Table::Tilted; }

bool known(Algorithm algorithm) {
  for (Algorithm a : kAllAlgorithms)
    if (a == algorithm) return true;
  return false;
}

// The end of the last of `planes` planes `stride` bytes apart, the first of them at `first`.
std::uintptr_t batch_end(const char* call, const char* which, AddressRange first, std::size_t stride, int planes) {
  const std::size_t span = first.end - first.begin;
  const auto offset = checked_mul(std::size_t(planes - 1), stride);
  const auto total = offset ? checked_add(*offset, span) : std::nullopt;
  const auto end = total && *total <= kMaxSpan ? checked_add(first.begin, *total) : std::nullopt;
  if (!end)
    fail(ErrorCode::InvalidArgument, call,
         std::string(which) + " plane stride " + std::to_string(stride) + " x (planes " + std::to_string(planes) +
             " - 1) + a plane of " + std::to_string(span) + " bytes does not fit in the address space (" +
             kMaxSpanText + ")");
  return *end;
}

// Returns the bytes the plane addresses (see plane_range).
AddressRange check_plane(const char* call, const char* which, const void* ptr, std::size_t pitch, std::size_t element,
                         std::size_t alignment, Extent extent) {
  const std::string w(which);
  if (ptr == nullptr) fail(ErrorCode::InvalidArgument, call, w + " pointer is null");
  const auto row = checked_mul(std::size_t(extent.width), element);
  if (!row)
    fail(ErrorCode::InvalidArgument, call, w + " row of " + std::to_string(extent.width) + " elements is too large");
  if (pitch < *row)
    fail(ErrorCode::InvalidArgument, call,
         w + " pitch " + std::to_string(pitch) + " is smaller than a row (" + std::to_string(extent.width) + " x " +
             std::to_string(element) + " = " + std::to_string(*row) + " bytes)");
  if (pitch % alignment != 0)
    fail(ErrorCode::InvalidArgument, call,
         w + " pitch " + std::to_string(pitch) + " is not a multiple of the element alignment (" +
             std::to_string(alignment) + " bytes)");
  if (reinterpret_cast<std::uintptr_t>(ptr) % alignment != 0)
    fail(ErrorCode::InvalidArgument, call, w + " pointer is not aligned to " + std::to_string(alignment) + " bytes");
  return plane_range(call, which, ptr, pitch, extent.height, *row);
}

// Whether the 32×32 tiles of `planes` planes of `extent` (sizes ≥ 1) overflow the 32-bit tile
// indices and tickets.
bool too_many_tiles(Extent extent, int planes) {
  const auto per_axis = [](int n) { return (std::size_t(n) + 31) / 32; };  // no int overflow at INT_MAX
  const auto plane = checked_mul(per_axis(extent.width), per_axis(extent.height));
  const auto tiles = plane ? checked_mul(*plane, std::size_t(planes)) : std::nullopt;
  return !tiles || *tiles >= (std::size_t(1) << 31);
}

bool overlap(AddressRange a, AddressRange b) { return a.begin < b.end && b.begin < a.end; }

}  // namespace

std::optional<std::size_t> checked_mul(std::size_t a, std::size_t b) {
  std::size_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

std::optional<std::size_t> checked_add(std::size_t a, std::size_t b) {
  std::size_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

AddressRange plane_range(const char* call, const MessagePart& which, const void* ptr, std::size_t pitch, int height,
                         std::size_t row_bytes) {
  if (height < 1)
    fail(ErrorCode::InvalidArgument, call, {which, " height must be >= 1 (got " + std::to_string(height) + ")"});
  const auto rows_before_last = checked_mul(pitch, std::size_t(height - 1));
  const auto span = rows_before_last ? checked_add(*rows_before_last, row_bytes) : std::nullopt;
  if (!span || *span > kMaxSpan)
    fail(ErrorCode::InvalidArgument, call,
         {which, " pitch " + std::to_string(pitch) + " x (height " + std::to_string(height) + " - 1) + a row of " +
                     std::to_string(row_bytes) + " bytes does not fit in the address space (" + kMaxSpanText + ")"});
  const auto begin = reinterpret_cast<std::uintptr_t>(ptr);
  const auto end = checked_add(begin, *span);
  if (!end)
    fail(ErrorCode::InvalidArgument, call,
         {which, " plane of " + std::to_string(*span) + " bytes (pitch " + std::to_string(pitch) + " x (height " +
                     std::to_string(height) + " - 1) + a row) starting at address " + std::to_string(begin) +
                     " runs past the end of the address space"});
  return {begin, *end};
}

void check_request(const char* call, ElementType type, Extent extent, const Options& options) {
  if (!known(type)) fail(ErrorCode::InvalidArgument, call, "unknown element type " + std::to_string(int(type)));
  if (!known(options.algorithm))
    fail(ErrorCode::InvalidArgument, call, "unknown algorithm " + std::to_string(int(options.algorithm)));
  if (!known(options.table))
    fail(ErrorCode::InvalidArgument, call, "unknown table " + std::to_string(int(options.table)));
  if (!supports(options.table, type))
    fail(ErrorCode::Unsupported, call,
         std::string("the tilted table is offered for u8->u32 and f32->f32, not ") + to_string(type));
  if (extent.width < 1)
    fail(ErrorCode::InvalidArgument, call, "width must be >= 1 (got " + std::to_string(extent.width) + ")");
  if (extent.height < 1)
    fail(ErrorCode::InvalidArgument, call, "height must be >= 1 (got " + std::to_string(extent.height) + ")");
  // The kernels and workspace sizes round sides up to tiles in int arithmetic (INT_MAX wrapped
  // to a workspace of 2^64 − 2^36 bytes); 2^30 leaves room for every such rounding.
  for (const auto& [name, side] : {std::pair{"width", extent.width}, std::pair{"height", extent.height}})
    if (side > kMaxSide)
      fail(ErrorCode::InvalidArgument, call,
           std::string(name) + " " + std::to_string(side) +
               " is too large (at most 2^30 = " + std::to_string(kMaxSide) + ")");
  const int t = options.tile;
  if (t != 0 && t != 32 && t != 64 && t != 128)
    fail(ErrorCode::InvalidArgument, call, "tile must be 0 (default), 32, 64 or 128 (got " + std::to_string(t) + ")");
  if (!supports(options.algorithm, type, t))
    fail(ErrorCode::Unsupported, call,
         std::string(to_string(options.algorithm)) + " does not support " + to_string(type) + " with tile " +
             std::to_string(t) + " (16-byte outputs need tile 32 or 64)");
  if (options.algorithm == Algorithm::Hybrid1R1W && !(options.hybrid_r > 0.0 && options.hybrid_r < 1.0))
    fail(ErrorCode::InvalidArgument, call, "hybrid_r must be in (0, 1) (got " + std::to_string(options.hybrid_r) + ")");
  // Tile indices and the look-back ticket counter are 32-bit. This bound also keeps every
  // workspace and table size (a few bytes per pixel) far inside size_t.
  if (too_many_tiles(extent, 1))
    fail(ErrorCode::InvalidArgument, call,
         "image of " + std::to_string(extent.width) + "x" + std::to_string(extent.height) +
             " is too large (at most 2^31 - 1 tiles of 32x32 pixels)");
  // The tilted table takes the upright table of its band sums, width + height wide (tilted/tilted.h).
  if (options.table == Table::Tilted) {
    const std::size_t sums_width = std::size_t(extent.width) + std::size_t(extent.height);
    if (sums_width > std::size_t(kMaxSide) || too_many_tiles(detail::band_sums_extent(extent), 1))
      fail(ErrorCode::InvalidArgument, call,
           "image of " + std::to_string(extent.width) + "x" + std::to_string(extent.height) +
               " is too large for the tilted table (width + height at most 2^30, and its band sums at most "
               "2^31 - 1 tiles of 32x32 values)");
  }
}

void check_problem(const char* call, const Problem& p, Table table) {
  const AddressRange in =
      check_plane(call, "input", p.input, p.input_pitch, input_element_size(p.type), input_alignment(p.type), p.extent);
  const AddressRange out = check_plane(call, "output", p.output, p.output_pitch, output_element_size(p.type),
                                       output_alignment(p.type), table_extent(p.extent, table));
  if (overlap(in, out)) fail(ErrorCode::InvalidArgument, call, "input and output overlap");
}

void check_plane_count(const char* call, Extent extent, int planes) {
  if (planes < 1) fail(ErrorCode::InvalidArgument, call, "planes must be >= 1 (got " + std::to_string(planes) + ")");
  // A batch shares one ticket space of 32-bit tile indices (check_request covers one plane).
  if (too_many_tiles(extent, planes))
    fail(ErrorCode::InvalidArgument, call,
         std::to_string(planes) + " planes of " + std::to_string(extent.width) + "x" + std::to_string(extent.height) +
             " are too many for one call");
}

void check_batch(const char* call, const Problem& p, const Batch& batch, Table table) {
  check_plane_count(call, p.extent, batch.planes);
  if (batch.planes == 1) return;  // strides unused
  if (batch.input_plane_stride % input_alignment(p.type) != 0)
    fail(ErrorCode::InvalidArgument, call,
         "input plane stride " + std::to_string(batch.input_plane_stride) +
             " is not a multiple of the element alignment (" + std::to_string(input_alignment(p.type)) + " bytes)");
  if (batch.output_plane_stride % output_alignment(p.type) != 0)
    fail(ErrorCode::InvalidArgument, call,
         "output plane stride " + std::to_string(batch.output_plane_stride) +
             " is not a multiple of the element alignment (" + std::to_string(output_alignment(p.type)) + " bytes)");
  // check_problem has bounded the first plane of each; these are its ranges again.
  const std::size_t in_row = std::size_t(p.extent.width) * input_element_size(p.type);
  const Extent out_extent = table_extent(p.extent, table);
  const std::size_t out_row = std::size_t(out_extent.width) * output_element_size(p.type);
  const AddressRange in0 = plane_range(call, "input", p.input, p.input_pitch, p.extent.height, in_row);
  const AddressRange out0 = plane_range(call, "output", p.output, p.output_pitch, out_extent.height, out_row);
  if (batch.output_plane_stride < out0.end - out0.begin)
    fail(ErrorCode::InvalidArgument, call,
         "output plane stride " + std::to_string(batch.output_plane_stride) + " is smaller than a plane (" +
             std::to_string(out0.end - out0.begin) + " bytes): output planes would overlap");
  const AddressRange in{in0.begin, batch_end(call, "input", in0, batch.input_plane_stride, batch.planes)};
  const AddressRange out{out0.begin, batch_end(call, "output", out0, batch.output_plane_stride, batch.planes)};
  if (overlap(in, out)) fail(ErrorCode::InvalidArgument, call, "input and output planes overlap");
}

void check_call(const char* call, const Problem& first_plane, const Batch& batch, const Options& options) {
  check_request(call, first_plane.type, first_plane.extent, options);
  check_problem(call, first_plane, options.table);
  check_batch(call, first_plane, batch, options.table);
}

}  // namespace sat::detail
