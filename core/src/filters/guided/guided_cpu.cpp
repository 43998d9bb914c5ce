// The guided filter on the CPU without tables: the steps of guided_job.h row by row, by running
// window sums (running_window.h), the per-pixel arithmetic of guided_math.h — same exact integer
// window sums, same functions: the GPU's bytes. Memory: a few rows per band and the coefficient
// rows kept (at most 1 byte per pixel), not 24 to 80 bytes per pixel of tables.
//
// Output row y needs the window sums of the coefficient rows y − r … y + r; as y moves down,
// one coefficient row enters and one leaves the window. Each coefficient row is made from the
// window sums of the input rows around it (the inputs made from src as they are read). The
// entering rows walk down the image one step at a time, each made once and kept until it leaves
// (2r + 2 rows, where they fit guided_cpu_kept_rows()'s budget; else the leaving rows are made
// again by a second generator, which walks down one step at a time too).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "filters/cpu_rows.h"
#include "filters/guided/guided_backend.h"
#include "filters/guided/guided_math.h"
#include "filters/guided/running_window.h"

namespace sat::filters::guided {
namespace {

// int64 lanes per pixel: the inputs (step 1; SelfGray: {x, x²}) and the coefficients (step 3).
constexpr int input_lanes(Variant v) { return v == Variant::SelfGray ? 2 : v == Variant::GrayGuide ? 8 : 9; }
constexpr int coefficient_lanes(Variant v) { return v == Variant::SelfGray ? 2 : v == Variant::GrayGuide ? 6 : 9; }

// The input lanes of src's row y, in the order of guided_job.h's planes.
template <Variant kVariant>
class InputRows {
 public:
  static constexpr int kLanes = input_lanes(kVariant);
  explicit InputRows(const Job& j) : job_(j), row_(std::size_t(j.width) * kLanes) {}

  const int64_t* row(int y) {
    const uint8_t* px = row_ptr(job_.src, job_.src_pitch, y);
    int64_t* out = row_.data();
    if constexpr (kVariant == Variant::SelfGray) {
      if (job_.sixteen) {  // 16-bit gray: {x, x²} < 2^32
        const auto* px16 = reinterpret_cast<const uint16_t*>(px);
        for (int x = 0; x < job_.width; ++x, out += kLanes) out[0] = px16[x], out[1] = int64_t(px16[x]) * px16[x];
        return row_.data();
      }
    }
    for (int x = 0; x < job_.width; ++x, px += job_.channels, out += kLanes) {
      if constexpr (kVariant == Variant::SelfGray) {
        const int64_t v = px[0];
        out[0] = v, out[1] = v * v;
      } else {
        const int64_t b = px[0], g = px[1], r = px[2];
        if constexpr (kVariant == Variant::GrayGuide) {
          const int64_t i = bgr_to_gray(px[0], px[1], px[2]);
          out[0] = i, out[1] = i * i, out[2] = b, out[3] = g, out[4] = r, out[5] = i * b, out[6] = i * g,
          out[7] = i * r;
        } else {
          out[0] = b, out[1] = g, out[2] = r, out[3] = b * b, out[4] = b * g, out[5] = b * r, out[6] = g * g,
          out[7] = g * r, out[8] = r * r;
        }
      }
    }
    return row_.data();
  }

 private:
  const Job& job_;
  std::vector<int64_t> row_;
};

// The quantised coefficients of row y (step 3) from the input window sums around it.
template <Variant kVariant>
class CoefficientRows {
 public:
  static constexpr int kLanes = coefficient_lanes(kVariant);
  static constexpr int kInLanes = input_lanes(kVariant);

  explicit CoefficientRows(const Job& j)
      : job_(j),
        inputs_(j),
        window_(std::size_t(j.width) * kInLanes, j.height, j.radius, inputs_, inputs_),
        across_(j.width, kInLanes, j.radius),
        sums_(std::size_t(j.width) * kInLanes),
        row_(std::size_t(j.width) * kLanes) {}
  CoefficientRows(const CoefficientRows&) = delete;
  CoefficientRows& operator=(const CoefficientRows&) = delete;

  const int64_t* row(int y) {
    if (y == y_) return row_.data();  // a reflected window reads a row twice in a row
    across_.sums(window_.sums(y), sums_.data());
    for (int x = 0; x < job_.width; ++x) {
      const int64_t* s = sums_.data() + std::size_t(x) * kInLanes;
      int64_t* out = row_.data() + std::size_t(x) * kLanes;
      if constexpr (kVariant == Variant::SelfGray) {
        int32_t q[2];
        self_gray_coefficients(SumSq{uint64_t(s[0]), uint64_t(s[1])}, job_, q);
        out[0] = q[0], out[1] = q[1];
      } else if constexpr (kVariant == Variant::GrayGuide) {
        int64_t in[8];
        int32_t q[6];
        for (int l = 0; l < 8; ++l) in[l] = s[l];
        gray_guide_coefficients(in, job_, q);
        for (int l = 0; l < 6; ++l) out[l] = q[l];
      } else {
        int64_t in[10] = {};
        int32_t q[10];
        for (int l = 0; l < 9; ++l) in[l] = s[l];
        colour_guide_coefficients(in, job_, q);
        for (int l = 0; l < 9; ++l) out[l] = q[l];
      }
    }
    y_ = y;
    return row_.data();
  }

 private:
  const Job& job_;
  InputRows<kVariant> inputs_;
  ColumnWindow<InputRows<kVariant>> window_;
  RowWindow across_;
  std::vector<int64_t> sums_, row_;
  int y_ = -1;
};

// Coefficient rows kept after they entered the output window, so that a row leaving it is read
// back rather than made again: `capacity` rows, row s in slot s mod capacity, tagged with s.
// With 2r + 2 slots every row that leaves was kept (it entered 2r + 1 rows before).
class KeptRows {
 public:
  KeptRows(std::size_t elements, int capacity)
      : elements_(elements), tags_(std::size_t(capacity), -1), rows_(elements * std::size_t(capacity)) {}

  const int64_t* find(int s) const {
    const std::size_t slot = std::size_t(s) % tags_.size();
    return tags_[slot] == s ? rows_.data() + slot * elements_ : nullptr;
  }
  const int64_t* keep(int s, const int64_t* row) {
    const std::size_t slot = std::size_t(s) % tags_.size();
    tags_[slot] = s;
    int64_t* kept = rows_.data() + slot * elements_;
    for (std::size_t e = 0; e < elements_; ++e) kept[e] = row[e];
    return kept;
  }

 private:
  std::size_t elements_;
  std::vector<int> tags_;
  std::vector<int64_t> rows_;
};

// One side of the output window's rows (ColumnWindow's Source): the entering side makes each
// row and keeps it; the leaving side reads it back, or makes it with a generator of its own
// where it is not kept (a band's first rows, a window of more rows than are kept).
template <Variant kVariant>
class WindowSide {
 public:
  WindowSide(const Job& j, KeptRows& kept, bool entering) : rows_(j), kept_(kept), entering_(entering) {}

  const int64_t* row(int s) {
    if (entering_) return kept_.keep(s, rows_.row(s));
    if (const int64_t* row = kept_.find(s)) return row;
    return rows_.row(s);
  }

 private:
  CoefficientRows<kVariant> rows_;
  KeptRows& kept_;
  bool entering_;
};

}  // namespace

int guided_cpu_kept_rows(int width, int height, int radius, int coefficient_lanes_per_pixel) {
  const std::size_t budget =
      std::size_t(width) * std::size_t(height) * kGuidedKeptBytesPerPixel / std::size_t(detail::hardware_threads());
  const std::size_t row_bytes = std::size_t(width) * std::size_t(coefficient_lanes_per_pixel) * sizeof(int64_t);
  return int(std::clamp<std::size_t>(budget / row_bytes, 1, std::size_t(2 * int64_t(radius) + 2)));
}

namespace {

// Rows y0 … y1 − 1 of the output (step 5).
template <Variant kVariant, int kCn>
void output_rows(const Job& job, int y0, int y1) {
  constexpr int kLanes = coefficient_lanes(kVariant);
  const std::size_t elements = std::size_t(job.width) * kLanes;
  KeptRows kept(elements, guided_cpu_kept_rows(job.width, job.height, job.radius, kLanes));
  WindowSide<kVariant> entering(job, kept, true), leaving(job, kept, false);
  ColumnWindow<WindowSide<kVariant>> window(elements, job.height, job.radius, entering, leaving);
  RowWindow across(job.width, kLanes, job.radius);
  std::vector<int64_t> sums(std::size_t(job.width) * kLanes);
  for (int y = y0; y < y1; ++y) {
    across.sums(window.sums(y), sums.data());
    const uint8_t* src = row_ptr(job.src, job.src_pitch, y);
    uint8_t* dst = row_ptr(job.dst, job.dst_pitch, y);
    if constexpr (kVariant == Variant::SelfGray) {
      if (job.sixteen) {
        const auto* src16 = reinterpret_cast<const uint16_t*>(src);
        auto* dst16 = reinterpret_cast<uint16_t*>(dst);
        for (int x = 0; x < job.width; ++x) {
          const int64_t t[2] = {sums[2 * std::size_t(x)], sums[2 * std::size_t(x) + 1]};
          self_gray_output(t, src16 + x, job, dst16 + x);
        }
        continue;
      }
    }
    for (int x = 0; x < job.width; ++x) {
      const int64_t* s = sums.data() + std::size_t(x) * kLanes;
      const uint8_t* px = src + std::size_t(x) * kCn;
      uint8_t* out = dst + std::size_t(x) * kCn;
      const uint8_t alpha = kCn == 4 ? px[3] : 0;
      if constexpr (kVariant == Variant::SelfGray) {
        const int64_t t[2] = {s[0], s[1]};
        self_gray_output(t, px, job, out);
      } else if constexpr (kVariant == Variant::GrayGuide) {
        int64_t t[6];
        for (int l = 0; l < 6; ++l) t[l] = s[l];
        gray_guide_output(t, px, job, out);
      } else {
        int64_t t[10] = {};
        for (int l = 0; l < 9; ++l) t[l] = s[l];
        colour_guide_output(t, px, job, out);
      }
      if constexpr (kCn == 4) out[3] = alpha;
    }
  }
}

}  // namespace

void cpu_guided(const Job& job, int threads) {
  with_variant(job.variant, [&](auto variant) {
    constexpr Variant v = decltype(variant)::value;
    with_channels(job.channels, [&](auto channels) {
      constexpr int cn = decltype(channels)::value;
      if constexpr ((v == Variant::SelfGray) == (cn == 1)) {
        // Per pixel: two coefficient rows (entering, leaving) and the output: ≈ 150 operations.
        parallel_rows(
            job.height, int64_t(job.width) * 150, threads, [&](int y0, int y1) { output_rows<v, cn>(job, y0, y1); },
            // A band starts with the coefficient rows of its first row's window: two
            // windows of 2r + 1 rows deep.
            4 * job.radius + 2);
      }
    });
  });
}

}  // namespace sat::filters::guided
