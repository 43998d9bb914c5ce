#include "jobs.h"

#include <unistd.h>

#include <filesystem>
#include <optional>
#include <set>
#include <system_error>

#include "atomic_output.h"
#include "common/files/output_checks.h"
#include "failure.h"
#include "sequence_pattern.h"

namespace satfilter {
namespace {

namespace fs = std::filesystem;

bool is_folder(const std::string& path) {
  std::error_code ignored;
  return fs::is_directory(path, ignored);
}

// The files an output path stands for when checking it: itself, or a sequence's first numbers
// (outputs start at the input's first number or 1; the later frames are checked when placed).
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

// An input sequence's files as SequenceSource reads them: the first of numbers 0..4 that exists,
// and every number after it up to the first gap.
std::vector<std::string> frames_of(const SequencePattern& pattern) {
  long long first = 0;
  while (first < 5 && !exists(pattern.name(first))) ++first;
  std::vector<std::string> names;
  if (first < 5)
    for (long long i = first; exists(pattern.name(i)); ++i) names.push_back(pattern.name(i));
  return names;
}

// Checks `output` as satapp::files::check_output_path does, `option` naming it in the message.
// An output that is an input is a command line asking for the impossible: Failure(Usage).
void check_output(const std::string& option, const std::string& output, Overwrite overwrite,
                  const satapp::files::InputFiles& inputs) {
  try {
    satapp::files::check_output_path(output, overwrite == Overwrite::Replace, inputs);
  } catch (const satapp::files::OutputIsAnInput& e) {
    throw usage_error(option + ": " + e.what());
  }
}

// One spelling per format, so that --format jpeg agrees with "x.jpg".
std::string canonical_format(const std::string& extension) {
  if (extension == "jpeg" || extension == "jpe") return "jpg";
  if (extension == "tiff") return "tif";
  return extension;
}

// --format FORMAT on a named OUTPUT: its extension must say the same format; one without an
// extension is given FORMAT's.
std::string named_output_with_format(const std::string& output, const std::string& format) {
  if (format.empty() || output == "-") return output;
  const std::string extension = lower_extension(output);
  if (extension.empty()) return output + "." + format;
  if (canonical_format(extension) != canonical_format(format))
    throw usage_error("OUTPUT '" + output + "' is a ." + extension + " file but --format says " + format +
                      ": drop one of them or make them agree");
  return output;
}

// A batch's output for `name` (the input's file name): the same name, with FORMAT's extension
// under --format.
std::string folder_output_name(const std::string& name, const std::string& format) {
  if (format.empty()) return name;
  return fs::path(name).replace_extension(format).string();
}

}  // namespace

satapp::files::InputFiles input_files(const CommandLine& cl) {
  satapp::files::InputFiles inputs;
  for (const std::string& input : cl.inputs) {
    if (input == "-") {
      // A file redirected to stdin is read too (by its name; a pipe has none and is skipped).
      std::error_code error;
      const fs::path file = fs::read_symlink("/proc/self/fd/0", error);
      inputs.add("INPUT - (stdin)", error ? "/dev/stdin" : file.string());
    } else if (const std::optional<SequencePattern> pattern = SequencePattern::parse(input)) {
      for (const std::string& frame : frames_of(*pattern)) inputs.add("INPUT", frame);
    } else {
      inputs.add("INPUT", input);
    }
  }
  for (const satapp::cli::ImageFile& image : cl.filter_images) inputs.add(image.option, image.path);
  if (cl.detect) inputs.add("--detect cascade", cl.detect->cascade);
  return inputs;
}

std::vector<Job> plan_jobs(const CommandLine& cl) {
  const bool folder = cl.inputs.size() > 1 || (cl.output_option && (is_folder(cl.output) || cl.output.back() == '/'));
  if (!folder) return {Job{cl.inputs.front(), named_output_with_format(cl.output, cl.format)}};

  if (!is_folder(cl.output)) throw usage_error("output folder '" + cl.output + "' does not exist");
  std::vector<Job> jobs;
  std::set<std::string> outputs;
  for (const std::string& input : cl.inputs) {
    if (input == "-") throw usage_error("INPUT - (stdin) needs an OUTPUT file, not a folder");
    const std::string name = fs::path(input).filename().string();
    if (name.empty() || name == "." || name == "..")
      throw usage_error("INPUT '" + input + "' has no file name to give its output");
    const std::string output = (fs::path(cl.output) / folder_output_name(name, cl.format)).string();
    if (!outputs.insert(output).second)
      throw usage_error("two inputs named '" + name + "' would both write '" + output + "'");
    jobs.push_back(Job{input, output});
  }
  return jobs;
}

void check_output_is_safe(const Job& job, Overwrite overwrite, const satapp::files::InputFiles& inputs) {
  if (job.output == "-") {
    // An encoded image is binary: on a terminal it is garbage, and may leave the terminal in a
    // strange state.
    if (::isatty(STDOUT_FILENO) == 1)
      throw usage_error("OUTPUT - would write a binary image to the terminal; redirect stdout to a file or a pipe " +
                        std::string("(e.g. > out.png)"));
    return;
  }
  for (const std::string& output : files_of(job.output)) check_output("OUTPUT", output, overwrite, inputs);
}

void check_report_is_safe(const std::string& report, const std::vector<Job>& jobs, Overwrite overwrite,
                          const satapp::files::InputFiles& inputs) {
  if (report.empty() || report == "-") return;
  for (const Job& job : jobs)
    if (job.output != "-")
      for (const std::string& output : files_of(job.output))
        if (same_file(output, report))
          throw usage_error("--json '" + report + "' is also the OUTPUT '" + output + "' (choose another report file)");
  if (is_folder(report)) throw usage_error("--json '" + report + "' is a folder (give a file name)");
  check_output("--json", report, overwrite, inputs);
}

}  // namespace satfilter
