// See tilted_suite.h.
#include "tilted_suite.h"

#include <cuda_runtime_api.h>

#include <cstring>
#include <random>

#include "gpu_timer.h"
#include "sat/support/cuda_check.h"
#include "sat/support/cuda_stream.h"
#include "sat/support/pitched_buffer.h"
#include "suite_guard.h"
#include "suite_timing.h"

namespace satbench {

std::vector<TiltedSuiteCase> plan_tilted_suite(const BenchOptions& options) {
  std::vector<sat::Extent> sizes = options.sizes;
  if (sizes.empty()) sizes = {{1920, 1080}, {3840, 2160}};
  std::vector<TiltedSuiteCase> cases;
  for (const sat::Extent& e : sizes)
    cases.push_back({"tilted " + std::to_string(e.width) + "x" + std::to_string(e.height), e});
  return cases;
}

void run_tilted_case(const BenchOptions& o, const TiltedSuiteCase& c, bool gpu, std::vector<SuiteRecord>& records) {
  // A row per table: "tilted" (the GPU against satcore's CPU), "upright", "copy".
  const auto record = [&](Contender k, std::string method, const char* row = "tilted u8 -> u32") {
    SuiteRecord r;
    r.suite = "tilted";
    r.case_name = row;
    r.extent = c.extent;
    r.contender = k;
    r.method = std::move(method);
    return r;
  };
  const int w = c.extent.width, h = c.extent.height;
  std::vector<uint8_t> image(std::size_t(w) * std::size_t(h));
  std::mt19937 rng(20261127);
  for (uint8_t& v : image) v = uint8_t(rng() >> 24);
  const std::size_t table_row = std::size_t(w + 1) * sizeof(uint32_t);
  std::vector<uint32_t> expected(std::size_t(w + 1) * std::size_t(h + 1));
  sat::Options tilted;
  tilted.table = sat::Table::Tilted;

  if (asked(o, Peer::CpuParallel)) {
    SuiteRecord r = record(Contender::Cpu, "sat::cpu_tilted");
    guarded(r, records, [&] {
      const sat::Problem p{sat::ElementType::U8ToU32, c.extent, image.data(), std::size_t(w),
                           expected.data(),           table_row};
      fill(r, measure(o, [&] { return wall_ms([&] { sat::cpu_tilted(p); }); }), o);
    });
  } else {
    sat::cpu_tilted({sat::ElementType::U8ToU32, c.extent, image.data(), std::size_t(w), expected.data(), table_row});
  }
  if (o.algorithms.empty()) return;
  if (!gpu) {
    SuiteRecord r = record(Contender::Gpu, "-");
    r.status = Status::NoGpu;
    records.push_back(r);
    return;
  }
  const sat::CudaStream stream;
  const sat::PitchedBuffer d_in{std::size_t(w), std::size_t(h)};
  const sat::PitchedBuffer d_out{table_row, std::size_t(h + 1)};  // the upright table fits too
  SAT_CUDA_CHECK(cudaMemcpy2D(d_in.data(), d_in.pitch(), image.data(), w, w, h, cudaMemcpyHostToDevice));
  GpuTimer timer(stream.get(), o.hang_s);
  const auto timed = [&](const char* what, auto&& call) {
    return [&timer, what, call] {
      timer.start();
      call();
      timer.stop();
      return timer.elapsed_ms(what);
    };
  };

  // The copy: the bytes the upright table reads and writes, (input + output) / 2 each way, from
  // one row of a buffer to the other.
  const std::size_t copy_bytes = (std::size_t(w) * h + std::size_t(w) * sizeof(uint32_t) * h) / 2;
  {
    SuiteRecord r = record(Contender::Gpu, "copy", "copy (same bytes)");
    guarded(r, records, [&] {
      const sat::PitchedBuffer d_copy{copy_bytes, 2};
      fill(r,
           measure(o, timed("copy",
                            [&] {
                              SAT_CUDA_CHECK(cudaMemcpyAsync(d_copy.data() + d_copy.pitch(), d_copy.data(), copy_bytes,
                                                             cudaMemcpyDeviceToDevice, stream.get()));
                            })),
           o);
    });
  }
  for (const bool is_tilted : {false, true}) {
    sat::Options options = is_tilted ? tilted : sat::Options{};
    SuiteRecord r =
        record(Contender::Gpu, std::string(is_tilted ? "tilted " : "upright ") + sat::to_string(options.algorithm),
               is_tilted ? "tilted u8 -> u32" : "upright u8 -> u32");
    guarded(r, records, [&] {
      sat::Plan plan(sat::ElementType::U8ToU32, c.extent, options);
      const sat::Problem p{sat::ElementType::U8ToU32, c.extent, d_in.data(), d_in.pitch(), d_out.data(), d_out.pitch()};
      if (is_tilted) {  // checked before it is timed
        plan.run(p, stream.get());
        std::vector<uint32_t> got(expected.size());
        SAT_CUDA_CHECK(
            cudaMemcpy2D(got.data(), table_row, d_out.data(), d_out.pitch(), table_row, h + 1, cudaMemcpyDeviceToHost));
        if (std::memcmp(got.data(), expected.data(), got.size() * sizeof(uint32_t)) != 0) {
          r.status = Status::Wrong;
          r.note = "WRONG: differs from sat::cpu_tilted";
          return;
        }
      }
      fill(r, measure(o, timed("table", [&] { plan.run(p, stream.get()); })), o);
    });
  }
}

}  // namespace satbench
