// Which groups of pixels each kernel of a CUDA filter pass writes (filter_pass.cuh); plain C++
// (host and device), so that the partition is tested without a GPU.
//
// A thread computes a group of kGroup consecutive pixels of a row and stores them as whole words.
// The engine accepts any dst pointer and pitch, so each row is cut into groups where its own
// address allows: group g covers pixels x0 = kGroup·g − lead … x0 + kGroup − 1, with lead
// (0 … kGroup − 1) chosen so that every group starts on a word boundary: 4 bytes, or 16 for 4
// channels (one 16-byte store per group). 4 channels on a row that is not 4-byte aligned have no
// such lead: lead 0, and that row stores bytes.
//
// The interior kernel writes the groups whose every pixel has its box inside the image
// (interior_group); the border kernel writes all others. Both test the same predicate, so every
// pixel is written exactly once.
#pragma once

#include <algorithm>
#include <cstdint>

#include "filters/border.h"
#include "sat/types.h"

namespace sat::filters {

inline constexpr int kGroup = 4;

struct PixelGroup {
  int x0 = 0;            // first pixel; < 0 for a row's first group when lead > 0
  bool aligned = false;  // the group starts on a word boundary
};

// Group g of a row whose first byte is at `address`, kCn bytes per pixel.
template <int kCn>
SAT_HOST_DEVICE PixelGroup pixel_group(std::uintptr_t address, int g) {
  constexpr unsigned kWord = kCn == 4 ? 16 : 4;  // bytes; a group (kGroup·kCn bytes) is whole words
  const auto a = unsigned(address % kWord);
  int lead = -1;  // the smallest with lead·kCn ≡ address (mod kWord)
  for (int l = kGroup - 1; l >= 0; --l)
    if ((a - unsigned(l * kCn)) % kWord == 0) lead = l;
  return {kGroup * g - (lead < 0 ? 0 : lead), lead >= 0};
}

// Groups per row: enough for every lead.
SAT_HOST_DEVICE int groups_per_row(int width) { return (width + 2 * kGroup - 2) / kGroup; }

// The group starting at x0 in row y lies in the interior: the interior kernel's, not the border
// kernel's.
SAT_HOST_DEVICE bool interior_group(const InteriorRect& r, int y, int x0) {
  return y >= r.y.lo && y <= r.y.hi && x0 >= r.x.lo && x0 + kGroup - 1 <= r.x.hi;
}

// The interior kernel's grid: the rows of the interior × group indices g0 … g1 − 1, the only
// ones that can be interior for some lead (kGroup·g ≥ x.lo and kGroup·g ≤ x.hi).
struct InteriorGroups {
  InteriorRect rect;
  int g0 = 0, g1 = 0;
  SAT_HOST_DEVICE bool empty() const { return rect.empty() || g1 <= g0; }
};

SAT_HOST_DEVICE InteriorGroups interior_groups(const InteriorRect& r) {
  return {r, (r.x.lo + kGroup - 1) / kGroup, r.x.hi / kGroup + 1};
}

// The border kernel's work, one index per group: first the band rows (0 … top − 1 and
// bottom … height − 1) with every group, then the interior rows top … bottom − 1 with groups
// 0 … left − 1 and right … groups − 1 (the groups between are interior for every lead).
struct BorderGroups {
  int groups = 0;  // per row
  int top = 0, bottom = 0, left = 0, right = 0;
  int64_t band = 0;  // indices of the band rows
  int side = 0;      // groups per interior row
  int64_t count = 0;

  SAT_HOST_DEVICE void at(int64_t t, int& y, int& g) const {
    if (t < band) {
      const int r = int(t / groups);
      g = int(t % groups);
      y = r < top ? r : r - top + bottom;
      return;
    }
    t -= band;
    const int s = int(t % side);
    y = top + int(t / side);
    g = s < left ? s : right + s - left;
  }
};

inline BorderGroups border_groups(const InteriorRect& r, int width, int height) {
  BorderGroups b;
  b.groups = groups_per_row(width);
  if (!r.empty()) {
    b.top = r.y.lo;
    b.bottom = r.y.hi + 1;
    // Group g may reach left of x.lo iff kGroup·g − (kGroup − 1) < x.lo, right of x.hi iff
    // kGroup·g + kGroup − 1 > x.hi.
    b.left = std::min(b.groups, (r.x.lo + kGroup - 2) / kGroup + 1);
    b.right = std::min(b.groups, std::max(b.left, (r.x.hi + 1) / kGroup));
  }
  b.band = int64_t(height - (b.bottom - b.top)) * b.groups;
  b.side = b.left + (b.groups - b.right);
  b.count = b.band + int64_t(b.bottom - b.top) * b.side;
  return b;
}

}  // namespace sat::filters
