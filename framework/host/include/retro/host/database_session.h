// Opening a database file together with the plugin of the game that made
// it: what `retro probe`, `retro stats`, `retro verify` and the C API
// (retro/c/retro.h) share.
#ifndef RETRO_HOST_DATABASE_SESSION_H_
#define RETRO_HOST_DATABASE_SESSION_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/database.h"
#include "retro/game_module.h"
#include "retro/host/plugin_loader.h"

namespace retro {

// A database file, the plugin that reads it, and the plugin's view of it,
// destroyed in the safe order (view, then plugin, then file).
struct DatabaseSession {
  std::unique_ptr<DatabaseFile> file;
  std::unique_ptr<LoadedPlugin> plugin;
  std::unique_ptr<OpenDatabase> database;
  ~DatabaseSession() {
    database.reset();
    plugin.reset();
  }
};

// Opens `path` (the container header), finds its game's plugin in exactly
// the directories `search_dirs` (in order), checks that the plugin reads
// this database (ABI and data version), lets the plugin open it (checking
// its layout), and then verifies every slice checksum.
absl::StatusOr<std::unique_ptr<DatabaseSession>> OpenDatabaseSessionIn(
    const std::string& path, const std::vector<std::string>& search_dirs);

// OpenDatabaseSessionIn with `retro`'s search order: `plugin_dirs` first,
// then PluginSearchDirs' (retro/host/plugin_loader.h).
absl::StatusOr<std::unique_ptr<DatabaseSession>> OpenDatabaseSession(
    const std::string& path, const std::vector<std::string>& plugin_dirs);

}  // namespace retro

#endif  // RETRO_HOST_DATABASE_SESSION_H_
