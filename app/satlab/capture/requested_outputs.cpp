#include "capture/requested_outputs.h"

#include <filesystem>
#include <set>
#include <stdexcept>
#include <utility>

#include "capture/frame_dump.h"
#include "common/files/output_checks.h"

namespace satlab {

std::vector<std::string> source_files(const SourceSpec& spec) {
  if (spec.kind == SourceSpec::Kind::File || spec.kind == SourceSpec::Kind::RawVideo) return {spec.path};
  return {};
}

satapp::files::InputFiles input_files(const AppOptions& o) {
  satapp::files::InputFiles inputs;
  for (const std::string& file : source_files(o.source)) inputs.add("--source", file);
  for (const auto& [option, file] : o.scene_files) inputs.add(option, file);
  for (const auto& filter_and_file : o.filter_image_files)
    inputs.add(filter_and_file.second.option, filter_and_file.second.path);
  return inputs;
}

void check_requested_outputs(const AppOptions& o) {
  std::vector<std::pair<const char*, std::string>> outputs;  // option, file
  if (!o.screenshot.empty()) outputs.emplace_back("--screenshot", o.screenshot);
  if (!o.record.empty()) outputs.emplace_back("--record", o.record);
  if (!o.dump_frame.empty())
    for (const std::string& file : frame_dump_paths(o.dump_frame)) outputs.emplace_back("--dump-frame", file);
  if (!o.record.empty() && !SATLAB_MEDIA_IO)
    throw std::runtime_error("--record: cannot record to '" + o.record +
                             "': this satlab was built without video I/O (SATLAB_MEDIA_IO=OFF)");
  const satapp::files::InputFiles inputs = input_files(o);
  std::set<std::filesystem::path> seen;
  for (const auto& [option, file] : outputs) {
    try {
      satapp::files::check_output_path(file, o.overwrite, inputs);
    } catch (const satapp::files::OutputIsAnInput& e) {
      throw UsageError(std::string(option) + ": " + e.what());
    } catch (const std::exception& e) {
      throw std::runtime_error(std::string(option) + ": " + e.what());
    }
    const std::filesystem::path normal = std::filesystem::absolute(file).lexically_normal();
    if (!seen.insert(normal).second)
      throw std::runtime_error(std::string(option) + ": '" + file + "' is also another output of this run");
  }
}

}  // namespace satlab
