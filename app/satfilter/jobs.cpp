#include "jobs.h"

#include <unistd.h>

#include <filesystem>
#include <optional>
#include <set>
#include <system_error>

#include "failure.h"
#include "rename_into_place.h"
#include "sequence_pattern.h"

namespace satfilter {
namespace {

namespace fs = std::filesystem;

bool is_folder(const std::string& path) {
  std::error_code ignored;
  return fs::is_directory(path, ignored);
}

// The files a path stands for when checking it: itself, or a sequence's first numbers (inputs
// start at 0..4, outputs at the input's first number or 1).
std::vector<std::string> files_of(const std::string& path) {
  const std::optional<SequencePattern> pattern = SequencePattern::parse(path);
  if (!pattern) return {path};
  std::vector<std::string> names;
  for (int i = 0; i < 5; ++i) names.push_back(pattern->name(i));
  return names;
}

bool exists(const std::string& path) {
  std::error_code ignored;
  return fs::exists(fs::symlink_status(path, ignored));
}

// Whether `a` and `b` name the same file: by identity when both exist, else by their absolute,
// normalized names (an output not yet written).
bool same_file(const std::string& a, const std::string& b) {
  std::error_code error;
  if (fs::equivalent(a, b, error)) return true;
  const fs::path abs_a = fs::weakly_canonical(fs::absolute(a, error), error);
  const fs::path abs_b = fs::weakly_canonical(fs::absolute(b, error), error);
  return !error && abs_a == abs_b;
}

}  // namespace

std::vector<Job> plan_jobs(const CommandLine& cl) {
  const bool folder = cl.inputs.size() > 1 || (cl.output_option && (is_folder(cl.output) || cl.output.back() == '/'));
  if (!folder) return {Job{cl.inputs.front(), cl.output}};

  if (!is_folder(cl.output)) throw usage_error("output folder '" + cl.output + "' does not exist");
  std::vector<Job> jobs;
  std::set<std::string> outputs;
  for (const std::string& input : cl.inputs) {
    if (input == "-") throw usage_error("INPUT - (stdin) needs an OUTPUT file, not a folder");
    const std::string name = fs::path(input).filename().string();
    if (name.empty() || name == "." || name == "..")
      throw usage_error("INPUT '" + input + "' has no file name to give its output");
    const std::string output = (fs::path(cl.output) / name).string();
    if (!outputs.insert(output).second)
      throw usage_error("two inputs named '" + name + "' would both write '" + output + "'");
    jobs.push_back(Job{input, output});
  }
  return jobs;
}

void check_output_is_safe(const Job& job, Overwrite overwrite) {
  if (job.output == "-") {
    // An encoded image is binary: on a terminal it is garbage, and may leave the terminal in a
    // strange state.
    if (::isatty(STDOUT_FILENO) == 1)
      throw usage_error("OUTPUT - would write a binary image to the terminal; redirect stdout to a file or a pipe " +
                        std::string("(e.g. > out.png)"));
    return;
  }
  const std::vector<std::string> inputs = job.input == "-" ? std::vector<std::string>{} : files_of(job.input);
  for (const std::string& output : files_of(job.output)) {
    if (!exists(output)) continue;
    for (const std::string& input : inputs) {
      std::error_code error;
      if (fs::equivalent(input, output, error))
        throw usage_error("OUTPUT '" + output + "' is the INPUT '" + input +
                          "' itself: satfilter never overwrites its input (choose another OUTPUT)");
    }
    if (overwrite == Overwrite::Refuse)
      throw output_exists(output);
  }
}

void check_report_is_safe(const std::string& report, const std::vector<Job>& jobs, Overwrite overwrite) {
  if (report.empty() || report == "-") return;
  for (const Job& job : jobs) {
    if (job.input != "-")
      for (const std::string& input : files_of(job.input))
        if (exists(input) && same_file(input, report))
          throw usage_error("--json '" + report + "' is the INPUT '" + input +
                            "' itself: satfilter never overwrites its input (choose another report file)");
    if (job.output != "-")
      for (const std::string& output : files_of(job.output))
        if (same_file(output, report))
          throw usage_error("--json '" + report + "' is also the OUTPUT '" + output + "' (choose another report file)");
  }
  if (is_folder(report)) throw usage_error("--json '" + report + "' is a folder (give a file name)");
  if (exists(report) && overwrite == Overwrite::Refuse) throw output_exists(report);
}

}  // namespace satfilter
