// Pitched device memory (cudaMallocPitch): `rows` rows of `row_bytes` bytes, pitch() bytes apart,
// freed on destruction. Move-only.
#pragma once

#include <cstddef>
#include <memory>

namespace sat {

class PitchedBuffer {
 public:
  PitchedBuffer() = default;
  // Throws sat::Error (ErrorCode::OutOfMemory when the memory cannot be had).
  PitchedBuffer(std::size_t row_bytes, std::size_t rows);
  PitchedBuffer(PitchedBuffer&& other) noexcept;
  PitchedBuffer& operator=(PitchedBuffer&& other) noexcept;

  unsigned char* data() const { return memory_.get(); }
  std::size_t pitch() const { return pitch_; }
  std::size_t row_bytes() const { return row_bytes_; }
  std::size_t rows() const { return rows_; }
  bool empty() const { return !memory_; }

 private:
  struct Free {
    void operator()(unsigned char* memory) const noexcept;
  };
  std::unique_ptr<unsigned char, Free> memory_;
  std::size_t pitch_ = 0, row_bytes_ = 0, rows_ = 0;
};

}  // namespace sat
