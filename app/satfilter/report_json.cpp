#include "report_json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <string>

#include "atomic_output.h"
#include "stdio_image.h"

namespace satfilter {
namespace {

// --detect: {"objects": 3, "frames": [[{"x": 10, "y": 20, "w": 40, "h": 40}, ...], ...]}.
nlohmann::json detections_json(const std::vector<std::vector<sat::Box>>& frames) {
  nlohmann::json list = nlohmann::json::array();
  std::size_t objects = 0;
  for (const std::vector<sat::Box>& boxes : frames) {
    nlohmann::json frame = nlohmann::json::array();
    for (const sat::Box& b : boxes) frame.push_back({{"x", b.x}, {"y", b.y}, {"w", b.width}, {"h", b.height}});
    list.push_back(std::move(frame));
    objects += boxes.size();
  }
  return {{"objects", objects}, {"frames", std::move(list)}};
}

nlohmann::json run_json(const RunReport& r) {
  const StageTotals& t = r.totals;
  // The stages the text report lists, by their names in lower case ("sat"), and the engine's calls.
  nlohmann::json stages = {{"compute", t.compute_ms}};
  for (int i = 0; i < t.stages.size(); ++i) {
    if (!reports_stage(r, static_cast<RunStage>(i))) continue;
    std::string key = t.stages[i].name;
    std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return std::tolower(c); });
    stages[key] = t.stages[i].ms;
  }
  const double pixels = double(r.width) * double(r.height) * double(r.frames);
  nlohmann::json run = {
      {"input", r.input},
      {"decoder", r.decoder},
      {"output", r.output},
      {"kind", r.video ? "video" : "image"},
      {"width", r.width},
      {"height", r.height},
      {"input_channels", r.input_channels},
      {"output_channels", r.output_channels},
      {"frames", r.frames},
      {"filter", r.filter},
      {"backend", r.gpu ? "cuda" : "cpu"},
      {"setup_ms", r.setup_ms},
      {"wall_ms", r.wall_ms},
      {"stages_ms", stages},
      {"clocks", r.gpu ? "GPU stages: CUDA events; decode/encode: steady_clock" : "steady_clock"},
  };
  if (r.gpu) {
    run["algorithm"] = r.algorithm;
    run["frames_in_flight"] = r.frames_in_flight;
  }
  nlohmann::json throughput = nlohmann::json::object();
  if (r.wall_ms > 0) {
    throughput["frames_per_s"] = double(r.frames) * 1e3 / r.wall_ms;
    throughput["mpixel_per_s"] = pixels / (r.wall_ms * 1e3);
  }
  if (t.compute_ms > 0) throughput["engine_mpixel_per_s"] = pixels / (t.compute_ms * 1e3);
  run["throughput"] = throughput;
  if (r.detect) run["detections"] = detections_json(r.detections);
  return run;
}

}  // namespace

std::string report_json(const std::vector<RunReport>& runs, const std::vector<FailedRun>& failures,
                        const std::string& version) {
  nlohmann::json doc = {{"program", "satfilter"},
                        {"version", version},
                        {"runs", nlohmann::json::array()},
                        {"failures", nlohmann::json::array()}};
  for (const RunReport& r : runs) doc["runs"].push_back(run_json(r));
  for (const FailedRun& f : failures)
    doc["failures"].push_back({{"input", f.input}, {"output", f.output}, {"error", f.error}});
  return doc.dump(2) + "\n";
}

void write_report_json(const std::string& path, const std::vector<RunReport>& runs,
                       const std::vector<FailedRun>& failures, const std::string& version, bool overwrite,
                       satapp::files::OutputBatch& outputs) {
  const std::string text = report_json(runs, failures, version);
  if (path == "-") {
    outputs.add(pending_stdout(std::vector<uchar>(text.begin(), text.end()), "the JSON report"));
    return;
  }
  // An output like the others: complete or absent, and an existing file only replaced with -y.
  auto output = std::make_unique<AtomicOutput>(path, overwrite);
  output->write_all(text.data(), text.size());
  outputs.add(std::move(output));
}

}  // namespace satfilter
