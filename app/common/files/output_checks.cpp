#include "common/files/output_checks.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "common/files/rename_into_place.h"

namespace satapp::files {
namespace {

[[noreturn]] void refuse(const std::string& path, const std::string& reason) {
  throw std::runtime_error("cannot write '" + path + "': " + reason);
}

std::string folder_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {
  }, sb{};
  if (::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0) return false;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

void InputFiles::add(const std::string& role, const std::string& path) {
  struct stat st {};
  if (path.empty() || ::stat(path.c_str(), &st) != 0) return;
  files_.push_back(File{role, path, st.st_dev, st.st_ino});
}

const InputFiles::File* InputFiles::find(const std::string& path) const {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return nullptr;
  for (const File& file : files_)
    if (file.device == st.st_dev && file.inode == st.st_ino) return &file;
  return nullptr;
}

OutputIsAnInput::OutputIsAnInput(const std::string& output, const InputFiles::File& input)
    : std::runtime_error("cannot write '" + output + "': it is the " + input.role + " '" + input.path +
                         "' itself, which is never overwritten (choose another name)") {}

void refuse_an_input(const std::string& path, const InputFiles& inputs) {
  if (const InputFiles::File* input = inputs.find(path)) throw OutputIsAnInput(path, *input);
}

void check_output_path(const std::string& path, bool overwrite, const InputFiles& inputs) {
  if (path.empty() || path.back() == '/') refuse(path, "it names a folder, not a file");
  refuse_an_input(path, inputs);
  struct stat st {};
  const bool exists = ::lstat(path.c_str(), &st) == 0;
  struct stat target {};
  if (exists && ::stat(path.c_str(), &target) == 0 && S_ISDIR(target.st_mode)) refuse(path, "it is a directory");
  const std::string folder = folder_of(path);
  struct stat folder_st {};
  if (::stat(folder.c_str(), &folder_st) != 0) refuse(path, "folder '" + folder + "': " + std::strerror(errno));
  if (!S_ISDIR(folder_st.st_mode)) refuse(path, "'" + folder + "' is not a folder");
  if (::access(folder.c_str(), W_OK) != 0) refuse(path, "folder '" + folder + "': " + std::strerror(errno));
  if (exists && !overwrite) throw output_exists(path);
}

}  // namespace satapp::files
