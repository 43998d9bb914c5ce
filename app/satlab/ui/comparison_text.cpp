#include "ui/comparison_text.h"

#include <cstdio>

namespace satlab {
namespace {

std::string fixed(double v, const char* format) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

}  // namespace

std::string cpu_threads_line(const BackendComparison& c) {
  const std::string hw = std::to_string(c.hardware_threads);
  std::string line = "CPU: " + hw + " hardware thread" + (c.hardware_threads == 1 ? "" : "s");
  if (!c.opencv.op.empty()) line += "; OpenCV on " + std::to_string(c.opencv.threads) + " threads";
  if (c.satcore_cpu_threads == 0)
    line += "; satcore CPU on all " + hw + " (automatic: one thread for small frames)";
  else
    line += "; satcore CPU on " + std::to_string(c.satcore_cpu_threads) + " threads";
  return line + "; medians of up to " + std::to_string(c.reps) + " runs";
}

std::string opencv_relation_line(const BackendComparison& c) {
  if (c.opencv.op.empty()) return "no comparable op (" + c.opencv.relation + ")";
  std::string line = c.opencv.op + ", " + c.opencv.relation;
  if (c.opencv_differing_pixels == 0)
    line += ": outputs identical to satcore's";
  else if (c.opencv_differing_pixels > 0) {
    line += ": outputs differ from satcore's in " + std::to_string(c.opencv_differing_pixels) + " pixels";
    if (c.opencv_max_difference > 0) line += ", by at most " + std::to_string(c.opencv_max_difference);
  }
  return line;
}

std::string speedup_line(const BackendComparison& c) {
  const double gpu = filter_ms(c.gpu), cpu = filter_ms(c.cpu);
  std::string line = "GPU filter " + fixed(gpu, "%.3f") + " ms: ";
  if (c.opencv.op.empty())
    line += "no OpenCV op to compare with";
  else
    line += fixed(speedup(c.opencv.ms, gpu), "%.1f") + "x OpenCV's " + c.opencv.op + " (" + fixed(c.opencv.ms, "%.3f") +
            " ms)";
  return line + ", " + fixed(speedup(cpu, gpu), "%.1f") + "x satcore CPU (" + fixed(cpu, "%.3f") + " ms)";
}

std::string cpu_speed_line(const BackendComparison& c) {
  const double cpu = filter_ms(c.cpu);
  std::string line = "satcore CPU filter " + fixed(cpu, "%.3f") + " ms";
  if (c.opencv.op.empty()) return line + ": no OpenCV op to compare with";
  return line + ", OpenCV's " + c.opencv.op + " " + fixed(c.opencv.ms, "%.3f") +
         " ms: " + fixed(speedup(c.opencv.ms, cpu), "%.1f") + "x OpenCV's speed";
}

bool comparison_failed(const BackendComparison& c) {
  if (c.cpu_only) return c.opencv.bit_exact && c.opencv_differing_pixels != 0;
  return c.differing_pixels != 0;
}

}  // namespace satlab
