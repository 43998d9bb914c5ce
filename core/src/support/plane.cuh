// A pitched image plane on the device and the chunked accesses of its rows: shared by the tile
// agent and the look-back's users.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace sat::detail {

// A pitched image plane (device pointers, pitch in bytes).
template <class T>
struct Plane {
  T* data;
  std::size_t pitch;
  int height, width;
  __device__ __forceinline__ T* row(int i) const {
    using Byte = std::conditional_t<std::is_const_v<T>, const char, char>;
    return reinterpret_cast<T*>(reinterpret_cast<Byte*>(data) + pitch * std::size_t(i));
  }
};

// Loads and stores of `N` adjacent elements, as wide as alignment allows (≤ 16 bytes a piece).
template <class T, int N>
struct Chunk {
  static constexpr int kBytes = int(sizeof(T)) * N;
  static constexpr int kPieceBytes = kBytes < 16 ? kBytes : 16;
  static constexpr int kPieceElems = kPieceBytes / int(sizeof(T));
  static constexpr int kPieces = N / kPieceElems;
  struct alignas(kPieceBytes) Piece {
    T e[kPieceElems];
  };
};

// Host side: whether a plane's pointer and pitch allow the agent's chunked loads/stores of N
// adjacent elements.
template <class T, int N>
inline bool is_aligned_for_chunks(const void* ptr, std::size_t pitch) {
  constexpr std::size_t a = std::size_t(Chunk<T, N>::kPieceBytes);
  return reinterpret_cast<std::uintptr_t>(ptr) % a == 0 && pitch % a == 0;
}

}  // namespace sat::detail
