// See filter_suite.h.
#include "filter_suite.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <thread>

#include "common/cuda/cuda_check.h"
#include "filter_twins.h"
#include "gpu_timer.h"
#include "runner.h"
#include "sat/error.h"
#include "sat/filters.h"
#include "sat/support/cuda_stream.h"
#include "sat/support/pitched_buffer.h"
#include "suite_guard.h"
#include "suite_timing.h"

namespace satbench {
namespace {

constexpr int kMapMaxRadii[] = {2, 16, 128};

int cpu_threads(const BenchOptions& o) {
  return o.cpu_threads > 0 ? o.cpu_threads : int(std::max(1u, std::thread::hardware_concurrency()));
}

// A deterministic image with texture and edges (as a camera frame has), channels interleaved,
// as bytes: 8-bit samples, or 16-bit ones (the same picture × 257 with noise in the low bits).
std::vector<uint8_t> make_image(sat::Extent e, int channels, sat::SampleType sample) {
  const std::size_t n = std::size_t(e.width) * std::size_t(e.height) * std::size_t(channels);
  const bool wide = sample == sat::SampleType::U16;
  std::vector<uint8_t> v(n * (wide ? 2 : 1));
  auto* v16 = reinterpret_cast<uint16_t*>(v.data());
  uint32_t state = 12345;
  std::size_t i = 0;
  for (int y = 0; y < e.height; ++y)
    for (int x = 0; x < e.width; ++x)
      for (int c = 0; c < channels; ++c, ++i) {
        state = state * 1664525u + 1013904223u;
        const double wave = 90.0 * std::sin(x * 0.021 + c) * std::cos(y * 0.017 - c);
        const int step = ((x / 97 + y / 61) % 2) * 40;
        const int value = std::clamp(int(100 + wave) + step + int(state >> 27) - 16, 0, 255);
        if (wide)
          v16[i] = uint16_t(value * 257 - int((state >> 8) % 257u) + (value == 0 ? 256 : 0));
        else
          v[i] = uint8_t(value);
      }
  return v;
}

// A tilt-shift radius map: 0 on the middle row, growing linearly to max_radius at the top and
// bottom rows.
std::vector<uint8_t> make_radius_map(sat::Extent e, int max_radius) {
  std::vector<uint8_t> v(std::size_t(e.width) * std::size_t(e.height));
  const double half = std::max(1.0, e.height / 2.0);
  for (int y = 0; y < e.height; ++y) {
    const int r = std::min(max_radius, int(std::lround(max_radius * std::abs(y - e.height / 2.0) / half)));
    std::fill_n(v.begin() + std::ptrdiff_t(y) * e.width, e.width, uint8_t(r));
  }
  return v;
}

satapp::StageTimeline stage_list(const sat::StageTimes& t) {
  return {{"convert", t.convert_ms}, {"tables", t.sat_ms}, {"filter", t.filter_ms}};
}

// The largest difference of two images' samples; `row` in bytes.
int max_difference(const uint8_t* a, std::size_t a_pitch, const uint8_t* b, std::size_t b_pitch, std::size_t row,
                   int rows, sat::SampleType sample = sat::SampleType::U8) {
  int worst = 0;
  for (int y = 0; y < rows; ++y) {
    const uint8_t *ra = a + y * a_pitch, *rb = b + y * b_pitch;
    if (sample == sat::SampleType::U16) {
      for (std::size_t x = 0; x + 1 < row; x += 2)
        worst = std::max(worst, std::abs(int(ra[x] | ra[x + 1] << 8) - int(rb[x] | rb[x + 1] << 8)));
      continue;
    }
    for (std::size_t x = 0; x < row; ++x) worst = std::max(worst, std::abs(int(ra[x]) - int(rb[x])));
  }
  return worst;
}

}  // namespace

std::vector<FilterSuiteCase> plan_filter_suite(const BenchOptions& options) {
  std::vector<sat::Extent> sizes = options.sizes;
  if (sizes.empty()) sizes = {{1920, 1080}, {3840, 2160}};
  std::vector<FilterSuiteCase> cases;
  // 8-bit gray and BGRA, then 16-bit gray where the catalog lists 16-bit samples.
  const std::pair<int, sat::SampleType> inputs[] = {
      {1, sat::SampleType::U8}, {4, sat::SampleType::U8}, {1, sat::SampleType::U16}};
  for (const sat::FilterInfo& info : sat::filter_catalog())
    for (const sat::Extent& size : sizes)
      for (const auto& [channels, sample] : inputs) {
        if (!sat::takes_samples(info, sample)) continue;
        const std::string bits = sample == sat::SampleType::U16 ? " (16-bit)" : "";
        if (!std::holds_alternative<sat::VariableBlurParams>(info.defaults)) {
          cases.push_back({info.defaults, sat::describe(info.defaults) + bits, size, channels, -1, sample});
          continue;
        }
        for (int r : kMapMaxRadii) {  // the cost must not grow with the radius
          sat::FilterSpec spec = info.defaults;
          auto& p = std::get<sat::VariableBlurParams>(spec);
          p.shape = sat::RadiusShape::Map;
          p.max_radius = r;
          cases.push_back({spec, std::string(info.name) + " map, max radius " + std::to_string(r) + bits, size,
                           channels, r, sample});
        }
      }
  return cases;
}

void run_filter_case(const BenchOptions& o, const FilterSuiteCase& c, bool gpu, std::vector<SuiteRecord>& records) {
  const int w = c.extent.width, h = c.extent.height;
  const std::vector<uint8_t> src = make_image(c.extent, c.channels, c.sample);
  const std::size_t bytes = sat::sample_bytes(c.sample);
  const std::vector<uint8_t> map =
      c.map_max_radius >= 0 ? make_radius_map(c.extent, c.map_max_radius) : std::vector<uint8_t>{};
  sat::FilterSpec spec = c.spec;  // with the host radius map
  if (!map.empty()) std::get<sat::VariableBlurParams>(spec).radius_map = {map.data(), std::size_t(w), w, h, 1};
  const int out_channels = sat::output_channels(spec, c.channels);
  const std::size_t src_row = std::size_t(w) * c.channels * bytes, dst_row = std::size_t(w) * out_channels * bytes;
  const sat::ConstImageView host_src{src.data(), src_row, w, h, c.channels, c.sample};
  const auto record = [&](Contender k, std::string method) {
    SuiteRecord r;
    r.suite = "filters";
    r.case_name = c.label;
    r.extent = c.extent;
    r.channels = c.channels;
    r.contender = k;
    r.method = std::move(method);
    return r;
  };

  // Our CPU backend: its output is the reference of the others.
  std::vector<uint8_t> reference;
  if (asked(o, Peer::CpuParallel)) {
    SuiteRecord r = record(Contender::Cpu, "sat::FilterEngine cpu");
    guarded(r, records, [&] {
      sat::FilterEngine engine(sat::Backend::Cpu, c.extent);
      engine.set_cpu_threads(o.cpu_threads);
      engine.enable_stage_timing(true);
      std::vector<uint8_t> out(dst_row * std::size_t(h));
      const sat::ImageView dst{out.data(), dst_row, w, h, out_channels, c.sample};
      fill(r,
           measure(
               o, [&] { return wall_ms([&] { engine.apply(spec, host_src, dst); }); },
               [&] { return stage_list(engine.last_stage_times()); }),
           o);
      reference = std::move(out);
    });
  }

  if (!o.algorithms.empty()) {  // GPU methods asked for
    SuiteRecord r = record(Contender::Gpu, "sat::FilterEngine cuda");
    gpu_guarded(r, records, gpu, [&] {
      const sat::CudaStream stream;
      const sat::PitchedBuffer d_src(src_row, std::size_t(h)), d_dst(dst_row, std::size_t(h));
      SAT_CUDA_CHECK(
          cudaMemcpy2D(d_src.data(), d_src.pitch(), src.data(), src_row, src_row, h, cudaMemcpyHostToDevice));
      sat::FilterSpec device_spec = c.spec;
      sat::PitchedBuffer d_map;
      if (!map.empty()) {
        d_map = sat::PitchedBuffer(std::size_t(w), std::size_t(h));
        SAT_CUDA_CHECK(cudaMemcpy2D(d_map.data(), d_map.pitch(), map.data(), w, w, h, cudaMemcpyHostToDevice));
        std::get<sat::VariableBlurParams>(device_spec).radius_map = {d_map.data(), d_map.pitch(), w, h, 1};
      }
      sat::FilterEngine engine(sat::Backend::Cuda, c.extent);
      engine.enable_stage_timing(true);
      const sat::ConstImageView in{d_src.data(), d_src.pitch(), w, h, c.channels, c.sample};
      const sat::ImageView out{d_dst.data(), d_dst.pitch(), w, h, out_channels, c.sample};
      GpuTimer timer(stream.get(), o.hang_s);
      const auto run = [&] {
        timer.start();
        engine.apply(device_spec, in, out, stream.get());
        timer.stop();
        return timer.elapsed_ms("filter " + c.label);
      };
      fill(r, measure(o, run, [&] { return stage_list(engine.last_stage_times()); }), o);
      if (!reference.empty()) {
        std::vector<uint8_t> got(dst_row * std::size_t(h));
        SAT_CUDA_CHECK(
            cudaMemcpy2D(got.data(), dst_row, d_dst.data(), d_dst.pitch(), dst_row, h, cudaMemcpyDeviceToHost));
        r.max_diff = max_difference(got.data(), dst_row, reference.data(), dst_row, dst_row, h, c.sample);
      }
    });
  }

  if (asked(o, Peer::OpenCv)) {
    FilterTwin twin = make_filter_twin(spec, host_src, cpu_threads(o));
    SuiteRecord r = record(Contender::OpenCv, twin.method.empty() ? "-" : twin.method);
    if (!twin.run) {
      r.status = twin.not_built ? Status::NotBuilt : Status::Unsupported;
      if (twin.not_built) r.note = twin.unavailable;
      records.push_back(r);
    } else {
      guarded(r, records, [&] {
        fill(r, measure(o, [&] { return wall_ms(twin.run); }), o);
        std::size_t pitch = 0;
        const unsigned char* out = twin.output ? twin.output(pitch) : nullptr;
        if (out && !reference.empty())
          r.max_diff = max_difference(out, pitch, reference.data(), dst_row, dst_row, h, c.sample);
      });
    }
  }
}

}  // namespace satbench
