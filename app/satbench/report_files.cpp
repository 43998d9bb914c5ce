// The CSV and JSON reports: every measurement, one record each.
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "report.h"
#include "report_json.h"

namespace satbench {
namespace {

std::string number(double value) {
  if (!std::isfinite(value)) return "";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.9g", value);
  return buffer;
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

// The fields of a result, in the CSV's column order and under the JSON's keys. A double that is
// not finite is an empty CSV cell and a JSON null.
using Field = std::variant<std::string, double, long long, bool>;

std::vector<std::pair<const char*, Field>> fields(const Result& r) {
  const bool ok = r.status == Status::Ok;
  auto count = [](std::size_t n) { return static_cast<long long>(n); };
  return {
      {"suite", std::string(to_string(r.suite))},
      {"type", std::string(sat::to_string(r.type))},
      {"width", (long long)r.extent.width},
      {"height", (long long)r.extent.height},
      {"planes", (long long)r.planes},
      {"method", r.method},
      {"kind", std::string(to_string(r.kind))},
      {"tile", (long long)r.tile},
      {"status", std::string(to_string(r.status))},
      {"median_ms", ok ? r.stats.median_ms : kNaN},
      {"min_ms", ok ? r.stats.min_ms : kNaN},
      {"max_ms", ok ? r.stats.max_ms : kNaN},
      {"mean_ms", ok ? r.stats.mean_ms : kNaN},
      {"reps", (long long)r.stats.reps},
      {"first_ms", r.first_ms},
      {"copy_ms", r.copy_ms},
      {"overhead_pct", r.overhead_pct},
      {"best", r.best},
      {"workspace_bytes", count(r.workspace_bytes)},
      {"input_bytes", count(r.input_bytes)},
      {"output_bytes", count(r.output_bytes)},
      {"copy_bytes", count(r.copy_bytes)},
      {"buffer_sets", (long long)r.buffer_sets},
      {"max_error", r.max_error},
      {"note", r.note},
  };
}

std::string csv_value(const Field& f) {
  return std::visit(
      [](const auto& v) -> std::string {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, std::string>)
          return csv_field(v);
        else if constexpr (std::is_same_v<V, double>)
          return number(v);
        else if constexpr (std::is_same_v<V, bool>)
          return v ? "true" : "false";
        else
          return std::to_string(v);
      },
      f);
}

nlohmann::ordered_json json_value(const Field& f) {
  return std::visit(
      [](const auto& v) -> nlohmann::ordered_json {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, double>) {
          if (!std::isfinite(v)) return nullptr;
        }
        return v;
      },
      f);
}

// A double for the JSON: null when not finite.
nlohmann::ordered_json finite(double v) { return json_value(Field{v}); }

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
  const Result blank;
  file << "gpu,date";
  for (const auto& [key, value] : fields(blank)) file << ',' << key;
  file << '\n';
  for (const Result& r : results) {
    file << csv_field(info.device.name) << ',' << info.device.date_utc;
    for (const auto& [key, value] : fields(r)) file << ',' << csv_value(value);
    file << '\n';
  }
  finish(file, path);
}

nlohmann::ordered_json run_json(const RunInfo& info) {
  using Json = nlohmann::ordered_json;  // keys in the order written, as readers of older files saw them
  const DeviceInfo& d = info.device;
  const BenchOptions& o = info.options;
  Json algorithms = Json::array(), peers = Json::array();
  for (sat::Algorithm a : o.algorithms) algorithms.push_back(sat::to_string(a));
  for (Peer p : o.peers) peers.push_back(to_string(p));
  return {
      {"satbench", 1},
      {"command", info.command_line},
      {"device",
       {{"index", d.index},
        {"name", d.name},
        {"compute_capability", std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor)},
        {"sm_count", d.sm_count},
        {"memory_clock_mhz", finite(d.memory_clock_mhz)},
        {"bus_width_bits", d.bus_width_bits},
        {"peak_bandwidth_gbs", finite(d.peak_bandwidth_gbs)},
        {"l2_bytes", d.l2_bytes},
        {"global_memory_bytes", d.global_memory_bytes},
        {"driver_version", d.driver_version},
        {"driver_release", d.driver_release},
        {"runtime_version", d.runtime_version}}},
      {"no_gpu_reason", info.no_gpu_reason.empty() ? Json(nullptr) : Json(info.no_gpu_reason)},
      {"host", {{"name", d.host_name}, {"hardware_threads", d.host_threads}, {"cpu_peer_threads", info.cpu_threads}}},
      {"date", d.date_utc},
      {"peers", {{"npp", info.npp}, {"cub", info.cub}, {"opencv", info.opencv}}},
      {"settings",
       {{"reps", o.reps},
        {"min_reps", o.min_reps},
        {"budget_ms", finite(o.budget_ms)},
        {"warmup", o.warmup},
        {"cap_ms", finite(o.cap_ms)},
        {"hang_s", finite(o.hang_s)},
        {"rtol", finite(o.rtol)},
        {"rotate_bytes", info.rotate_bytes},
        {"hybrid_r", finite(o.hybrid_r)},
        {"tiles", o.tiles},
        {"algorithms", algorithms},
        {"peers", peers},
        {"quick", o.quick}}},
      {"complete", info.complete},
      {"aborted", info.aborted},
      {"abort_reason", info.aborted ? Json(info.abort_reason) : Json(nullptr)},
  };
}

void write_json_file(const std::string& path, const nlohmann::ordered_json& report) {
  std::ofstream file = open_for_writing(path);
  file << report.dump(1) << '\n';
  finish(file, path);
}

void write_json(const std::string& path, const RunInfo& info, const std::vector<Result>& results) {
  using Json = nlohmann::ordered_json;
  Json records = Json::array();
  for (const Result& r : results) {
    Json record = Json::object();
    for (const auto& [key, value] : fields(r)) record[key] = json_value(value);
    records.push_back(std::move(record));
  }
  Json report = run_json(info);
  report["results"] = std::move(records);
  write_json_file(path, report);
}

nlohmann::ordered_json json_number(double value) { return finite(value); }

}  // namespace satbench
