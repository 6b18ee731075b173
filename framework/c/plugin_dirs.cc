// The C API's plugin search directories (plugin_dirs.h).
#include "c/plugin_dirs.h"

#include <dlfcn.h>

#include <filesystem>

#include "retro/plugin_loader.h"

namespace retro::c_api {
namespace {

// The folder of the shared library holding this code, or "" when unknown.
std::string LibraryDir() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&LibraryDir), &info) == 0 || info.dli_fname == nullptr) {
    return "";
  }
  std::error_code error;
  const std::filesystem::path library =
      std::filesystem::canonical(info.dli_fname, error);
  if (error) return std::filesystem::path(info.dli_fname).parent_path().string();
  return library.parent_path().string();
}

}  // namespace

std::vector<std::string> CPluginSearchDirs(const std::string& first) {
  std::vector<std::string> dirs;
  if (!first.empty()) dirs.push_back(first);
  for (std::string& dir : PluginPathDirs()) dirs.push_back(std::move(dir));
  if (const std::string library_dir = LibraryDir(); !library_dir.empty()) {
    dirs.push_back((std::filesystem::path(library_dir) / "retro").string());
    dirs.push_back(library_dir);
  }
  return dirs;
}

}  // namespace retro::c_api
