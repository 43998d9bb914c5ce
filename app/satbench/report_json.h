// The JSON report's shared parts, for the suites that write their own records (suite_report.cpp):
// the run (command, device, host, date, peers, settings, completeness) and the file's writing.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "report.h"

namespace satbench {

// Every key of satbench's JSON report but "results", in the order written.
nlohmann::ordered_json run_json(const RunInfo& info);
// Writes `report` to `path` (indented); throws std::runtime_error naming the file when it cannot.
void write_json_file(const std::string& path, const nlohmann::ordered_json& report);
// A double for the JSON: null when not finite.
nlohmann::ordered_json json_number(double value);

}  // namespace satbench
