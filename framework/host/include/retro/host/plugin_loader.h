// Finding and loading game plugins (host side of the plugin boundary).
// Plugins are shared libraries named `retro_<game>.so`, searched in order in:
// the --plugin-dir directories, the RETRO_PLUGIN_PATH entries
// (colon-separated), the directory of the `retro` executable, and the
// installed plugin directory relative to it (`../lib/retro`, or
// `../lib/<multiarch>/retro` when installed with such a libdir).
#ifndef RETRO_HOST_PLUGIN_LOADER_H_
#define RETRO_HOST_PLUGIN_LOADER_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/game_module.h"

namespace retro {

// A loaded plugin: the library and the module it created. Destroys the
// module before unloading the library (the module's code lives there).
class LoadedPlugin {
 public:
  ~LoadedPlugin();
  LoadedPlugin(const LoadedPlugin&) = delete;
  LoadedPlugin& operator=(const LoadedPlugin&) = delete;

  GameModule& module() { return *module_; }
  const std::string& path() const { return path_; }

 private:
  friend absl::StatusOr<std::unique_ptr<LoadedPlugin>> LoadPlugin(const std::string& path);
  struct Library;
  LoadedPlugin() = default;
  std::string path_;
  std::unique_ptr<Library> library_;
  std::unique_ptr<GameModule> module_;
};

// The plugin search directories, in order (see the file comment).
std::vector<std::string> PluginSearchDirs(const std::vector<std::string>& plugin_dirs);

// The plugin search directories of a host that is not the `retro` program
// (the C API, the Python module), found from where the framework library
// itself lies, in order: `plugin_dirs`, the RETRO_PLUGIN_PATH entries, the
// folder `retro` beside libretro_framework.so (the installed
// <libdir>/retro) and the library's own folder (the build tree, where the
// plugins sit beside it).
std::vector<std::string> LibraryPluginSearchDirs(const std::vector<std::string>& plugin_dirs);

// Every file called retro_*.so in `dirs`; a name found in an earlier
// directory hides the same name in later ones.
std::vector<std::string> FindPluginFiles(const std::vector<std::string>& dirs);

// Loads the plugin at `path`, refusing (without running any of its code) a
// file that is not a shared library or exports no retro plugin symbols, and
// refusing a plugin built for another ABI version.
absl::StatusOr<std::unique_ptr<LoadedPlugin>> LoadPlugin(const std::string& path);

// Finds and loads the plugin of `game` (file retro_<game>.so) in `dirs`.
absl::StatusOr<std::unique_ptr<LoadedPlugin>> LoadGamePlugin(std::string_view game,
                                                             const std::vector<std::string>& dirs);

}  // namespace retro

#endif  // RETRO_HOST_PLUGIN_LOADER_H_
