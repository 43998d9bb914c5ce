// The CUDA builder of the moment table: one kernel reads the shadow map's moments straight from
// the mapped GL texture's array (a texture object: no copy), encodes them for the chosen precision
// into a linear buffer, satcore builds the table, and a copy puts it into the array of the GL
// texture the shading pass samples. Buffers are kept between frames and reallocated only when the
// map size changes.
#pragma once

#include <cuda_runtime_api.h>

#include <optional>

#include "pipeline/stage_timer.h"
#include "sat/sat.h"
#include "sat/support/pitched_buffer.h"
#include "scenes/shadows/shadow_settings.h"
#include "scenes/shadows/shadow_stages.h"

namespace satlab::shadows {

class MomentTableCuda {
 public:
  MomentTableCuda() = default;
  ~MomentTableCuda();
  MomentTableCuda(const MomentTableCuda&) = delete;
  MomentTableCuda& operator=(const MomentTableCuda&) = delete;

  // moments: a size×size cudaArray of float2 (z, m2). Queues encode (timed as ShadowStage::Encode)
  // and the table (ShadowStage::Table) on `stream`. Throws sat::Error (bad options, CUDA failures).
  void build(cudaArray_t moments, int size, MomentPrecision precision, const sat::Options& options, cudaStream_t stream,
             CudaStageTimer* timer);
  // Queues the copy of the last table into a size×size array of 8-byte texels (ShadowStage::ToTexture).
  void copy_to(cudaArray_t table_array, cudaStream_t stream, CudaStageTimer* timer) const;

  // The last table on the device: size×size texels of 8 bytes, rows pitch() bytes apart.
  const void* table() const { return table_.data(); }
  std::size_t pitch() const { return table_.pitch(); }
  int size() const { return size_; }

 private:
  void reallocate(int size);
  void release() noexcept;
  void release_texture() noexcept;

  int size_ = 0;
  sat::PitchedBuffer input_;  // the encoded moments
  sat::PitchedBuffer table_;
  std::optional<sat::Plan> plan_;    // for the current size, element type and options
  cudaTextureObject_t texture_ = 0;  // reads the moments array of the last build
};

}  // namespace satlab::shadows
