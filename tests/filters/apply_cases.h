// FilterEngine::apply with specs built by name from the catalog (sat/filter_spec.h), shared by the
// CPU and GPU suites: each of the four filters against its OpenCV / float64 reference and against
// its named method (box_blur, threshold_*), and the guarantee that a refused spec writes nothing.
#pragma once

#include <string>
#include <vector>

#include "filter_cases.h"
#include "sat/filter_spec.h"

namespace sat::test {

// run(src, dst) on pitched device copies of host `src` and of a dst of `dst_cn` channels filled
// with `fill`, then synchronized on `stream`; returns dst downloaded. When run throws, dst must
// still be all `fill` (a refused run writes nothing), and the exception goes on.
template <class Run>
cv::Mat run_through_device(const cv::Mat& src, int dst_cn, uint8_t fill, cudaStream_t stream, Run&& run) {
  cv::Mat dst(src.rows, src.cols, CV_8UC(dst_cn), cv::Scalar::all(fill));
  const int src_row = src.cols * src.channels(), dst_row = dst.cols * dst_cn;
  DevicePitched d_src(src_row, src.rows), d_dst(dst_row, dst.rows);
  cuda_ok(cudaMemcpy2D(d_src.data(), d_src.pitch(), src.data, src.step, std::size_t(src_row), std::size_t(src.rows),
                       cudaMemcpyHostToDevice),
          "upload");
  cuda_ok(cudaMemset2D(d_dst.data(), d_dst.pitch(), fill, std::size_t(dst_row), std::size_t(dst.rows)), "memset");
  const auto download = [&] {
    cuda_ok(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
    cuda_ok(cudaMemcpy2D(dst.data, dst.step, d_dst.data(), d_dst.pitch(), std::size_t(dst_row), std::size_t(dst.rows),
                         cudaMemcpyDeviceToHost),
            "download");
  };
  try {
    run(ConstImage8{d_src.data(), d_src.pitch(), src.cols, src.rows, src.channels()},
        Image8{d_dst.data(), d_dst.pitch(), dst.cols, dst.rows, dst_cn});
  } catch (...) {
    download();
    EXPECT_EQ(cv::countNonZero(dst.reshape(1) != fill), 0) << "a refused run wrote dst";
    throw;
  }
  download();
  return dst;
}

// engine.apply(spec) on host src: directly (CPU), or through pitched device copies on `stream`
// (CUDA). dst starts as `fill`; returned as the host image.
inline cv::Mat apply_on(FilterEngine& engine, const FilterSpec& spec, const cv::Mat& src, cudaStream_t stream,
                        uint8_t fill = 0xCD) {
  const int dst_cn = output_channels(spec, src.channels());
  if (engine.backend() == Backend::Cpu) {
    cv::Mat dst(src.rows, src.cols, CV_8UC(dst_cn), cv::Scalar::all(fill));
    engine.apply(spec, view(src), view(dst), stream);
    return dst;
  }
  return run_through_device(src, dst_cn, fill, stream,
                            [&](ConstImage8 d_src, Image8 d_dst) { engine.apply(spec, d_src, d_dst, stream); });
}

// The named method of spec's filter (box_blur, threshold_mean_c, ...) through a Runner.
inline cv::Mat named_method(Runner& run, const FilterSpec& spec, const cv::Mat& src) {
  if (const auto* box = std::get_if<BoxBlurParams>(&spec)) return run.box_blur(src, *box);
  if (const auto* mc = std::get_if<MeanCParams>(&spec)) return run.mean_c(src, *mc);
  if (const auto* sv = std::get_if<SauvolaParams>(&spec)) return run.sauvola(src, *sv);
  if (const auto* br = std::get_if<BradleyParams>(&spec)) return run.bradley(src, *br);
  ADD_FAILURE() << "no named method for " << sat::describe(spec);
  return {};
}

// Checks got against spec's reference: OpenCV for box and threshold, the float64 references for
// Bradley (exact) and Sauvola (a pixel may differ only where it sits on its threshold).
inline void expect_matches_reference(const FilterSpec& spec, const cv::Mat& src, const cv::Mat& got) {
  if (const auto* box = std::get_if<BoxBlurParams>(&spec)) {
    EXPECT_MAT_EQ(got, reference_blur(src, *box), "apply vs cv::blur");
    return;
  }
  if (const auto* mc = std::get_if<MeanCParams>(&spec)) {
    EXPECT_MAT_EQ(got, reference_mean_c(src, *mc), "apply vs cv::adaptiveThreshold");
    return;
  }
  if (const auto* br = std::get_if<BradleyParams>(&spec)) {
    EXPECT_MAT_EQ(got, reference_bradley(to_gray_cv(src), br->window, br->t, br->max_value), "apply vs Bradley");
    return;
  }
  const auto* sv = std::get_if<SauvolaParams>(&spec);
  if (!sv) {
    ADD_FAILURE() << "no reference for " << sat::describe(spec);
    return;
  }
  const cv::Mat gray = to_gray_cv(src);
  std::vector<double> thr;
  const cv::Mat want = reference_sauvola(gray, sv->window, sv->k, sv->r, sv->max_value, &thr);
  for (int y = 0; y < gray.rows; ++y)
    for (int x = 0; x < gray.cols; ++x) {
      if (got.at<uint8_t>(y, x) == want.at<uint8_t>(y, x)) continue;
      const double t = thr[std::size_t(y) * gray.cols + x];
      EXPECT_NEAR(double(gray.at<uint8_t>(y, x)), t, 1e-9 * std::max(1.0, std::abs(t)))
          << "apply vs Sauvola at (" << x << ", " << y << ")";
    }
}

// A random spec of `filter`, every parameter set by name through the catalog's text form (as a
// program's command line gives it): windows from 1 to past the image, each real in its range.
inline FilterSpec random_spec(std::string_view filter, std::mt19937& rng, int max_side) {
  FilterSpec spec = default_spec(filter);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  auto pick_int = [&](int lo, int hi) { return lo + int(rng() % unsigned(hi - lo + 1)); };
  for (const ParamInfo& p : info_of(spec).params) {
    std::string text;
    switch (p.kind) {
      case ParamKind::Int: {
        const int hi = p.max > 1000 ? 2 * max_side + 3 : int(p.max);  // windows: up to past the image
        int v = pick_int(int(p.min), std::max(int(p.min), hi));
        if (p.odd && v % 2 == 0) v = v + 1 <= p.max ? v + 1 : v - 1;
        text = std::to_string(v);
        break;
      }
      case ParamKind::Real: {
        // Unbounded ends: C in −20 … 20 (a mean − C threshold far outside sees one colour), r up
        // to 300 past its minimum. 1 % off each end: never on an open end after rounding.
        const bool any = !std::isfinite(p.min) && !std::isfinite(p.max);
        const double lo = any ? -20.0 : std::isfinite(p.min) ? p.min : p.max - 300.0;
        const double hi = any ? 20.0 : std::isfinite(p.max) ? p.max : p.min + 300.0;
        text = std::to_string(lo + (hi - lo) * (0.01 + 0.98 * u(rng)));  // "%f", as a user might type it
        break;
      }
      case ParamKind::Bool:
        text = rng() % 2 ? "true" : "false";
        break;
      case ParamKind::Choice:
        text = std::string(p.choices[rng() % p.choices.size()]);
        break;
      case ParamKind::Image:
        continue;
    }
    parse_param(spec, p.name, text);
  }
  return spec;
}

// apply(spec by name) == the named method == the reference, for the four filters, random specs
// and images (1, 3, 4 channels, odd sizes, padded rows), on `backend`.
inline void check_apply_matches_named_methods(Backend backend) {
  const Extent max{97, 61};
  Runner run(backend, max);
  cudaStream_t stream = nullptr;
  if (backend == Backend::Cuda) cuda_ok(cudaStreamCreate(&stream), "cudaStreamCreate");
  std::mt19937 rng(2121);
  uint32_t seed = 8100;
  for (std::string_view filter : {"box", "threshold", "mean-c", "sauvola", "bradley"})
    for (int trial = 0; trial < 12; ++trial) {
      const int w = 1 + int(rng() % unsigned(max.width)), h = 1 + int(rng() % unsigned(max.height));
      const int cn = std::vector<int>{1, 3, 4}[rng() % 3];
      cv::Mat src = textured_image(w, h, cn, seed++);
      if (trial % 3 == 0) src = with_padding(src);
      const FilterSpec spec = random_spec(filter, rng, std::max(w, h));
      SCOPED_TRACE(std::string(filter) + ": " + sat::describe(spec) + " on " + describe(src));
      const cv::Mat got = apply_on(run.engine(), spec, src, stream);
      EXPECT_MAT_EQ(got, named_method(run, spec, src), "apply vs the named method");
      expect_matches_reference(spec, src, got);
    }
  if (stream) cudaStreamDestroy(stream);
}

// A spec out of range (set in its struct, past set_param's check) or with a rule broken is refused
// by apply with the catalog's text before anything is written; so are bad images.
inline void check_apply_refuses_before_running(Backend backend) {
  FilterEngine engine(backend, {40, 30});
  cudaStream_t stream = nullptr;
  if (backend == Backend::Cuda) cuda_ok(cudaStreamCreate(&stream), "cudaStreamCreate");
  const cv::Mat src = random_image(32, 24, 3, 17);
  struct Case {
    FilterSpec spec;
    std::string words;
  };
  const std::vector<Case> cases = {
      {BoxBlurParams{0, 3, Border::Reflect101}, "kernel_width must be >= 1 (got 0)"},
      {BoxBlurParams{3, 3, Border(5)}, "border must be reflect101 | replicate (got 5)"},
      {BoxBlurParams{70000, 70000, Border::Replicate}, "kernel 70000x70000 is too large (its area must fit in an int)"},
      {MeanCParams{8, 2.0, false, 255}, "block must be odd, 3..46339 (got 8)"},
      {MeanCParams{11, std::nan(""), false, 255}, "C must be finite (got nan)"},
      {MeanCParams{11, 2.0, false, 0}, "max_value must be in 1..255 (got 0)"},
      {SauvolaParams{15, 1.0, 0.0, 255}, "k must be > 0 and < 1 (got 1)"},
      {SauvolaParams{15, 0.2, -1.0, 255}, "r must be >= 0 and finite (got -1)"},
      {BradleyParams{0, 15.0, 255}, "window must be >= 1 (got 0)"},
      {BradleyParams{15, 100.0, 255}, "t must be >= 0 and < 100 (got 100)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.words);
    try {
      apply_on(engine, c.spec, src, stream, 42);
      ADD_FAILURE() << "apply took a bad spec";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::InvalidArgument) << e.what();
      EXPECT_EQ(e.call(), "sat::FilterEngine::apply");
      EXPECT_EQ(std::string(e.what()), "sat::FilterEngine::apply: " + c.words);
    }
  }
  // dst with the wrong channel count for the filter's output (gray for the thresholds).
  cv::Mat wrong(24, 32, CV_8UC3, cv::Scalar::all(42));
  if (backend == Backend::Cpu) {
    try {
      engine.apply(SauvolaParams{}, view(src), view(wrong));
      ADD_FAILURE() << "apply took a 3-channel dst for a gray output";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("dst must have 1 channel (got 3)"), std::string::npos) << e.what();
    }
    EXPECT_EQ(cv::countNonZero(wrong.reshape(1) != 42), 0) << "a refused apply wrote dst";
  }
  if (stream) cudaStreamDestroy(stream);
}

}  // namespace sat::test
