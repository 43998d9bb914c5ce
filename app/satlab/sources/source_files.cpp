#include "sources/source_files.h"

#include <fnmatch.h>
#include <sys/stat.h>

#include <filesystem>
#include <regex>
#include <system_error>

#if SATAPP_HAVE_GST
#include "sources/gst_pipeline_files.h"
#endif

namespace satlab {

namespace {

bool same_directory(const std::string& a, const std::string& b) {
  struct stat sa {
  }, sb{};
  return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && S_ISDIR(sa.st_mode) && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

std::string folder_of(const std::filesystem::path& path) {
  const std::filesystem::path folder = path.parent_path();
  return folder.empty() ? "." : folder.string();
}

// A printf conversion (as multifilesrc expands its location with the frame index) as a regular
// expression of what it can print; literal text escaped.
std::string printf_regex(const std::string& pattern) {
  std::string re;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c != '%') {
      if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos) re += '\\';
      re += c;
      continue;
    }
    if (i + 1 < pattern.size() && pattern[i + 1] == '%') {
      re += '%';
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    while (j < pattern.size() && std::string_view("-+ #0123456789.hlLqjzt").find(pattern[j]) != std::string_view::npos)
      ++j;
    const char conversion = j < pattern.size() ? pattern[j] : '\0';
    switch (conversion) {
      case 'd':
      case 'i':
        re += "\\s*[-+]?[0-9]+";
        break;
      case 'u':
        re += "\\s*[0-9]+";
        break;
      case 'x':
      case 'X':
        re += "\\s*[0-9a-fA-F]+";
        break;
      case 'o':
        re += "\\s*[0-7]+";
        break;
      default:
        re += ".*";
        break;  // anything else GStreamer would print: any text
    }
    i = j;
  }
  return re;
}

}  // namespace

FileNamePattern::FileNamePattern(std::string pattern, Syntax syntax) : text_(std::move(pattern)), syntax_(syntax) {
  const std::filesystem::path path(text_);
  folder_ = folder_of(path);
  name_ = path.filename().string();
  if (syntax_ == Syntax::Printf) regex_ = std::regex(printf_regex(name_));
}

bool FileNamePattern::name_matches(const std::string& name) const {
  if (syntax_ == Syntax::Glob) return ::fnmatch(name_.c_str(), name.c_str(), 0) == 0;
  return std::regex_match(name, regex_);
}

bool FileNamePattern::matches(const std::string& path) const {
  // The path, then what each symbolic link along it points to (a link to a file the pattern
  // would read next need not resolve yet); a bounded chain.
  std::filesystem::path name(path);
  for (int hop = 0; hop < 40; ++hop) {
    if (same_directory(folder_of(name), folder_) && name_matches(name.filename().string())) return true;
    std::error_code ec;
    if (!std::filesystem::is_symlink(name, ec)) return false;
    const std::filesystem::path target = std::filesystem::read_symlink(name, ec);
    if (ec) return false;
    name = target.is_absolute() ? target : name.parent_path() / target;
  }
  return false;
}

std::vector<std::string> FileNamePattern::existing() const {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder_, ec))
    if (name_matches(entry.path().filename().string())) files.push_back(entry.path().string());
  return files;
}

SourceFiles source_files(const SourceSpec& spec) {
  SourceFiles files;
  if (spec.kind == SourceSpec::Kind::File || spec.kind == SourceSpec::Kind::RawVideo)
    files.files.push_back({"--source", spec.path});
#if SATAPP_HAVE_GST
  if (spec.kind == SourceSpec::Kind::Gst) {
    for (const PipelineFile& file : gst_pipeline_files(spec.pipeline)) {
      const std::string role = "--source pipeline's " + file.element;
      if (file.kind == PipelineFile::Kind::File) {
        files.files.push_back({role, file.path});
        continue;
      }
      FileNamePattern pattern(file.path, file.kind == PipelineFile::Kind::PrintfPattern
                                             ? FileNamePattern::Syntax::Printf
                                             : FileNamePattern::Syntax::Glob);
      for (std::string& member : pattern.existing()) files.files.push_back({role, std::move(member)});
      files.patterns.push_back({role, std::move(pattern)});
    }
  }
#endif
  return files;
}

}  // namespace satlab
