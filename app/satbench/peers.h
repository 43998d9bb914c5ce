// The other implementations in the table: NPP's integral on the GPU and OpenCV's on the CPU.
// (satcore's own CPU paths, sat::cpu_parallel and sat::cpu_reference, need no wrapper.)
// Both are optional at build time: SATBENCH_HAVE_NPP, SATBENCH_HAVE_OPENCV. This header compiles
// either way and names neither library's types.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <memory>
#include <string>

#include "host_image.h"
#include "sat/sat.h"

namespace satbench {

// nppiIntegral_8u32s_C1R_Ctx: u8 -> s32 with a zero first row and column, i.e. a (W+1) x (H+1)
// table whose rows 1.., columns 1.. are the SAT (wrapping like u32). Linked when the toolkit has
// NPP at configure time; otherwise looked up at run time in libnppist.so.13 (with a copy of NPP's
// ABI: NppStreamContext and the function's signature), so that a binary built without NPP still
// measures it where the library is installed.
class NppIntegral {
 public:
  NppIntegral();
  ~NppIntegral();
  NppIntegral(const NppIntegral&) = delete;
  NppIntegral& operator=(const NppIntegral&) = delete;

  bool available() const;
  // One line for the header, e.g. "NPP 13.0.1 (linked)" or "NPP: not built".
  const std::string& description() const;
  static bool supports(sat::ElementType type) { return type == sat::ElementType::U8ToU32; }

  // Enqueues the integral of `input` (pitch input_step bytes) into `table` ((W+1) x (H+1) int32,
  // pitch table_step bytes) on `stream`. Throws std::runtime_error on an NPP error status.
  void run(const void* input, int input_step, void* table, int table_step, sat::Extent extent,
           cudaStream_t stream) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// cv::integral on the host: 8UC1 -> 32S, 8UC4 -> 32SC4, 32F -> 32F, 16UC1 -> 64F (for u16 -> u32
// and u16 -> u64), output (H+1) x (W+1) with a zero first row and column. Runs with
// cv::setNumThreads(threads).
class OpenCvIntegral {
 public:
  static bool built();
  // One line for the header, e.g. "OpenCV 4.6.0 cv::integral, 16 threads" or "OpenCV: not built".
  static std::string description(int threads);
  static bool supports(sat::ElementType type);

  // Wraps image's input (no copy) and allocates the output. Only when built() and supports().
  OpenCvIntegral(const HostImage& image, int threads);
  ~OpenCvIntegral();
  OpenCvIntegral(const OpenCvIntegral&) = delete;
  OpenCvIntegral& operator=(const OpenCvIntegral&) = delete;

  void run();  // one cv::integral; throws std::runtime_error (cv::Exception's text)
  // The W x H table inside the output (row 1, column 1) and its pitch in bytes, for the check;
  // for 16-bit input a copy of it in satcore's integers (converted from the doubles on first ask
  // after a run, outside the timing).
  const void* table() const;
  std::size_t table_pitch() const;
  std::size_t output_bytes() const;  // of the whole (H+1) x (W+1) output

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace satbench
