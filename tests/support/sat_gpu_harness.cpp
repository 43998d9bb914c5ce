#include "sat_gpu_harness.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <tuple>

namespace sat::test {
namespace {

std::size_t round_up(std::size_t x, std::size_t m) { return (x + m - 1) / m * m; }

double watchdog_seconds() {
  static const double s = [] {
    if (const char* v = std::getenv("SATLAB_TEST_GPU_TIMEOUT_S"); v && *v) return std::atof(v);
    return 300.0;
  }();
  return s;
}

}  // namespace

std::string layout_name(Layout layout) {
  switch (layout) {
    case Layout::Packed:
      return "Packed";
    case Layout::Pitched:
      return "Pitched";
    case Layout::Pitch512:
      return "Pitch512";
    case Layout::Offset:
      return "Offset";
    case Layout::Pitch8:
      return "Pitch8";
  }
  return "Unknown";
}

PlaneLayout make_layout(ElementType type, Extent extent, Layout layout) {
  const std::size_t in_row = std::size_t(extent.width) * input_element_size(type);
  const std::size_t out_row = std::size_t(extent.width) * output_element_size(type);
  const std::size_t ia = input_alignment(type), oa = output_alignment(type);
  PlaneLayout p;
  switch (layout) {
    case Layout::Packed:
      p.in_pitch = in_row;
      p.out_pitch = out_row;
      break;
    case Layout::Pitched:
    case Layout::Offset:
      p.in_pitch = in_row + 7 * ia;
      p.out_pitch = out_row + 5 * oa;
      if (layout == Layout::Offset) {
        p.in_offset = ia;
        p.out_offset = oa;
      }
      break;
    case Layout::Pitch512:
      p.in_pitch = round_up(in_row + 1, 512);
      p.out_pitch = round_up(out_row + 1, 512);
      break;
    case Layout::Pitch8:
      p.in_pitch = round_up(in_row + 1, 16) + 8;
      p.out_pitch = round_up(out_row + 1, 512);
      break;
  }
  return p;
}

void sync_stream(cudaStream_t stream, const std::string& what) {
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    const cudaError_t status = cudaStreamQuery(stream);
    if (status == cudaSuccess) return;
    if (status != cudaErrorNotReady)
      throw std::runtime_error(what + ": " + cudaGetErrorName(status) + " (" + cudaGetErrorString(status) + ")");
    const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (waited > watchdog_seconds()) {
      std::fprintf(stderr,
                   "\nFATAL: GPU work did not finish within %.0f s (deadlock?): %s\n"
                   "(raise SATLAB_TEST_GPU_TIMEOUT_S for slow tools such as compute-sanitizer)\n",
                   watchdog_seconds(), what.c_str());
      std::fflush(stderr);
      std::abort();
    }
    std::this_thread::sleep_for(std::chrono::microseconds(waited < 0.01 ? 10 : 200));
  }
}

cudaStream_t test_stream() {
  static cudaStream_t stream = [] {
    cudaStream_t s = nullptr;
    cuda_check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
    return s;
  }();
  return stream;
}

DeviceProblem::DeviceProblem(const HostImage& image, Layout layout)
    : type_(image.type),
      extent_(image.extent),
      layout_(layout),
      planes_(make_layout(image.type, image.extent, layout)) {
  in_host_ = to_pitched(image, planes_.in_pitch, planes_.in_offset, kInputPadding);
  in_ = DeviceBuffer(in_host_.size());
  out_ = DeviceBuffer(planes_.out_offset + plane_bytes(extent_, planes_.out_pitch, output_element_size(type_)));
  cuda_check(cudaMemcpy(in_.get(), in_host_.data(), in_host_.size(), cudaMemcpyHostToDevice), "upload input");
  cuda_check(cudaMemset(out_.get(), kOutputPoison, out_.size()), "poison output");
  // Both calls may return before the device is done (pageable upload, device memset) and run on
  // the legacy stream, which the suite's non-blocking streams do not wait for.
  cuda_check(cudaStreamSynchronize(nullptr), "upload input");
}

Problem DeviceProblem::problem() const {
  Problem p;
  p.type = type_;
  p.extent = extent_;
  p.input = static_cast<const char*>(in_.get()) + planes_.in_offset;
  p.input_pitch = planes_.in_pitch;
  p.output = static_cast<char*>(out_.get()) + planes_.out_offset;
  p.output_pitch = planes_.out_pitch;
  return p;
}

void DeviceProblem::poison_output(cudaStream_t stream) const {
  cuda_check(cudaMemsetAsync(out_.get(), kOutputPoison, out_.size(), stream), "poison output");
}

std::vector<unsigned char> DeviceProblem::download_output() const {
  std::vector<unsigned char> host(out_.size());
  cuda_check(cudaMemcpy(host.data(), out_.get(), out_.size(), cudaMemcpyDeviceToHost), "download output");
  return host;
}

void DeviceProblem::download_output(unsigned char* host) const {
  cuda_check(cudaMemcpy(host, out_.get(), out_.size(), cudaMemcpyDeviceToHost), "download output");
}

unsigned char* PinnedBuffer::reserve(std::size_t bytes) {
  if (bytes > capacity_) {
    if (data_) cudaFreeHost(data_);
    data_ = nullptr;
    capacity_ = 0;
    const std::size_t grown = std::max(bytes, std::size_t(1) << 20);
    void* p = nullptr;
    cuda_check(cudaMallocHost(&p, grown), "cudaMallocHost");
    data_ = static_cast<unsigned char*>(p);
    capacity_ = grown;
  }
  return data_;
}

bool DeviceProblem::input_unchanged() const {
  thread_local PinnedBuffer buffer;
  unsigned char* now = buffer.reserve(in_host_.size());
  cuda_check(cudaMemcpy(now, in_.get(), in_host_.size(), cudaMemcpyDeviceToHost), "download input");
  return std::memcmp(now, in_host_.data(), in_host_.size()) == 0;
}

std::shared_ptr<const CachedInput> cached_input(ElementType type, Extent extent, Fill fill, bool keep) {
  using Key = std::tuple<int, int, int, int>;
  static std::mutex mutex;
  static std::map<Key, std::shared_ptr<const CachedInput>> cache;
  static int cached_type = -1;
  const Key key{int(type), extent.width, extent.height, int(fill)};
  if (keep) {
    std::lock_guard<std::mutex> lock(mutex);
    if (cached_type != int(type)) {
      cache.clear();
      cached_type = int(type);
    }
    if (auto it = cache.find(key); it != cache.end()) return it->second;
  }
  auto entry = std::make_shared<CachedInput>();
  entry->seed = mix_seed(master_seed(), std::uint64_t(type),
                         (std::uint64_t(extent.width) << 32) | std::uint64_t(extent.height), std::uint64_t(fill));
  entry->fill = fill;
  entry->image = random_input(type, extent, entry->seed, fill);
  entry->reference = reference_sat(entry->image);
  if (keep) {
    std::lock_guard<std::mutex> lock(mutex);
    cache[key] = entry;
  }
  return entry;
}

::testing::AssertionResult output_matches(const Reference& ref, const DeviceProblem& dp,
                                          const std::vector<unsigned char>& output) {
  if (output.size() != dp.output_bytes())
    return ::testing::AssertionFailure() << "download of " << output.size() << " bytes, expected " << dp.output_bytes();
  return output_matches(ref, dp, output.data());
}

::testing::AssertionResult output_matches(const Reference& ref, const DeviceProblem& dp, const unsigned char* output) {
  const PlaneLayout& pl = dp.planes();
  const std::string pad =
      check_padding(output, dp.output_bytes(), pl.out_offset, pl.out_pitch,
                    std::size_t(ref.extent.width) * output_element_size(ref.type), ref.extent.height, kOutputPoison);
  if (!pad.empty()) return ::testing::AssertionFailure() << "wrote outside the table: " << pad;
  const Comparison cmp = compare_output(ref, output + pl.out_offset, pl.out_pitch, kGpuFloatDepth);
  if (!cmp.ok) return ::testing::AssertionFailure() << cmp.message;
  auto ok = ::testing::AssertionSuccess();
  if (is_float(ref.type)) ok << "worst |error|/tolerance " << cmp.worst_ratio;
  return ok;
}

DeviceBuffer garbage_workspace(ElementType type, Extent extent, const Options& options) {
  DeviceBuffer ws(workspace_size(type, extent, options));
  if (ws.size() > 0) {
    cuda_check(cudaMemset(ws.get(), 0xC3, ws.size()), "fill workspace");
    cuda_check(cudaStreamSynchronize(nullptr), "fill workspace");
  }
  return ws;
}

std::string describe(const Options& options, ElementType type, Extent extent, Layout layout) {
  const PlaneLayout pl = make_layout(type, extent, layout);
  std::string tile = std::to_string(options.tile);
  if (!is_tiled(options.algorithm))
    tile = "n/a";
  else if (options.tile == 0)
    tile = "0 (default " + std::to_string(default_tile(options.algorithm, type)) + ")";
  return std::string("algorithm ") + to_string(options.algorithm) + ", tile " + tile + ", " + to_string(type) + ", " +
         std::to_string(extent.height) + "x" + std::to_string(extent.width) + " (h x w), layout " +
         layout_name(layout) + " (input pitch " + std::to_string(pl.in_pitch) + " offset " +
         std::to_string(pl.in_offset) + ", output pitch " + std::to_string(pl.out_pitch) + " offset " +
         std::to_string(pl.out_offset) + ")";
}

}  // namespace sat::test
