// Implementation of plugin discovery and loading with Boost.DLL. This is the
// only translation unit that includes Boost.DLL (its headers are slow to
// compile).
#include "retro/host/plugin_loader.h"

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "boost/dll/library_info.hpp"
#include "boost/dll/shared_library.hpp"
#include "retro/host/atomic_file_writer.h"
#include "retro/host/game_description_check.h"
#include "retro/plugin.h"

namespace retro {

namespace fs = std::filesystem;

struct LoadedPlugin::Library {
  boost::dll::shared_library library;
};

LoadedPlugin::~LoadedPlugin() {
  module_.reset();   // its code and vtable live in the library
  library_.reset();  // unloads
}

namespace {

std::string ExecutableDir() {
  std::error_code error;
  const fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (error) return ".";
  return exe.parent_path().string();
}

// The folder of the framework library (the shared library holding this
// code), or "" when unknown.
std::string FrameworkLibraryDir() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&FrameworkLibraryDir), &info) == 0 ||
      info.dli_fname == nullptr) {
    return "";
  }
  std::error_code error;
  const fs::path library = fs::canonical(info.dli_fname, error);
  if (error) return fs::path(info.dli_fname).parent_path().string();
  return library.parent_path().string();
}

bool IsPluginFileName(const std::string& name) {
  return name.size() > 9 && name.starts_with("retro_") && name.ends_with(".so");
}

// `plugin_dirs`, then the entries of RETRO_PLUGIN_PATH (colon-separated).
std::vector<std::string> WithPluginPath(const std::vector<std::string>& plugin_dirs) {
  std::vector<std::string> dirs = plugin_dirs;
  if (const char* env = std::getenv("RETRO_PLUGIN_PATH"); env != nullptr) {
    for (absl::string_view part : absl::StrSplit(env, ':', absl::SkipEmpty())) {
      dirs.emplace_back(part);
    }
  }
  return dirs;
}

}  // namespace

std::vector<std::string> PluginSearchDirs(const std::vector<std::string>& plugin_dirs) {
  std::vector<std::string> dirs = WithPluginPath(plugin_dirs);
  const std::string exe_dir = ExecutableDir();
  dirs.push_back(exe_dir);
#ifdef RETRO_PLUGIN_DIR_FROM_BIN
  const fs::path installed = fs::path(exe_dir) / RETRO_PLUGIN_DIR_FROM_BIN;
#else
  const fs::path installed = fs::path(exe_dir) / ".." / "lib" / "retro";
#endif
  dirs.push_back(installed.lexically_normal().string());
  // The conventional layout too, when the configured one differs.
  const std::string conventional =
      (fs::path(exe_dir) / ".." / "lib" / "retro").lexically_normal().string();
  if (conventional != dirs.back()) dirs.push_back(conventional);
  return dirs;
}

std::vector<std::string> LibraryPluginSearchDirs(const std::vector<std::string>& plugin_dirs) {
  std::vector<std::string> dirs = WithPluginPath(plugin_dirs);
  if (const std::string library_dir = FrameworkLibraryDir(); !library_dir.empty()) {
    dirs.push_back((fs::path(library_dir) / "retro").string());
    dirs.push_back(library_dir);
  }
  return dirs;
}

std::vector<std::string> FindPluginFiles(const std::vector<std::string>& dirs) {
  std::vector<std::string> files;
  std::set<std::string> seen_names;
  for (const std::string& dir : dirs) {
    std::error_code error;
    std::vector<std::string> here;
    for (const auto& entry : fs::directory_iterator(dir, error)) {
      const std::string name = entry.path().filename().string();
      if (IsPluginFileName(name)) here.push_back(name);
    }
    std::sort(here.begin(), here.end());
    for (const std::string& name : here) {
      if (seen_names.insert(name).second) {
        files.push_back((fs::path(dir) / name).string());
      }
    }
  }
  return files;
}

absl::StatusOr<std::unique_ptr<LoadedPlugin>> LoadPlugin(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) {
    return absl::NotFoundError(absl::StrCat("plugin file not found: ", path));
  }
  if (!S_ISREG(st.st_mode)) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, " is ", FileTypeName(st.st_mode),
                     ", not a plugin file (a plugin is a shared library, retro_<game>.so)"));
  }
  // 1. Inspect the exports without loading (no code of the file runs).
  std::vector<std::string> exports;
  try {
    boost::dll::library_info info(fs::path(path).string());
    exports = info.symbols("boostdll");
  } catch (const std::exception&) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, " is not a retro plugin (not a shared library)"));
  }
  const auto exported = [&](const char* name) {
    return std::find(exports.begin(), exports.end(), name) != exports.end();
  };
  if (!exported("retro_plugin_abi") || !exported("retro_plugin_factory")) {
    return absl::InvalidArgumentError(
        absl::StrCat(path,
                     " is not a retro plugin (it exports no retro_plugin_abi / "
                     "retro_plugin_factory; plugins use RETRO_PLUGIN from retro/plugin.h)"));
  }
  // 2. Load, resolving every symbol now so a broken plugin fails here.
  auto library = std::make_unique<LoadedPlugin::Library>();
  try {
    library->library.load(boost::dll::fs::path(fs::absolute(path).string()),
                          boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
  } catch (const std::exception& e) {
    return absl::FailedPreconditionError(absl::StrCat("cannot load plugin ", path, ": ", e.what()));
  }
  // 3. The ABI version, before any other symbol is used.
  uint32_t abi = 0;
  try {
    abi = library->library.get_alias<const uint32_t>("retro_plugin_abi");
  } catch (const std::exception& e) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot read the ABI version of plugin ", path, ": ", e.what()));
  }
  if (abi != kPluginAbiVersion) {
    return absl::FailedPreconditionError(
        absl::StrCat("plugin ", path, " was built for plugin ABI version ", abi,
                     ", but this retro uses version ", kPluginAbiVersion,
                     "; rebuild the plugin against this retro"));
  }
  // 4. Create the module.
  std::unique_ptr<GameModule> module;
  try {
    auto& factory = library->library.get_alias<PluginFactory>("retro_plugin_factory");
    module = factory();
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat("plugin ", path, " failed to start: ", e.what()));
  }
  if (module == nullptr) {
    return absl::InternalError(absl::StrCat("plugin ", path, " returned no module"));
  }
  // 5. Check what it says of itself before the host reads options by it.
  if (absl::Status described = CheckGameDescription(module->Describe()); !described.ok()) {
    return absl::FailedPreconditionError(absl::StrCat("plugin ", path, " ", described.message()));
  }
  std::unique_ptr<LoadedPlugin> plugin(new LoadedPlugin());
  plugin->path_ = path;
  plugin->library_ = std::move(library);
  plugin->module_ = std::move(module);
  return plugin;
}

absl::StatusOr<std::unique_ptr<LoadedPlugin>> LoadGamePlugin(std::string_view game,
                                                             const std::vector<std::string>& dirs) {
  const bool valid_name = !game.empty() && std::all_of(game.begin(), game.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
  const std::string file_name = absl::StrCat("retro_", std::string(game), ".so");
  std::vector<std::string> installed;
  for (const std::string& file : FindPluginFiles(dirs)) {
    const std::string name = fs::path(file).filename().string();
    if (valid_name && name == file_name) {
      auto plugin = LoadPlugin(file);
      if (!plugin.ok()) return plugin.status();
      if ((*plugin)->module().Describe().name != game) {
        return absl::FailedPreconditionError(absl::StrCat("plugin ", file, " calls its game '",
                                                          (*plugin)->module().Describe().name,
                                                          "', not '", std::string(game), "'"));
      }
      return plugin;
    }
    installed.push_back(name.substr(6, name.size() - 9));
  }
  return absl::NotFoundError(
      absl::StrCat("unknown game '", std::string(game), "'; installed games: ",
                   installed.empty() ? std::string("none") : absl::StrJoin(installed, ", "),
                   " (searched ", absl::StrJoin(dirs, ":"), ")"));
}

}  // namespace retro
