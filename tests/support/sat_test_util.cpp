#include "sat_test_util.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>

namespace sat::test {
namespace {

// A u32x2 pixel as two uint64 scalars (sums of them wrap by truncation to 32 bits at the end).
void load_u32x2(const unsigned char* px, std::uint64_t* v) {
  for (int c = 0; c < 2; ++c) {
    std::uint32_t t;
    std::memcpy(&t, px + 4 * c, 4);
    v[c] = t;
  }
}

// A 16-bit scalar of a pixel (little-endian, as the host stores uint16_t).
std::uint64_t load_u16(const unsigned char* px, int c) {
  std::uint16_t t;
  std::memcpy(&t, px + 2 * c, 2);
  return t;
}

// One input pixel as output scalars: integer types as uint64 (x, or x², per channel), float
// types as double.
void pixel_ints(ElementType type, const unsigned char* px, std::uint64_t* v) {
  switch (type) {
    case ElementType::U8ToU32:
      v[0] = px[0];
      break;
    case ElementType::U8x4ToU32x4:
      for (int c = 0; c < 4; ++c) v[c] = px[c];
      break;
    case ElementType::U8ToU64Squares:
      v[0] = std::uint64_t(px[0]) * px[0];
      break;
    case ElementType::U8ToSumSq:
      v[0] = px[0];
      v[1] = std::uint64_t(px[0]) * px[0];
      break;
    case ElementType::U32x2ToU32x2:
      load_u32x2(px, v);
      break;
    case ElementType::U16ToU32:
    case ElementType::U16ToU64:
      v[0] = load_u16(px, 0);
      break;
    case ElementType::U16ToSumSq:
      v[0] = load_u16(px, 0);
      v[1] = v[0] * v[0];
      break;
    case ElementType::U16x4ToU32x4:
      for (int c = 0; c < 4; ++c) v[c] = load_u16(px, c);
      break;
    default:
      break;
  }
}

void pixel_floats(ElementType type, const unsigned char* px, double* v) {
  const int n = type == ElementType::F32x2ToF32x2 ? 2 : 1;
  for (int c = 0; c < n; ++c) {
    float f;
    std::memcpy(&f, px + 4 * c, 4);
    v[c] = f;
  }
}

// Stores the low output_scalar_size(type) bytes of v (little-endian truncation = the library's
// unsigned wrap-around).
void store_int(ElementType type, unsigned char* dst, std::uint64_t v) {
  if (output_scalar_size(type) == 4) {
    const std::uint32_t t = std::uint32_t(v);
    std::memcpy(dst, &t, 4);
  } else {
    std::memcpy(dst, &v, 8);
  }
}

std::uint64_t load_int(ElementType type, const unsigned char* src) {
  if (output_scalar_size(type) == 4) {
    std::uint32_t t;
    std::memcpy(&t, src, 4);
    return t;
  }
  std::uint64_t v;
  std::memcpy(&v, src, 8);
  return v;
}

float load_float(const unsigned char* src) {
  float f;
  std::memcpy(&f, src, 4);
  return f;
}

Reference make_empty(const HostImage& image) {
  Reference r;
  r.type = image.type;
  r.extent = image.extent;
  const std::size_t n = std::size_t(image.extent.width) * image.extent.height;
  if (is_float(image.type)) {
    r.sum.assign(n * output_channels(image.type), 0.0);
    r.abs_sum.assign(n * output_channels(image.type), 0.0);
  } else {
    r.exact.assign(n * output_element_size(image.type), 0);
  }
  return r;
}

constexpr int kMaxReported = 5;

}  // namespace

bool is_float(ElementType type) { return type == ElementType::F32ToF32 || type == ElementType::F32x2ToF32x2; }

int output_channels(ElementType type) {
  switch (type) {
    case ElementType::U8ToU32:
    case ElementType::F32ToF32:
    case ElementType::U8ToU64Squares:
    case ElementType::U16ToU32:
    case ElementType::U16ToU64:
      return 1;
    case ElementType::F32x2ToF32x2:
    case ElementType::U32x2ToU32x2:
    case ElementType::U8ToSumSq:
    case ElementType::U16ToSumSq:
      return 2;
    case ElementType::U8x4ToU32x4:
    case ElementType::U16x4ToU32x4:
      return 4;
  }
  return 1;
}

std::size_t output_scalar_size(ElementType type) {
  return output_element_size(type) / std::size_t(output_channels(type));
}

bool is_u16_input(ElementType type) {
  return type == ElementType::U16ToU32 || type == ElementType::U16ToU64 || type == ElementType::U16ToSumSq ||
         type == ElementType::U16x4ToU32x4;
}

std::string short_name(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::Naive2R2W:
      return "Naive";
    case Algorithm::Optimal2R2W:
      return "Optimal";
    case Algorithm::Tiled2R1W:
      return "Tiled";
    case Algorithm::Diagonal1R1W:
      return "Diagonal";
    case Algorithm::Hybrid1R1W:
      return "Hybrid";
    case Algorithm::Skss1R1W:
      return "Skss";
    case Algorithm::SkssLb1R1W:
      return "SkssLb";
  }
  return "Unknown";
}

std::string short_name(ElementType type) {
  switch (type) {
    case ElementType::U8ToU32:
      return "U8ToU32";
    case ElementType::U8x4ToU32x4:
      return "U8x4ToU32x4";
    case ElementType::F32ToF32:
      return "F32ToF32";
    case ElementType::F32x2ToF32x2:
      return "F32x2ToF32x2";
    case ElementType::U8ToU64Squares:
      return "U8ToU64Squares";
    case ElementType::U8ToSumSq:
      return "U8ToSumSq";
    case ElementType::U32x2ToU32x2:
      return "U32x2ToU32x2";
    case ElementType::U16ToU32:
      return "U16ToU32";
    case ElementType::U16ToU64:
      return "U16ToU64";
    case ElementType::U16ToSumSq:
      return "U16ToSumSq";
    case ElementType::U16x4ToU32x4:
      return "U16x4ToU32x4";
  }
  return "Unknown";
}

HostImage random_input(ElementType type, Extent extent, std::uint64_t seed, Fill fill) {
  HostImage img;
  img.type = type;
  img.extent = extent;
  img.bytes.resize(img.row_bytes() * std::size_t(extent.height));
  std::mt19937_64 rng(seed);  // fully specified by the standard: same images everywhere
  bool nonzero = false;
  if (is_float(type)) {
    const std::size_t n = img.bytes.size() / 4;
    for (std::size_t k = 0; k < n; ++k) {
      const std::uint64_t r = rng() >> 40;  // 24 random bits: exactly representable
      const float f = fill == Fill::Positive ? float(double(r + 1) / 16777216.0)            // (0, 1]
                                             : float((double(r) - 8388608.0) / 8388608.0);  // [-1, 1)
      nonzero |= f != 0.0f;
      std::memcpy(img.bytes.data() + 4 * k, &f, 4);
    }
    if (!nonzero) {
      const float half = 0.5f;
      std::memcpy(img.bytes.data() + img.bytes.size() - 4, &half, 4);
    }
  } else {
    // Uniform bytes: for U32x2ToU32x2 every uint32 spans the full 32-bit range, so sums wrap
    // around 2³² within a few pixels (and the tests check the wrapped bits); 16-bit inputs span
    // 0 … 65535, so a u16 → u32 table wraps after about 65 536 pixels.
    std::uint64_t bits = 0;
    for (std::size_t k = 0; k < img.bytes.size(); ++k) {
      if (k % 8 == 0) bits = rng();
      img.bytes[k] = static_cast<unsigned char>(bits >> (8 * (k % 8)));
      nonzero |= img.bytes[k] != 0;
    }
    if (!nonzero) img.bytes.back() = 1;
  }
  return img;
}

HostImage constant_input(ElementType type, Extent extent, double value) {
  HostImage img;
  img.type = type;
  img.extent = extent;
  img.bytes.resize(img.row_bytes() * std::size_t(extent.height));
  if (is_float(type)) {
    const float f = float(value);
    for (std::size_t k = 0; k < img.bytes.size(); k += 4) std::memcpy(img.bytes.data() + k, &f, 4);
  } else if (type == ElementType::U32x2ToU32x2) {
    const std::uint32_t u = std::uint32_t(value);
    for (std::size_t k = 0; k < img.bytes.size(); k += 4) std::memcpy(img.bytes.data() + k, &u, 4);
  } else if (is_u16_input(type)) {
    const std::uint16_t u = std::uint16_t(value);
    for (std::size_t k = 0; k < img.bytes.size(); k += 2) std::memcpy(img.bytes.data() + k, &u, 2);
  } else {
    std::memset(img.bytes.data(), int(value) & 0xFF, img.bytes.size());
  }
  return img;
}

std::size_t plane_bytes(Extent extent, std::size_t pitch, std::size_t element_size) {
  return pitch * std::size_t(extent.height - 1) + std::size_t(extent.width) * element_size;
}

std::vector<unsigned char> to_pitched(const HostImage& image, std::size_t pitch, std::size_t offset,
                                      unsigned char pad) {
  const std::size_t row = image.row_bytes();
  std::vector<unsigned char> out(offset + plane_bytes(image.extent, pitch, input_element_size(image.type)), pad);
  for (int i = 0; i < image.extent.height; ++i)
    std::memcpy(out.data() + offset + pitch * std::size_t(i), image.bytes.data() + row * std::size_t(i), row);
  return out;
}

namespace {

// reference_sat for integer types: C channels, S-byte output scalars, wrap by truncation.
template <int C, int S, class Convert>
void reference_ints(const HostImage& image, Reference& r, Convert convert) {
  const int w = image.extent.width, h = image.extent.height;
  const std::size_t in_size = input_element_size(image.type), out_size = output_element_size(image.type);
  std::vector<std::uint64_t> above(std::size_t(w) * C, 0);
  for (int i = 0; i < h; ++i) {
    const unsigned char* in = image.bytes.data() + std::size_t(i) * w * in_size;
    unsigned char* out = r.exact.data() + std::size_t(i) * w * out_size;
    std::uint64_t run[C] = {};
    for (int j = 0; j < w; ++j) {
      std::uint64_t v[C];
      convert(in + std::size_t(j) * in_size, v);
      for (int c = 0; c < C; ++c) {
        run[c] += v[c];
        const std::uint64_t a = above[std::size_t(j) * C + c] += run[c];
        if constexpr (S == 4) {
          const std::uint32_t t = std::uint32_t(a);
          std::memcpy(out + std::size_t(j) * out_size + 4 * c, &t, 4);
        } else {
          std::memcpy(out + std::size_t(j) * out_size + 8 * c, &a, 8);
        }
      }
    }
  }
}

// reference_sat for float types: C float channels, float64 sums of a and of |a|.
template <int C>
void reference_floats(const HostImage& image, Reference& r) {
  const int w = image.extent.width, h = image.extent.height;
  const std::size_t row = std::size_t(w) * C;
  for (int i = 0; i < h; ++i) {
    const unsigned char* in = image.bytes.data() + std::size_t(i) * w * 4 * C;
    double* sum = r.sum.data() + std::size_t(i) * row;
    double* abs_sum = r.abs_sum.data() + std::size_t(i) * row;
    const double* sum_above = i > 0 ? sum - row : nullptr;
    const double* abs_above = i > 0 ? abs_sum - row : nullptr;
    double run[C] = {}, run_abs[C] = {};
    for (std::size_t k = 0; k < row; k += C)
      for (int c = 0; c < C; ++c) {
        float f;
        std::memcpy(&f, in + 4 * (k + c), 4);
        run[c] += f;
        run_abs[c] += std::fabs(double(f));
        sum[k + c] = run[c] + (sum_above ? sum_above[k + c] : 0.0);
        abs_sum[k + c] = run_abs[c] + (abs_above ? abs_above[k + c] : 0.0);
      }
  }
}

}  // namespace

Reference reference_sat(const HostImage& image) {
  Reference r = make_empty(image);
  switch (image.type) {
    case ElementType::U8ToU32:
      reference_ints<1, 4>(image, r, [](const unsigned char* px, std::uint64_t* v) { v[0] = px[0]; });
      break;
    case ElementType::U8x4ToU32x4:
      reference_ints<4, 4>(image, r, [](const unsigned char* px, std::uint64_t* v) {
        for (int c = 0; c < 4; ++c) v[c] = px[c];
      });
      break;
    case ElementType::U8ToU64Squares:
      reference_ints<1, 8>(image, r,
                           [](const unsigned char* px, std::uint64_t* v) { v[0] = std::uint64_t(px[0]) * px[0]; });
      break;
    case ElementType::U8ToSumSq:
      reference_ints<2, 8>(image, r, [](const unsigned char* px, std::uint64_t* v) {
        v[0] = px[0];
        v[1] = std::uint64_t(px[0]) * px[0];
      });
      break;
    case ElementType::U32x2ToU32x2:
      reference_ints<2, 4>(image, r, load_u32x2);
      break;
    case ElementType::U16ToU32:
      reference_ints<1, 4>(image, r, [](const unsigned char* px, std::uint64_t* v) { v[0] = load_u16(px, 0); });
      break;
    case ElementType::U16ToU64:
      reference_ints<1, 8>(image, r, [](const unsigned char* px, std::uint64_t* v) { v[0] = load_u16(px, 0); });
      break;
    case ElementType::U16ToSumSq:
      reference_ints<2, 8>(image, r, [](const unsigned char* px, std::uint64_t* v) {
        v[0] = load_u16(px, 0);
        v[1] = v[0] * v[0];
      });
      break;
    case ElementType::U16x4ToU32x4:
      reference_ints<4, 4>(image, r, [](const unsigned char* px, std::uint64_t* v) {
        for (int c = 0; c < 4; ++c) v[c] = load_u16(px, c);
      });
      break;
    case ElementType::F32ToF32:
      reference_floats<1>(image, r);
      break;
    case ElementType::F32x2ToF32x2:
      reference_floats<2>(image, r);
      break;
  }
  return r;
}

Reference brute_force_sat(const HostImage& image) {
  Reference r = make_empty(image);
  const int w = image.extent.width, h = image.extent.height, C = output_channels(image.type);
  const std::size_t in_size = input_element_size(image.type), out_size = output_element_size(image.type);
  const std::size_t scalar = output_scalar_size(image.type);
  const bool fl = is_float(image.type);
  std::vector<double> fv(C), fs(C), fa(C);
  std::vector<std::uint64_t> iv(C), is(C);
  for (int i = 0; i < h; ++i)
    for (int j = 0; j < w; ++j) {
      std::fill(fs.begin(), fs.end(), 0.0);
      std::fill(fa.begin(), fa.end(), 0.0);
      std::fill(is.begin(), is.end(), 0);
      for (int ii = 0; ii <= i; ++ii)
        for (int jj = 0; jj <= j; ++jj) {
          const unsigned char* px = image.bytes.data() + (std::size_t(ii) * w + jj) * in_size;
          if (fl) {
            pixel_floats(image.type, px, fv.data());
            for (int c = 0; c < C; ++c) {
              fs[c] += fv[c];
              fa[c] += std::fabs(fv[c]);
            }
          } else {
            pixel_ints(image.type, px, iv.data());
            for (int c = 0; c < C; ++c) is[c] += iv[c];
          }
        }
      for (int c = 0; c < C; ++c) {
        if (fl) {
          r.sum[(std::size_t(i) * w + j) * C + c] = fs[c];
          r.abs_sum[(std::size_t(i) * w + j) * C + c] = fa[c];
        } else {
          store_int(image.type, r.exact.data() + (std::size_t(i) * w + j) * out_size + c * scalar, is[c]);
        }
      }
    }
  return r;
}

// The float bound. Output (i, j) (0-based) is the sum of the (i+1)(j+1) inputs above-left of it.
// Any order of evaluating a sum by pairwise float additions gives, to first order,
//   |computed − exact| ≤ u · Σ_k d_k · |a_k| ≤ u · max_k d_k · S_abs(i, j),   u = 2⁻²⁴,
// where d_k is the number of additions on the path from input a_k to the result and
// S_abs(i, j) = Σ |a_k| is the table of |a| (Higham, "Accuracy and Stability of Numerical
// Algorithms", §4.2). Every algorithm adds along a row chain (≤ j steps), a column chain (≤ i
// steps) and a bounded number of extra levels: in-tile scans, tile carries, look-back sums and the
// final rounding to float; `depth` (64 for the GPU algorithms, a few for the sequential CPU paths)
// covers those. So k = i + j + depth. The float64 reference carries its own error of about
// (i + j) · 2⁻⁵³ · S_abs, and the first-order bound ignores O(k²u²) terms: the factor (1 + 2⁻¹⁰)
// absorbs both. Real errors are orders of magnitude below this worst case, but a wrong tile,
// a lost carry or a read of padding (NaN) is far above it.
double float_tolerance(int i, int j, double abs_sum, int depth) {
  constexpr double u = 1.0 / 16777216.0;  // 2⁻²⁴, unit roundoff of float
  return double(i + j + depth) * u * abs_sum * (1.0 + 1.0 / 1024.0);
}

Comparison compare_output(const Reference& ref, const void* out, std::size_t out_pitch, int depth) {
  Comparison cmp;
  const int w = ref.extent.width, h = ref.extent.height, C = output_channels(ref.type);
  const std::size_t out_size = output_element_size(ref.type), scalar = output_scalar_size(ref.type);
  const std::size_t row = std::size_t(w) * out_size;
  const auto* base = static_cast<const unsigned char*>(out);
  std::ostringstream msg;
  msg.precision(10);
  int reported = 0;
  for (int i = 0; i < h; ++i) {
    const unsigned char* got = base + out_pitch * std::size_t(i);
    if (!is_float(ref.type)) {
      const unsigned char* want = ref.exact.data() + row * std::size_t(i);
      if (std::memcmp(got, want, row) == 0) continue;
      for (int j = 0; j < w; ++j)
        for (int c = 0; c < C; ++c) {
          const std::size_t at = std::size_t(j) * out_size + c * scalar;
          const std::uint64_t g = load_int(ref.type, got + at), e = load_int(ref.type, want + at);
          if (g == e) continue;
          ++cmp.mismatches;
          if (reported++ < kMaxReported)
            msg << "  at (row " << i << ", col " << j << ", ch " << c << "): got " << g << ", expected " << e << "\n";
        }
    } else {
      for (int j = 0; j < w; ++j)
        for (int c = 0; c < C; ++c) {
          const std::size_t k = (std::size_t(i) * w + j) * C + c;
          const double g = load_float(got + std::size_t(j) * out_size + c * scalar);
          const double tol = float_tolerance(i, j, ref.abs_sum[k], depth);
          const double err = std::fabs(g - ref.sum[k]);
          if (err <= tol) {
            if (tol > 0) cmp.worst_ratio = std::max(cmp.worst_ratio, err / tol);
            continue;
          }
          ++cmp.mismatches;
          cmp.worst_ratio = std::max(cmp.worst_ratio, std::isfinite(err) && tol > 0 ? err / tol : HUGE_VAL);
          if (reported++ < kMaxReported)
            msg << "  at (row " << i << ", col " << j << ", ch " << c << "): got " << g << ", expected " << ref.sum[k]
                << " (|error| " << err << " > tolerance " << tol << ")\n";
        }
    }
  }
  if (cmp.mismatches > 0) {
    cmp.ok = false;
    std::ostringstream head;
    head << cmp.mismatches << " of " << std::size_t(w) * h * C << " output scalars wrong (" << to_string(ref.type)
         << ", " << h << "x" << w << ", output pitch " << out_pitch << ")";
    if (is_float(ref.type)) head << ", worst |error|/tolerance " << cmp.worst_ratio;
    cmp.message = head.str() + ":\n" + msg.str();
  }
  return cmp;
}

Comparison compare_outputs(const Reference& ref, const void* a, std::size_t a_pitch, const void* b, std::size_t b_pitch,
                           int depth) {
  Comparison cmp;
  const int w = ref.extent.width, h = ref.extent.height, C = output_channels(ref.type);
  const std::size_t out_size = output_element_size(ref.type), scalar = output_scalar_size(ref.type);
  const std::size_t row = std::size_t(w) * out_size;
  const auto* pa = static_cast<const unsigned char*>(a);
  const auto* pb = static_cast<const unsigned char*>(b);
  std::ostringstream msg;
  msg.precision(10);
  int reported = 0;
  for (int i = 0; i < h; ++i) {
    const unsigned char* ra = pa + a_pitch * std::size_t(i);
    const unsigned char* rb = pb + b_pitch * std::size_t(i);
    if (!is_float(ref.type) && std::memcmp(ra, rb, row) == 0) continue;
    for (int j = 0; j < w; ++j)
      for (int c = 0; c < C; ++c) {
        const std::size_t at = std::size_t(j) * out_size + c * scalar;
        bool bad;
        double x, y;
        if (is_float(ref.type)) {
          x = load_float(ra + at);
          y = load_float(rb + at);
          const double tol = 2 * float_tolerance(i, j, ref.abs_sum[(std::size_t(i) * w + j) * C + c], depth);
          bad = !(std::fabs(x - y) <= tol);
        } else {
          const std::uint64_t ix = load_int(ref.type, ra + at), iy = load_int(ref.type, rb + at);
          bad = ix != iy;
          x = double(ix);
          y = double(iy);
        }
        if (!bad) continue;
        ++cmp.mismatches;
        if (reported++ < kMaxReported)
          msg << "  at (row " << i << ", col " << j << ", ch " << c << "): " << x << " vs " << y << "\n";
      }
  }
  if (cmp.mismatches > 0) {
    cmp.ok = false;
    cmp.message = std::to_string(cmp.mismatches) + " output scalars differ:\n" + msg.str();
  }
  return cmp;
}

std::string check_padding(const unsigned char* buffer, std::size_t buffer_bytes, std::size_t offset, std::size_t pitch,
                          std::size_t row_bytes, int height, unsigned char poison) {
  auto first_change = [&](std::size_t from, std::size_t to) -> std::size_t {
    for (std::size_t k = from; k < to && k < buffer_bytes; ++k)
      if (buffer[k] != poison) return k;
    return std::size_t(-1);
  };
  std::size_t k = first_change(0, offset);
  if (k != std::size_t(-1)) return "byte " + std::to_string(k) + " before the first row was written";
  for (int i = 0; i < height; ++i) {
    const std::size_t begin = offset + pitch * std::size_t(i) + row_bytes;
    const std::size_t end = i + 1 < height ? offset + pitch * std::size_t(i + 1) : buffer_bytes;
    k = first_change(begin, end);
    if (k != std::size_t(-1)) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", unsigned(buffer[k]));
      return "padding byte " + std::to_string(k - begin) + " after row " + std::to_string(i) + " was written (" + hex +
             " instead of the poison)";
    }
  }
  return {};
}

std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t d) {
  std::uint64_t x = 0x9E3779B97F4A7C15ull;
  for (std::uint64_t v : {a, b, c, d}) {
    x ^= v + 0x9E3779B97F4A7C15ull + (x << 6) + (x >> 2);
    x += 0x9E3779B97F4A7C15ull;
    std::uint64_t z = x;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    x = z ^ (z >> 31);
  }
  return x;
}

std::uint64_t master_seed() {
  static const std::uint64_t seed = [] {
    if (const char* s = std::getenv("SATLAB_TEST_SEED"); s && *s) return std::uint64_t(std::strtoull(s, nullptr, 0));
    return std::uint64_t(20240611);
  }();
  return seed;
}

}  // namespace sat::test
