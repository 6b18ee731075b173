// Where the C API looks for game plugins: relative to the library itself,
// since the program that loads it may live anywhere.
#ifndef RETRO_FRAMEWORK_C_PLUGIN_DIRS_H_
#define RETRO_FRAMEWORK_C_PLUGIN_DIRS_H_

#include <string>
#include <vector>

namespace retro::c_api {

// In order: `first` (when not empty), the RETRO_PLUGIN_PATH entries, the
// folder `retro` beside the libraries (the installed <libdir>/retro) and the
// libraries' own folder (the build tree, where plugins sit beside them):
// LibraryPluginSearchDirs (retro/host/plugin_loader.h), since libretro_c.so and
// libretro_framework.so lie in one folder.
std::vector<std::string> CPluginSearchDirs(const std::string& first);

}  // namespace retro::c_api

#endif  // RETRO_FRAMEWORK_C_PLUGIN_DIRS_H_
