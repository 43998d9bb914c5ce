#include "capture/requested_outputs.h"

#include <filesystem>
#include <set>
#include <stdexcept>
#include <utility>

#include "capture/frame_dump.h"
#include "common/files/output_checks.h"

namespace satlab {

satapp::files::InputFiles input_files(const AppOptions& o) {
  satapp::files::InputFiles inputs;
  for (const SourceFile& file : source_files(o.source).files) inputs.add(file.role, file.path);
  for (const auto& [option, file] : o.scene_files) inputs.add(option, file);
  for (const auto& filter_and_file : o.filter_image_files)
    inputs.add(filter_and_file.second.option, filter_and_file.second.path);
  return inputs;
}

const SourceFiles::Pattern* source_pattern_of(const std::string& path, const SourceFiles& sources) {
  for (const SourceFiles::Pattern& family : sources.patterns)
    if (family.pattern.matches(path)) return &family;
  return nullptr;
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
  const SourceFiles sources = source_files(o.source);
  std::set<std::filesystem::path> seen;
  for (const auto& [option, file] : outputs) {
    if (const SourceFiles::Pattern* family = source_pattern_of(file, sources))
      throw UsageError(std::string(option) + ": cannot write '" + file + "': it matches the " + family->role +
                       " pattern '" + family->pattern.text() +
                       "', whose files are never overwritten (choose another name)");
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
