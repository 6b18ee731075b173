// The C API's plugin search directories (plugin_dirs.h).
#include "c/plugin_dirs.h"

#include "retro/host/plugin_loader.h"

namespace retro::c_api {

std::vector<std::string> CPluginSearchDirs(const std::string& first) {
  if (first.empty()) return LibraryPluginSearchDirs({});
  return LibraryPluginSearchDirs({first});
}

}  // namespace retro::c_api
