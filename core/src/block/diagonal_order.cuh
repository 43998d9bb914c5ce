// Diagonal-major tile order on a rectangular grid of tiles_y × tiles_x tiles.
//
// Tiles are numbered anti-diagonal by anti-diagonal (d = I + J ascending), top to bottom within a
// diagonal; on a square grid this is the paper's s = (I+J)(I+J+1)/2 + I:
//    0  1  3  6
//    2  4  7 10
//    5  8 11 13
//    9 12 14 15
// Every tile's left, upper and upper-left neighbours lie on earlier diagonals, so they have
// smaller numbers: a block that got ticket s only ever waits for tiles handed out before it.
#pragma once

#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>

namespace sat::detail {

// Largest d with d(d+1)/2 ≤ s (exact for s < 2^62).
__host__ __device__ __forceinline__ int64_t triangular_root(int64_t s) {
  int64_t d = int64_t((sqrt(8.0 * double(s) + 1.0) - 1.0) * 0.5);
  while (d * (d + 1) / 2 > s) --d;
  while ((d + 1) * (d + 2) / 2 <= s) ++d;
  return d;
}

// Tile (I, J) of serial number s, 0 ≤ s < tiles_y · tiles_x.
__host__ __device__ __forceinline__ void tile_of_serial(int64_t s, int tiles_y, int tiles_x, int& I, int& J) {
  const int64_t m = tiles_y < tiles_x ? tiles_y : tiles_x;  // length of the longest diagonals
  const int64_t M = tiles_y < tiles_x ? tiles_x : tiles_y;
  const int64_t growing = m * (m + 1) / 2;       // diagonals 0 … m−1 (lengths 1 … m)
  const int64_t steady = growing + (M - m) * m;  // diagonals m … M−1 (length m)
  int64_t d, offset;
  if (s < growing) {
    d = triangular_root(s);
    offset = s - d * (d + 1) / 2;
  } else if (s < steady) {
    d = m + (s - growing) / m;
    offset = (s - growing) % m;
  } else {  // shrinking diagonals M … tiles_y+tiles_x−2, counted from the last one backwards
    const int64_t from_end = m * (m - 1) / 2 - 1 - (s - steady);
    const int64_t k = triangular_root(from_end);  // diagonal of length k+1, k-th from the end
    d = int64_t(tiles_y) + tiles_x - 2 - k;
    offset = k - (from_end - k * (k + 1) / 2);
  }
  const int64_t first_row = d - (tiles_x - 1) > 0 ? d - (tiles_x - 1) : 0;
  I = int(first_row + offset);
  J = int(d - I);
}

}  // namespace sat::detail
