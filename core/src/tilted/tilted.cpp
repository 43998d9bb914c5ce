// The tilted table on the GPU from two upright tables of sheared views of a zero-padded copy of
// the image (tilted.h has the identity).
//
// The copy holds each row after H zero elements, rows W + H elements apart, and H zeros after
// the last row. Reading row y of the copy at column x ∈ [−H, W + H) therefore gives the pixel or
// a zero. The view with pitch (W + H − 1) elements starting at the first pixel reads, at row y
// and column u, the copy's row y at x = u − y: the image sheared by +y. The view with pitch
// (W + H + 1) elements starting H − 1 elements earlier reads x = u + y − (H − 1): sheared by −y.
#include "tilted/tilted.h"

#include "dispatch/launch.h"

namespace sat::detail {
namespace {

Options upright(Options options) {
  options.table = Table::Upright;
  return options;
}

struct TiltedBuffers {
  char* padded = nullptr;  // the zero-padded copy
  char* right_of = nullptr;  // upright table of the image sheared by +y
  char* left_of = nullptr;   // upright table of the image sheared by −y
  char* upright_workspace = nullptr;
  std::size_t padded_bytes = 0, table_bytes = 0, upright_bytes = 0;
};

// The buffers in `base`, or (base null) their offsets, the total in *bytes.
TiltedBuffers carve(ElementType type, Extent extent, const Options& options, void* base, std::size_t* bytes) {
  const Extent sheared = sheared_extent(extent);
  const std::size_t in = input_element_size(type), out = output_element_size(type);
  TiltedBuffers b;
  WorkspaceCarver carver(base);
  b.padded_bytes = (std::size_t(extent.height) * (extent.width + extent.height) + extent.height) * in;
  b.table_bytes = std::size_t(sheared.width) * sheared.height * out;
  b.upright_bytes = workspace_size(type, sheared, upright(options));
  b.padded = carver.take<char>(b.padded_bytes);
  b.right_of = carver.take<char>(b.table_bytes);
  b.left_of = carver.take<char>(b.table_bytes);
  b.upright_workspace = carver.take<char>(b.upright_bytes);
  *bytes = carver.bytes();
  return b;
}

}  // namespace

std::size_t tilted_workspace(ElementType type, Extent extent, const Options& options) {
  std::size_t bytes = 0;
  carve(type, extent, options, nullptr, &bytes);
  return bytes;
}

void compute_tilted(const Problem& first, const Batch& batch, const Options& options, void* workspace,
                    std::size_t /*workspace_bytes: checked by the caller*/, cudaStream_t stream) {
  const Extent e = first.extent;
  const Extent sheared = sheared_extent(e);
  const std::size_t in = input_element_size(first.type), out = output_element_size(first.type);
  std::size_t bytes = 0;
  const TiltedBuffers b = carve(first.type, e, options, workspace, &bytes);
  const std::size_t padded_pitch = std::size_t(e.width + e.height) * in;
  const std::size_t table_pitch = std::size_t(sheared.width) * out;
  char* const first_pixel = b.padded + std::size_t(e.height) * in;
  // The padding is never written by the copies below: zero it once per call.
  check_cuda(cudaMemsetAsync(b.padded, 0, b.padded_bytes, stream), "cudaMemsetAsync");
  for (int k = 0; k < batch.planes; ++k) {
    const Problem plane = batch_plane(first, batch, k);
    check_cuda(cudaMemcpy2DAsync(first_pixel, padded_pitch, plane.input, plane.input_pitch, std::size_t(e.width) * in,
                                 e.height, cudaMemcpyDeviceToDevice, stream),
               "cudaMemcpy2DAsync");
    const Problem right{first.type, sheared, first_pixel, padded_pitch - in, b.right_of, table_pitch};
    const Problem left{first.type, sheared, first_pixel - std::size_t(e.height - 1) * in, padded_pitch + in,
                       b.left_of, table_pitch};
    for (const Problem& p : {right, left})
      compute(p, upright(options), b.upright_workspace, b.upright_bytes, stream);
    tilted_from_sheared(first.type, e, b.right_of, b.left_of, table_pitch, plane.output, plane.output_pitch, stream);
  }
}

}  // namespace sat::detail
