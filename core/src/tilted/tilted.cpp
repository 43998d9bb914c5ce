// The tilted table's three steps (tilted.h): band sums, their upright table, the band tiles.
#include "tilted/tilted.h"

#include <algorithm>
#include <utility>

#include "launch/launch.h"

namespace sat::detail {
namespace {

// The band sums are a short, wide matrix (H/R rows, W + H columns): a row scan and a column scan
// (2r2w-optimal) beat the tiled algorithms there, whose tiles are mostly empty rows (at
// 1920x1080 on an NVIDIA H100: 6.4 + 6.3 us against 18 us for the look-back kernel). Also
// slower there: the column scan folded into the band sums (a block summing 32 columns down every
// band, 32 bands at a time: 32.5 us against 10.4 us for the band sums alone, too few blocks to
// hide the image's reads) followed by a row-scan kernel of its own (6.3 us).
Options band_sums_options() {
  Options options;
  options.algorithm = Algorithm::Optimal2R2W;
  return options;
}

// The band sums of an 8-bit image are pairs of exact u32 sums (wrapping like the table); of a
// float image, pairs of floats.
ElementType band_sums_type(ElementType image_type) {
  return image_type == ElementType::U8ToU32 ? ElementType::U32x2ToU32x2 : ElementType::F32x2ToF32x2;
}

// The band sums of one plane, their upright tables and the workspace of those tables: for float
// images also the non-finite counts' matrices (u32x2, tilted.h) and their tables.
struct TiltedBuffers {
  BandSums sums;    // S (and the counts), one row per band
  BandSums tables;  // their upright tables
  char* upright_workspace = nullptr;
  std::size_t upright_bytes = 0, counts_bytes = 0;
  bool counts = false;
};

// The buffers in `base`, or (base null) their offsets, the total in *bytes.
TiltedBuffers carve(ElementType type, Extent extent, void* base, std::size_t* bytes) {
  const Extent sums = band_sums_extent(extent);
  const ElementType sums_type = band_sums_type(type);
  TiltedBuffers b;
  WorkspaceCarver carver(base);
  b.counts = type == ElementType::F32ToF32;
  // f32x2, u32x2: one pitch for the sums and the counts.
  const std::size_t pitch = std::size_t(sums.width) * output_element_size(sums_type), matrix = pitch * sums.height;
  b.sums.pitch = b.tables.pitch = pitch;
  b.upright_bytes = workspace_size(sums_type, sums, band_sums_options());
  if (b.counts) b.counts_bytes = workspace_size(ElementType::U32x2ToU32x2, sums, band_sums_options());
  b.sums.sums = carver.take<char>(matrix);
  b.tables.sums = carver.take<char>(matrix);
  if (b.counts) {
    b.sums.up = carver.take<char>(matrix), b.tables.up = carver.take<char>(matrix);
    b.sums.down = carver.take<char>(matrix), b.tables.down = carver.take<char>(matrix);
  }
  // One workspace for the upright tables, computed one after another on the stream.
  b.upright_workspace = carver.take<char>(std::max(b.upright_bytes, b.counts_bytes));
  *bytes = carver.bytes();
  return b;
}

}  // namespace

std::size_t tilted_workspace(ElementType type, Extent extent) {
  std::size_t bytes = 0;
  carve(type, extent, nullptr, &bytes);
  return bytes;
}

void compute_tilted(const Problem& first, const Batch& batch, void* workspace, cudaStream_t stream) {
  const Extent e = first.extent;
  std::size_t bytes = 0;
  const TiltedBuffers b = carve(first.type, e, workspace, &bytes);
  const Extent sums_extent = band_sums_extent(e);
  const auto table_of = [&](ElementType type, void* matrix, void* table) {
    return Problem{type, sums_extent, matrix, b.sums.pitch, table, b.tables.pitch};
  };
  // One band has nothing above it: its tiles read no sums.
  const bool one_band = sums_extent.height == 1;
  for (int k = 0; k < batch.planes; ++k) {
    const Problem plane = batch_plane(first, batch, k);
    if (!one_band) {
      tilted_band_sums(first.type, e, plane.input, plane.input_pitch, b.sums, stream);
      compute(table_of(band_sums_type(first.type), b.sums.sums, b.tables.sums), band_sums_options(),
              b.upright_workspace, b.upright_bytes, stream);
      if (b.counts)
        for (const auto& [matrix, table] : {std::pair{b.sums.up, b.tables.up}, std::pair{b.sums.down, b.tables.down}})
          compute(table_of(ElementType::U32x2ToU32x2, matrix, table), band_sums_options(), b.upright_workspace,
                  b.counts_bytes, stream);
    }
    tilted_band_tiles(first.type, e, plane.input, plane.input_pitch, b.tables, plane.output, plane.output_pitch,
                      stream);
  }
}

}  // namespace sat::detail
