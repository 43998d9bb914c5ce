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
// Integer tables wrap modulo 2³² like OpenCV's; float tables keep the rows in double.
#include <vector>

#include "cpu/cpu_common.h"
#include "dispatch/validate.h"
#include "sat/sat.h"

namespace sat {
namespace {

// The accumulator of the recurrence: the output type for integers (wrap-around is exact),
// double for float (the subtraction would otherwise cost the low bits of large sums).
template <class Out>
using TiltedAcc = std::conditional_t<std::is_floating_point_v<Out>, double, Out>;

template <class In, class Out>
void tilted_plane(const Problem& p) {
  using Acc = TiltedAcc<Out>;
  const int w = p.extent.width, h = p.extent.height;
  // Rows Y − 2, Y − 1 and Y of the table, each w + 1 values.
  std::vector<Acc> older(w + 1, Acc{}), previous(w + 1, Acc{}), current(w + 1, Acc{});
  auto* row0 = detail::row<Out>(p.output, p.output_pitch, 0);
  for (int x = 0; x <= w; ++x) row0[x] = Out{};
  for (int y = 1; y <= h; ++y) {
    const In* above = detail::row<const In>(p.input, p.input_pitch, y - 1);
    const In* above2 = y >= 2 ? detail::row<const In>(p.input, p.input_pitch, y - 2) : nullptr;
    const auto pixels = [&](int x) { return Acc(above[x]) + (above2 ? Acc(above2[x]) : Acc{}); };
    current[0] = previous[1];
    for (int x = 1; x < w; ++x) current[x] = previous[x - 1] + previous[x + 1] - older[x] + pixels(x - 1);
    current[w] = previous[w - 1] + pixels(w - 1);
    auto* out = detail::row<Out>(p.output, p.output_pitch, y);
    for (int x = 0; x <= w; ++x) out[x] = Out(current[x]);
    std::swap(older, previous);
    std::swap(previous, current);
  }
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
      tilted_plane<uint8_t, uint32_t>(plane);
    else
      tilted_plane<float, float>(plane);  // check_call admits only these two types
  }
}

}  // namespace sat
