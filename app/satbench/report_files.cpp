// The CSV and JSON reports: every measurement, one record each.
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "report.h"

namespace satbench {
namespace {

std::string number(double value) {
  if (!std::isfinite(value)) return "";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.9g", value);
  return buffer;
}

std::string json_number(double value) { return std::isfinite(value) ? number(value) : "null"; }

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (const char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
          out += buffer;
        } else {
          out += ch;
        }
    }
  }
  return out + "\"";
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (const char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::ofstream open_for_writing(const std::string& path) {
  std::ofstream file(path, std::ios::out | std::ios::trunc);
  if (!file) throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
  return file;
}

void finish(std::ofstream& file, const std::string& path) {
  file.flush();
  if (!file) throw std::runtime_error("writing '" + path + "' failed");
}

// The fields of a result, in the CSV's column order and under the JSON's keys. Strings are quoted
// for the JSON by `text`, numbers formatted by `num`.
template <class Text, class Num>
std::vector<std::pair<const char*, std::string>> fields(const Result& r, Text text, Num num) {
  const bool ok = r.status == Status::Ok;
  return {
      {"suite", text(to_string(r.suite))},
      {"type", text(sat::to_string(r.type))},
      {"width", std::to_string(r.extent.width)},
      {"height", std::to_string(r.extent.height)},
      {"planes", std::to_string(r.planes)},
      {"method", text(r.method)},
      {"kind", text(to_string(r.kind))},
      {"tile", std::to_string(r.tile)},
      {"status", text(to_string(r.status))},
      {"median_ms", num(ok ? r.stats.median_ms : kNaN)},
      {"min_ms", num(ok ? r.stats.min_ms : kNaN)},
      {"max_ms", num(ok ? r.stats.max_ms : kNaN)},
      {"mean_ms", num(ok ? r.stats.mean_ms : kNaN)},
      {"reps", std::to_string(r.stats.reps)},
      {"first_ms", num(r.first_ms)},
      {"copy_ms", num(r.copy_ms)},
      {"overhead_pct", num(r.overhead_pct)},
      {"best", r.best ? "true" : "false"},
      {"workspace_bytes", std::to_string(r.workspace_bytes)},
      {"input_bytes", std::to_string(r.input_bytes)},
      {"output_bytes", std::to_string(r.output_bytes)},
      {"copy_bytes", std::to_string(r.copy_bytes)},
      {"buffer_sets", std::to_string(r.buffer_sets)},
      {"max_error", num(r.max_error)},
      {"note", text(r.note)},
  };
}

}  // namespace

void ensure_writable(const std::string& path) {
  // Asks without creating or truncating anything: an existing file must be writable, else its folder.
  if (access(path.c_str(), F_OK) == 0) {
    if (access(path.c_str(), W_OK) != 0)
      throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
    return;
  }
  const std::size_t slash = path.find_last_of('/');
  const std::string folder = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
  if (access(folder.c_str(), W_OK) != 0)
    throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
}

void write_csv(const std::string& path, const RunInfo& info, const std::vector<Result>& results) {
  std::ofstream file = open_for_writing(path);
  auto text = [](const std::string& s) { return csv_field(s); };
  const Result blank;
  file << "gpu,date";
  for (const auto& [key, value] : fields(blank, text, number)) file << ',' << key;
  file << '\n';
  for (const Result& r : results) {
    file << csv_field(info.device.name) << ',' << info.device.date_utc;
    for (const auto& [key, value] : fields(r, text, number)) file << ',' << value;
    file << '\n';
  }
  finish(file, path);
}

void write_json(const std::string& path, const RunInfo& info, const std::vector<Result>& results) {
  std::ofstream file = open_for_writing(path);
  const DeviceInfo& d = info.device;
  const BenchOptions& o = info.options;
  auto list = [](const auto& items, auto name) {
    std::string s = "[";
    for (const auto& item : items) s += (s.size() > 1 ? ", " : "") + name(item);
    return s + "]";
  };
  file << "{\n  \"satbench\": 1,\n  \"command\": " << json_string(info.command_line) << ",\n";
  file << "  \"device\": {\"index\": " << d.index << ", \"name\": " << json_string(d.name)
       << ", \"compute_capability\": " << json_string(std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor))
       << ", \"sm_count\": " << d.sm_count << ", \"memory_clock_mhz\": " << json_number(d.memory_clock_mhz)
       << ", \"bus_width_bits\": " << d.bus_width_bits
       << ", \"peak_bandwidth_gbs\": " << json_number(d.peak_bandwidth_gbs) << ", \"l2_bytes\": " << d.l2_bytes
       << ", \"global_memory_bytes\": " << d.global_memory_bytes
       << ", \"driver_version\": " << json_string(d.driver_version)
       << ", \"driver_release\": " << json_string(d.driver_release)
       << ", \"runtime_version\": " << json_string(d.runtime_version) << "},\n";
  file << "  \"host\": {\"name\": " << json_string(d.host_name) << ", \"hardware_threads\": " << d.host_threads
       << ", \"cpu_peer_threads\": " << info.cpu_threads << "},\n";
  file << "  \"date\": " << json_string(d.date_utc) << ",\n";
  file << "  \"peers\": {\"npp\": " << json_string(info.npp) << ", \"opencv\": " << json_string(info.opencv) << "},\n";
  file << "  \"settings\": {\"reps\": " << o.reps << ", \"min_reps\": " << o.min_reps
       << ", \"budget_ms\": " << json_number(o.budget_ms) << ", \"warmup\": " << o.warmup
       << ", \"cap_ms\": " << json_number(o.cap_ms) << ", \"hang_s\": " << json_number(o.hang_s)
       << ", \"rtol\": " << json_number(o.rtol) << ", \"rotate_bytes\": " << info.rotate_bytes
       << ", \"hybrid_r\": " << json_number(o.hybrid_r)
       << ", \"tiles\": " << list(o.tiles, [](int w) { return std::to_string(w); })
       << ", \"algorithms\": " << list(o.algorithms, [](sat::Algorithm a) { return json_string(sat::to_string(a)); })
       << ", \"peers\": " << list(o.peers, [](Peer p) { return json_string(to_string(p)); })
       << ", \"quick\": " << (o.quick ? "true" : "false") << "},\n";
  file << "  \"complete\": " << (info.complete ? "true" : "false")
       << ", \"aborted\": " << (info.aborted ? "true" : "false")
       << ", \"abort_reason\": " << (info.aborted ? json_string(info.abort_reason) : "null") << ",\n";
  file << "  \"results\": [";
  const char* separator = "\n";
  for (const Result& r : results) {
    file << separator << "    {";
    const char* comma = "";
    for (const auto& [key, value] : fields(r, json_string, json_number)) {
      file << comma << '"' << key << "\": " << value;
      comma = ", ";
    }
    file << '}';
    separator = ",\n";
  }
  file << "\n  ]\n}\n";
  finish(file, path);
}

}  // namespace satbench
