// The application suites' table and JSON (suite_records.h).
#include <cstdio>
#include <map>
#include <ostream>
#include <string>
#include <tuple>

#include "report_json.h"
#include "suite_records.h"

namespace satbench {
namespace {

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

std::string size_text(sat::Extent e) { return std::to_string(e.width) + "x" + std::to_string(e.height); }

// A contender's cell: its median, or its status.
std::string cell(const SuiteRecord* r) {
  if (!r) return "-";
  if (r->status != Status::Ok) return to_string(r->status);
  return format("%.3f", r->stats.median_ms);
}

std::string ratio(const SuiteRecord* slow, const SuiteRecord* gpu) {
  if (!slow || !gpu || slow->status != Status::Ok || gpu->status != Status::Ok || gpu->stats.median_ms <= 0) return "-";
  return format("%.1fx", slow->stats.median_ms / gpu->stats.median_ms);
}

std::string pad(std::string s, std::size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}
std::string right(const std::string& s, std::size_t width) {
  return s.size() < width ? std::string(width - s.size(), ' ') + s : s;
}

}  // namespace

const char* to_string(Contender contender) {
  switch (contender) {
    case Contender::Gpu:
      return "gpu";
    case Contender::Cpu:
      return "cpu";
    case Contender::OpenCv:
      return "opencv";
  }
  return "?";
}

void print_suite_tables(std::ostream& out, const std::vector<SuiteRecord>& records) {
  // Rows in the order the cases were measured: (suite, case, size, channels).
  using Row = std::tuple<std::string, std::string, int, int, int>;
  std::vector<Row> order;
  std::map<Row, std::map<Contender, const SuiteRecord*>> cells;
  for (const SuiteRecord& r : records) {
    const Row row{r.suite, r.case_name, r.extent.width, r.extent.height, r.channels};
    if (!cells.count(row)) order.push_back(row);
    cells[row][r.contender] = &r;
  }
  std::string suite;
  std::vector<std::string> notes;
  for (const Row& row : order) {
    if (std::get<0>(row) != suite) {
      suite = std::get<0>(row);
      out << "\n" << suite << " (medians in ms; cpu = satcore's CPU backend, opencv = its twin on the CPU)\n";
      out << pad("case", 40) << pad("size", 11) << right("ch", 3) << right("gpu", 10) << right("cpu", 10)
          << right("opencv", 10) << right("cpu/gpu", 9) << right("ocv/gpu", 9) << "  opencv twin\n";
    }
    const auto& c = cells[row];
    const auto find = [&](Contender k) -> const SuiteRecord* {
      const auto it = c.find(k);
      return it == c.end() ? nullptr : it->second;
    };
    const SuiteRecord *gpu = find(Contender::Gpu), *cpu = find(Contender::Cpu), *ocv = find(Contender::OpenCv);
    out << pad(std::get<1>(row), 40) << pad(size_text({std::get<2>(row), std::get<3>(row)}), 11)
        << right(std::to_string(std::get<4>(row)), 3) << right(cell(gpu), 10) << right(cell(cpu), 10)
        << right(cell(ocv), 10) << right(ratio(cpu, gpu), 9) << right(ratio(ocv, gpu), 9) << "  "
        << (ocv ? ocv->method : "-") << '\n';
    if (gpu && gpu->status == Status::Ok && !gpu->stages_ms.empty()) {
      std::string stages = "  gpu stages:";
      for (const auto& [name, ms] : gpu->stages_ms) stages += std::string(" ") + name + " " + format("%.3f", ms);
      if (gpu->objects >= 0) stages += "; " + std::to_string(gpu->objects) + " objects";
      out << stages << '\n';
    }
    for (const SuiteRecord* r : {gpu, cpu, ocv})
      if (r && !r->note.empty())
        notes.push_back(r->case_name + " " + size_text(r->extent) + " " + std::to_string(r->channels) + " ch, " +
                        to_string(r->contender) + ": " + r->note);
  }
  for (const std::string& note : notes) out << "  note: " << note << '\n';
}

void write_suite_json(const std::string& path, const RunInfo& info, const std::vector<SuiteRecord>& records) {
  using Json = nlohmann::ordered_json;
  Json results = Json::array();
  for (const SuiteRecord& r : records) {
    Json stages = Json::object();
    for (const auto& [name, ms] : r.stages_ms) stages[name] = json_number(ms);
    const bool ok = r.status == Status::Ok;
    results.push_back({{"suite", r.suite},
                       {"case", r.case_name},
                       {"width", r.extent.width},
                       {"height", r.extent.height},
                       {"channels", r.channels},
                       {"contender", to_string(r.contender)},
                       {"method", r.method},
                       {"status", to_string(r.status)},
                       {"note", r.note},
                       {"reps", r.stats.reps},
                       {"median_ms", ok ? json_number(r.stats.median_ms) : Json(nullptr)},
                       {"min_ms", ok ? json_number(r.stats.min_ms) : Json(nullptr)},
                       {"max_ms", ok ? json_number(r.stats.max_ms) : Json(nullptr)},
                       {"mean_ms", ok ? json_number(r.stats.mean_ms) : Json(nullptr)},
                       {"stages_ms", stages},
                       {"max_diff_vs_cpu", r.max_diff >= 0 ? Json(r.max_diff) : Json(nullptr)},
                       {"objects", r.objects >= 0 ? Json(r.objects) : Json(nullptr)}});
  }
  Json report = run_json(info);
  report["results"] = std::move(results);
  write_json_file(path, report);
}

}  // namespace satbench
