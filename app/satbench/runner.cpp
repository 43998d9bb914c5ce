// One case, measured: reference, buffers, copy baseline, algorithms x W, peers.
#include "runner.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <thread>

#include "buffer_sets.h"
#include "common/timing/stopwatch.h"
#include "gpu_timer.h"
#include "host_image.h"
#include "host_memory.h"
#include "peer_cub.h"
#include "report.h"
#include "scan_check.h"
#include "table_check.h"

namespace satbench {

namespace {

bool is_float(sat::ElementType type) {
  return type == sat::ElementType::F32ToF32 || type == sat::ElementType::F32x2ToF32x2;
}

std::string cap_key(const Result& r) {
  return std::string(to_string(r.suite)) + "|" + sat::to_string(r.type) + "|" + r.method + "|" + std::to_string(r.tile);
}

std::string method_label(const Result& r) {
  return r.method + (r.tile ? " W=" + std::to_string(r.tile) : std::string());
}

// Empty when the context still works after an error; else why it does not.
std::string context_broken() {
  cudaGetLastError();  // clear a non-sticky error
  if (cudaDeviceSynchronize() == cudaSuccess) return {};
  cudaGetLastError();
  const cudaError_t again = cudaDeviceSynchronize();
  if (again == cudaSuccess) return {};
  return std::string("the CUDA context is broken (") + cudaGetErrorName(again) + ": " + cudaGetErrorString(again) + ")";
}

}  // namespace

// What one case shares among its measurements.
struct Runner::CaseState {
  BenchCase c;
  HostImage image;
  satapp::HostBuffer reference;  // cpu_reference's table
  double reference_ms = 0;       // its time: cpu_reference's first run
  bool exact = true;             // compare bit-exactly (integers; floats while sums are exact)
  satapp::HostBuffer scratch;    // downloads and CPU peers' outputs (pinned)
  std::unique_ptr<BufferSets> sets;
  std::exception_ptr sets_failure;  // why `sets` is null (out of device memory)
  int cursor = 0;                   // next buffer set: one circular order for all methods of the case
  Result base;                      // the case's fields

  BufferSets& device_sets() const {
    if (!sets) std::rethrow_exception(sets_failure);
    return *sets;
  }
  int next_set() {
    cursor = (cursor + 1) % sets->count();
    return cursor;
  }
};

Runner::Runner(const BenchOptions& options, std::size_t rotate_bytes, bool gpu)
    : options_(options),
      rotate_bytes_(rotate_bytes),
      cpu_threads_(options.cpu_threads > 0 ? options.cpu_threads
                                           : std::max(1, int(std::thread::hardware_concurrency()))),
      gpu_(gpu) {
  if (gpu_) stream_.emplace();
}

int Runner::steps(const BenchCase&) const {
  if (!gpu_) return int(options_.peers.size());
  int n = 1 + int(options_.peers.size());
  for (sat::Algorithm a : options_.algorithms) n += sat::is_tiled(a) ? int(options_.tiles.size()) : 1;
  return n;
}

int Runner::reps_for(double run_ms) const {
  int n = options_.reps;
  if (run_ms * n > options_.budget_ms)
    n = std::max(options_.min_reps, int(options_.budget_ms / std::max(run_ms, 1e-9)));
  return std::min(n, options_.reps);
}

int Runner::warmups_for(double run_ms) const {
  int n = options_.warmup;
  if (run_ms * n > options_.budget_ms / 2) n = int(options_.budget_ms / 2 / std::max(run_ms, 1e-9));
  return std::min(n, options_.warmup);
}

bool Runner::skip_if_capped(Result& r) const {
  const auto it = capped_.find(cap_key(r));
  if (it == capped_.end()) return false;
  r.status = Status::Skipped;
  r.note = "skipped (>" + cap_text(options_.cap_ms) + " ms at " + it->second + ")";
  return true;
}

void Runner::cap(const Result& r) { capped_.emplace(cap_key(r), size_label(r.extent, r.planes)); }

void Runner::measure_gpu(CaseState& s, Result& r, const std::function<void(int)>& launch,
                         const std::function<bool(Result&)>& check) {
  BufferSets& sets = s.device_sets();
  r.buffer_sets = sets.count();
  const cudaStream_t stream = stream_->get();
  GpuTimer timer(stream, options_.hang_s);
  const std::string what = method_label(r) + " on " + sat::to_string(r.type) + " " + size_label(r.extent, r.planes);
  auto timed = [&](int set) {
    timer.start();
    launch(set);
    timer.stop();
    return timer.elapsed_ms(what);
  };

  // The checked run, on set 0 with its output poisoned.
  if (check) sets.poison_output(0, stream);
  r.first_ms = timed(0);
  if (check && !check(r)) return;
  if (r.first_ms > options_.cap_ms) r.first_ms = std::min(r.first_ms, timed(s.next_set()));  // not for one hiccup
  if (r.first_ms > options_.cap_ms) {
    r.status = Status::Skipped;
    r.note = "skipped (>" + cap_text(options_.cap_ms) + " ms)";
    cap(r);
    return;
  }
  double estimate = r.first_ms;  // the first run may include lazy module loading
  for (int w = 0, n = warmups_for(r.first_ms); w < n; ++w) estimate = std::min(estimate, timed(s.next_set()));
  std::vector<double> samples;
  for (int i = 0, n = reps_for(estimate); i < n; ++i) samples.push_back(timed(s.next_set()));
  r.stats = summarize(samples);
  r.status = Status::Ok;
}

void Runner::measure_cpu(CaseState& s, Result& r, const std::function<void()>& run,
                         const std::function<bool(Result&)>& check, double first_ms_known) {
  auto timed = [&] {
    const satapp::Stopwatch t;
    run();
    return t.elapsed_ms();
  };
  if (first_ms_known >= 0) {
    r.first_ms = first_ms_known;
  } else {
    std::memset(s.scratch.data(), 0xFF, s.image.output_bytes());  // nothing stale can pass
    r.first_ms = timed();
    if (check && !check(r)) return;
  }
  if (r.first_ms > options_.cap_ms) r.first_ms = std::min(r.first_ms, timed());  // not for one hiccup
  if (r.first_ms > options_.cap_ms) {
    r.status = Status::Skipped;
    r.note = "skipped (>" + cap_text(options_.cap_ms) + " ms)";
    cap(r);
    return;
  }
  double estimate = r.first_ms;
  for (int w = 0, n = warmups_for(r.first_ms); w < n; ++w) estimate = std::min(estimate, timed());
  std::vector<double> samples;
  for (int i = 0, n = reps_for(estimate); i < n; ++i) samples.push_back(timed());
  r.stats = summarize(samples);
  r.status = Status::Ok;
}

void Runner::guarded(Result r, std::vector<Result>& results, const std::function<void(Result&)>& body) {
  std::string fatal;
  // Without a GPU there is no context to break (and asking would fail for want of a device).
  auto broken_context = [this] { return gpu_ ? context_broken() : std::string(); };
  try {
    body(r);
  } catch (const GpuHang& e) {
    r.status = Status::Aborted;
    r.note = e.what();
    fatal = e.what();
  } catch (const sat::Error& e) {  // satcore's, and the CUDA calls' (sat::Error)
    r.status = e.code() == sat::ErrorCode::OutOfMemory   ? Status::OutOfMemory
               : e.code() == sat::ErrorCode::Unsupported ? Status::Unsupported
                                                         : Status::Failed;
    r.note = e.what();
    fatal = broken_context();
  } catch (const std::bad_alloc&) {
    r.status = Status::OutOfMemory;
    r.note = "host memory exhausted";
  } catch (const std::exception& e) {
    r.status = Status::Failed;
    r.note = e.what();
    fatal = broken_context();
  }
  if (!fatal.empty() && r.status != Status::Aborted) r.note += "; " + fatal;
  results.push_back(r);
  if (r.status == Status::Aborted) throw BenchAborted(fatal);  // the hang's message names the run
  if (!fatal.empty())
    throw BenchAborted(method_label(r) + " on " + sat::to_string(r.type) + " " + size_label(r.extent, r.planes) + ": " +
                       fatal);
}

void Runner::run_cub(CaseState& s, Result r, std::vector<Result>& results) {
  const BenchCase& c = s.c;
  if (!gpu_) {
    r.status = Status::NoGpu;
    r.note = "no GPU: CUB runs on a CUDA device";
    results.push_back(r);
    return;
  }
  if (!CubScan::supports(c.type) || !scan_check_supports(c.type)) {
    r.status = Status::Unsupported;
    r.note = "cub-scan-1d is measured on f32->f32, u8->u32 and u8x4->u32x4 only";
    results.push_back(r);
    return;
  }
  // One scan over the buffers as they lie reads exactly the case's input bytes and writes its
  // output bytes because satbench's rows are dense (HostImage, BufferSets) and a batch's planes
  // follow one another. Pitched rows would make it scan the padding too: refused, not mismeasured.
  const sat::Extent stacked = c.stacked();
  const std::size_t count = std::size_t(stacked.width) * std::size_t(stacked.height);
  if (s.image.input_pitch != std::size_t(stacked.width) * sat::input_element_size(c.type) ||
      s.image.output_pitch != std::size_t(stacked.width) * sat::output_element_size(c.type)) {
    r.status = Status::Unsupported;
    r.note = "rows are pitched: a 1-D scan of the buffers would include the padding";
    results.push_back(r);
    return;
  }
  if (count > CubScan::kMaxCount) {
    r.status = Status::Unsupported;
    r.note = "more than 2^32 - 1 elements (CUB's 32-bit offsets)";
    results.push_back(r);
    return;
  }
  r.note = "1-D scan of the same bytes, not a table";
  const cudaStream_t stream = stream_->get();
  guarded(r, results, [&](Result& m) {
    if (skip_if_capped(m)) return;
    const CubScan scan(c.type, count);  // CUB's temporary storage, outside the timed runs
    m.workspace_bytes = scan.temp_storage_bytes();
    const std::vector<std::size_t> positions = scan_positions(count, std::size_t(c.extent.width));
    measure_gpu(
        s, m, [&](int k) { scan.run(s.device_sets().input(k), s.device_sets().output(k), stream); },
        [&](Result& x) {
          SAT_CUDA_CHECK(cudaMemcpyAsync(s.scratch.data(), s.device_sets().output(0), s.image.output_bytes(),
                                         cudaMemcpyDeviceToHost, stream));
          SAT_CUDA_CHECK(cudaStreamSynchronize(stream));
          const CheckOutcome o = check_scan(c.type, s.image.input.data(), s.scratch.data(), positions, options_.rtol);
          x.max_error = o.max_error;
          if (o.ok) return true;
          x.status = Status::Wrong;
          x.note = "WRONG: " + describe_scan(o, positions.size());
          return false;
        });
  });
}

void Runner::skip_case(const Result& base, const std::string& label, const std::string& note,
                       std::vector<Result>& results, Progress& progress) {
  progress.clear();
  std::fprintf(stderr, "satbench: %s: %s\n", label.c_str(), note.c_str());
  progress.begin_case(label + " (" + note + ")");
  auto skipped = [&](MethodKind kind, const std::string& method, int tile) {
    Result r = base;
    r.kind = kind;
    r.method = method;
    r.tile = tile;
    r.status = Status::NoMemory;
    r.note = note;
    progress.step(method_label(r));
    results.push_back(r);
  };
  if (gpu_) {
    skipped(MethodKind::Copy, "copy", 0);
    for (sat::Algorithm algorithm : options_.algorithms)
      for (int tile : sat::is_tiled(algorithm) ? options_.tiles : std::vector<int>{0})
        skipped(MethodKind::Algorithm, sat::to_string(algorithm), tile);
  }
  for (Peer peer : options_.peers) skipped(MethodKind::Peer, to_string(peer), 0);
}

void Runner::run_case(const BenchCase& c, std::vector<Result>& results, Progress& progress) {
  CaseState s;
  s.c = c;
  s.base.suite = c.suite;
  s.base.type = c.type;
  s.base.extent = c.extent;
  s.base.planes = c.planes;
  const std::string label = std::string(sat::to_string(c.type)) + " " + size_label(c.extent, c.planes);
  if (const std::string shortfall = host_memory_shortfall(c, options_.peers, options_.memory_limit_gb);
      !shortfall.empty()) {
    skip_case(s.base, label, "not run: host memory: " + shortfall, results, progress);
    return;
  }
  const cudaStream_t stream = stream_ ? stream_->get() : nullptr;
  // A batch's planes lie one after another: as one tall image they share the buffers, the copy
  // baseline (the same bytes) and the check, whose tables are the planes' tables stacked.
  const sat::Extent stacked = c.stacked();
  BenchCase tall = c;
  tall.extent = stacked;
  tall.planes = 1;

  // Host side: input, reference (cpu_reference's first run), scratch for downloads.
  s.image = make_input(tall);
  s.base.input_bytes = s.image.input_bytes();
  s.base.output_bytes = s.image.output_bytes();
  s.reference = satapp::HostBuffer(s.image.output_bytes());
  const sat::Batch batch{c.planes, s.image.input_pitch * std::size_t(c.extent.height),
                         s.image.output_pitch * std::size_t(c.extent.height)};
  // Plane 0 of `whole` (a problem over the stacked image), to be read with `batch`.
  auto first_plane = [&](sat::Problem whole) {
    whole.extent = c.extent;
    return whole;
  };
  auto reference_run = [&](void* out) {  // cpu_reference plane by plane
    const sat::Problem first = first_plane(s.image.problem(out));
    for (int k = 0; k < c.planes; ++k) sat::cpu_reference(sat::batch_plane(first, batch, k));
  };
  {
    const satapp::Stopwatch t;
    reference_run(s.reference.data());
    s.reference_ms = t.elapsed_ms();
  }
  s.exact = !is_float(c.type) || float_sums_exact(s.image, s.reference.data());
  const std::size_t padded_table =
      std::size_t(c.extent.width + 1) * std::size_t(c.extent.height + 1) * sat::output_element_size(c.type);
  s.scratch = satapp::HostBuffer(std::max(s.image.output_bytes(), padded_table), /*pinned=*/gpu_);

  // Device side.
  if (gpu_) {
    try {
      s.sets = std::make_unique<BufferSets>(s.image, rotate_bytes_, stream);
      s.base.copy_bytes = s.sets->copy_bytes();
      s.base.buffer_sets = s.sets->count();
    } catch (const sat::Error& e) {
      if (e.code() != sat::ErrorCode::OutOfMemory) throw;
      s.sets_failure = std::current_exception();
    }
  }
  progress.begin_case(label + (!gpu_    ? " (CPU peers only)"
                               : s.sets ? " (" + std::to_string(s.sets->count()) + " buffer set" +
                                              (s.sets->count() > 1 ? "s" : "") + ")"
                                        : " (device memory short)"));

  // Download set 0's output and compare the W x H table at `offset` (pitch in bytes).
  auto check_device = [&](Result& r, std::size_t bytes, std::size_t offset, std::size_t pitch) {
    SAT_CUDA_CHECK(cudaMemcpyAsync(s.scratch.data(), s.device_sets().output(0), bytes, cudaMemcpyDeviceToHost, stream));
    SAT_CUDA_CHECK(cudaStreamSynchronize(stream));
    const CheckOutcome o = check_table(c.type, stacked, s.scratch.data() + offset, pitch, s.reference.data(),
                                       s.image.output_pitch, s.exact, options_.rtol);
    r.max_error = o.max_error;
    if (o.ok) return true;
    r.status = Status::Wrong;
    r.note = "WRONG: " + describe(o, c.type, stacked);
    return false;
  };
  auto check_host = [&](Result& r, const void* table, std::size_t pitch) {
    const CheckOutcome o =
        check_table(c.type, stacked, table, pitch, s.reference.data(), s.image.output_pitch, s.exact, options_.rtol);
    r.max_error = o.max_error;
    if (o.ok) return true;
    r.status = Status::Wrong;
    r.note = "WRONG: " + describe(o, c.type, stacked);
    return false;
  };

  // The baseline.
  if (gpu_) {
    Result r = s.base;
    r.kind = MethodKind::Copy;
    r.method = "copy";
    progress.step("copy");
    guarded(r, results, [&](Result& m) {
      BufferSets& sets = s.device_sets();
      // The GPU sat idle while the previous case's CPU peers ran (seconds at the large sizes) and
      // its clocks may have dropped: keep it busy for kClockRampMs before the first timing, so
      // that the copy (measured first) and the methods after it see the same clocks.
      GpuTimer ramp(stream, options_.hang_s);
      ramp.start();
      for (int k = 0, calls = 0;; ++calls) {
        SAT_CUDA_CHECK(cudaMemcpyAsync(sets.copy_destination(k), sets.copy_source(k), sets.copy_bytes(),
                                       cudaMemcpyDeviceToDevice, stream));
        k = (k + 1) % sets.count();
        if (calls % 64 != 63) continue;
        ramp.stop();
        if (ramp.elapsed_ms("satbench: clock ramp") >= kClockRampMs || calls > 100000) break;
      }
      measure_gpu(
          s, m,
          [&](int k) {
            SAT_CUDA_CHECK(cudaMemcpyAsync(sets.copy_destination(k), sets.copy_source(k), sets.copy_bytes(),
                                           cudaMemcpyDeviceToDevice, stream));
          },
          nullptr);
    });
  }

  // satcore's algorithms at every W.
  for (sat::Algorithm algorithm : gpu_ ? options_.algorithms : std::vector<sat::Algorithm>{}) {
    std::vector<int> tiles{0};
    if (sat::is_tiled(algorithm)) tiles = options_.tiles;
    for (int tile : tiles) {
      Result r = s.base;
      r.kind = MethodKind::Algorithm;
      r.method = sat::to_string(algorithm);
      r.tile = tile;
      progress.step(method_label(r));
      if (!sat::supports(algorithm, c.type, tile)) {
        r.status = Status::Unsupported;
        r.note = std::string(sat::to_string(algorithm)) + " does not offer " + sat::to_string(c.type) +
                 " at W=" + std::to_string(tile);
        results.push_back(r);
        continue;
      }
      const sat::Options opt{algorithm, tile, options_.hybrid_r};
      guarded(r, results, [&](Result& m) {
        m.workspace_bytes = sat::batch_workspace_size(c.type, c.extent, c.planes, opt);
        if (skip_if_capped(m)) return;
        // Through a sat::Plan, as an application that computes table after table does: the plan's
        // workspace carries the look-back state from call to call.
        sat::Plan plan(c.type, c.extent, opt, c.planes);
        measure_gpu(
            s, m, [&](int k) { plan.run_batch(first_plane(s.device_sets().problem(k)), batch, stream); },
            [&](Result& x) { return check_device(x, s.image.output_bytes(), 0, s.image.output_pitch); });
      });
    }
  }

  // Peers.
  for (Peer peer : options_.peers) {
    Result r = s.base;
    r.kind = MethodKind::Peer;
    r.method = to_string(peer);
    progress.step(r.method);
    if (c.planes > 1 && (peer == Peer::Npp || peer == Peer::OpenCv)) {
      r.status = Status::Unsupported;
      r.note = "computes one image per call: not measured on batches";
      results.push_back(r);
      continue;
    }
    switch (peer) {
      case Peer::Npp: {
        if (!gpu_) {
          r.status = Status::NoGpu;
          r.note = "no GPU: NPP runs on a CUDA device";
          results.push_back(r);
          break;
        }
        if (!NppIntegral::supports(c.type)) {
          r.status = Status::Unsupported;
          r.note = "NPP's integral takes 8-bit single-channel input only";
          results.push_back(r);
          break;
        }
        if (!npp_.available()) {
          r.status = Status::NotBuilt;
          r.note = npp_.description();
          results.push_back(r);
          break;
        }
        const std::size_t table_pitch = std::size_t(c.extent.width + 1) * sat::output_element_size(c.type);
        r.output_bytes = padded_table;
        guarded(r, results, [&](Result& m) {
          if (skip_if_capped(m)) return;
          measure_gpu(
              s, m,
              [&](int k) {
                npp_.run(s.device_sets().input(k), int(s.image.input_pitch), s.device_sets().output(k),
                         int(table_pitch), c.extent, stream);
              },
              [&](Result& x) {
                return check_device(x, padded_table, table_pitch + sat::output_element_size(c.type), table_pitch);
              });
        });
        break;
      }
      case Peer::Cub:
        run_cub(s, r, results);
        break;
      case Peer::OpenCv: {
        if (!OpenCvIntegral::supports(c.type)) {
          r.status = OpenCvIntegral::built() ? Status::Unsupported : Status::NotBuilt;
          r.note = OpenCvIntegral::built() ? "cv::integral does not offer this type" : "OpenCV: not built";
          results.push_back(r);
          break;
        }
        guarded(r, results, [&](Result& m) {
          if (skip_if_capped(m)) return;
          OpenCvIntegral cv_integral(s.image, cpu_threads_);
          m.output_bytes = cv_integral.output_bytes();
          measure_cpu(
              s, m, [&] { cv_integral.run(); },
              [&](Result& x) { return check_host(x, cv_integral.table(), cv_integral.table_pitch()); });
        });
        break;
      }
      case Peer::CpuParallel:
        guarded(r, results, [&](Result& m) {
          if (skip_if_capped(m)) return;
          const sat::Problem p = first_plane(s.image.problem(s.scratch.data()));
          measure_cpu(
              // 0 unless --cpu-threads: cpu_parallel picks one thread or all cores by size, as
              // a user calling it with its default would get.
              s, m, [&] { sat::cpu_parallel_batch(p, batch, options_.cpu_threads); },
              [&](Result& x) { return check_host(x, s.scratch.data(), s.image.output_pitch); });
        });
        break;
      case Peer::CpuReference:
        guarded(r, results, [&](Result& m) {
          if (skip_if_capped(m)) return;
          // Its first run made the reference; the timed ones write to scratch.
          measure_cpu(
              s, m, [&] { reference_run(s.scratch.data()); }, nullptr, s.reference_ms);
        });
        break;
    }
  }
}

}  // namespace satbench
