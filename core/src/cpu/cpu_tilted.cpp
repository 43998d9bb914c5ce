// sat::cpu_tilted: cv::integral's tilted table, row by row.
//
// t[Y][X] is the sum of the triangle of pixels above pixel (X − 1, Y − 1). The triangles of the
// two pixels above-left and above-right of the apex, (X − 2, Y − 2) and (X, Y − 2), cover the
// triangle except the apex itself and the pixel above it, and overlap in the triangle of
// (X − 1, Y − 3):
//   t[Y][X] = t[Y−1][X−1] + t[Y−1][X+1] − t[Y−2][X] + a[Y−1][X−1] + a[Y−2][X−1]   (0 < X < W)
// with t of row −1 and a of row −1 zero. The edge columns lack a neighbour and need none:
//   t[Y][0] = t[Y−1][1]                                  (the apex is left of the image)
//   t[Y][W] = t[Y−1][W−1] + a[Y−1][W−1] + a[Y−2][W−1]    (nothing right of the image)
// Integer tables wrap modulo 2³² like OpenCV's; float tables keep the rows in double. A float
// plane with an infinity or a NaN also carries the counts of tilted/non_finite.h through the
// same recurrence (its subtraction would turn inf into inf − inf = NaN).
#include <algorithm>
#include <vector>

#include "cpu/cpu_common.h"
#include "dispatch/validate.h"
#include "sat/sat.h"
#include "tilted/non_finite.h"

namespace sat {
namespace {

// A value of the recurrence for a float plane with non-finite pixels: the finite pixels' sum and
// the counts of +inf-or-NaN and −inf-or-NaN pixels.
struct CountedSum {
  double sum = 0;
  uint32_t up = 0, down = 0;
};
CountedSum operator+(CountedSum a, CountedSum b) { return {a.sum + b.sum, a.up + b.up, a.down + b.down}; }
CountedSum operator-(CountedSum a, CountedSum b) { return {a.sum - b.sum, a.up - b.up, a.down - b.down}; }

// The recurrence's value of a pixel and its table value, per accumulator: the output type for
// integers (wrap-around is exact), double for finite floats (the subtraction would otherwise
// cost the low bits of large sums), CountedSum for floats with infinities or NaNs.
template <class Acc>
struct TiltedAcc;
template <>
struct TiltedAcc<uint32_t> {
  static uint32_t of(uint8_t v) { return v; }
  static uint32_t out(uint32_t v) { return v; }
};
template <>
struct TiltedAcc<double> {
  static double of(float v) { return v; }
  static float out(double v) { return float(v); }
};
template <>
struct TiltedAcc<CountedSum> {
  static CountedSum of(float v) { return {detail::finite_part(v), detail::up_count(v), detail::down_count(v)}; }
  static float out(CountedSum v) { return detail::tilted_value(v.sum, v.up, v.down); }
};

template <class In, class Out, class Acc>
void tilted_plane(const Problem& p) {
  using A = TiltedAcc<Acc>;
  const int w = p.extent.width, h = p.extent.height;
  // Rows Y − 2, Y − 1 and Y of the table, each w + 1 values.
  std::vector<Acc> older(w + 1, Acc{}), previous(w + 1, Acc{}), current(w + 1, Acc{});
  auto* row0 = detail::row<Out>(p.output, p.output_pitch, 0);
  for (int x = 0; x <= w; ++x) row0[x] = Out{};
  for (int y = 1; y <= h; ++y) {
    const In* above = detail::row<const In>(p.input, p.input_pitch, y - 1);
    const In* above2 = y >= 2 ? detail::row<const In>(p.input, p.input_pitch, y - 2) : nullptr;
    const auto pixels = [&](int x) { return A::of(above[x]) + (above2 ? A::of(above2[x]) : Acc{}); };
    current[0] = previous[1];
    for (int x = 1; x < w; ++x) current[x] = previous[x - 1] + previous[x + 1] - older[x] + pixels(x - 1);
    current[w] = previous[w - 1] + pixels(w - 1);
    auto* out = detail::row<Out>(p.output, p.output_pitch, y);
    for (int x = 0; x <= w; ++x) out[x] = A::out(current[x]);
    std::swap(older, previous);
    std::swap(previous, current);
  }
}

bool has_non_finite(const Problem& p) {
  for (int y = 0; y < p.extent.height; ++y) {
    const float* r = detail::row<const float>(p.input, p.input_pitch, y);
    if (!std::all_of(r, r + p.extent.width, [](float v) { return detail::is_finite_value(v); })) return true;
  }
  return false;
}

}  // namespace

void cpu_tilted(const Problem& first, const Batch& batch) {
  constexpr const char* call = "sat::cpu_tilted";
  Options options;
  options.table = Table::Tilted;
  detail::check_call(call, first, batch, options);
  for (int k = 0; k < batch.planes; ++k) {
    const Problem plane = batch_plane(first, batch, k);
    if (first.type == ElementType::U8ToU32)
      tilted_plane<uint8_t, uint32_t, uint32_t>(plane);
    else if (!has_non_finite(plane))  // check_call admits only these two types
      tilted_plane<float, float, double>(plane);
    else
      tilted_plane<float, float, CountedSum>(plane);
  }
}

}  // namespace sat
