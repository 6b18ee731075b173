// Opening a database file together with the plugin of the game that made
// it: what `retro probe`, `retro stats`, `retro verify` and the C API
// (retro/c/retro.h) share.
#ifndef RETRO_HOST_DATABASE_SESSION_H_
#define RETRO_HOST_DATABASE_SESSION_H_

#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/database.h"
#include "retro/game_module.h"
#include "retro/host/plugin_loader.h"
#include "retro/host/value_probe_cache.h"
#include "retro/host/mapping_fault_guard.h"

namespace retro {

// A database file, the plugin that reads it, the plugin's view of it and
// the value probes prepared on it, destroyed in the safe order (probes,
// view, plugin, file).
struct DatabaseSession {
  std::unique_ptr<DatabaseFile> file;
  std::unique_ptr<LoadedPlugin> plugin;
  std::unique_ptr<OpenDatabase> database;
  std::unique_ptr<ValueProbeCache> value_probes = std::make_unique<ValueProbeCache>();
  ~DatabaseSession() {
    value_probes.reset();
    database.reset();
    plugin.reset();
  }

  // Runs `read`, a call of the plugin that reads the database (Probe,
  // Stats, Verify, Values, ...) returning an absl::StatusOr, so that a file
  // truncated under its mapping is its error, CheckIntact()'s: before the
  // call (nothing more is read from such a file), or after it, whatever the
  // call did (abandoned at the faulting read, failed in a thread pool's
  // worker, or returned something read from zeros). Other exceptions pass.
  //   Thread safety: as the call's. Cost: none for a file read into
  //   memory (nothing can fault); else two atomic loads and a sigsetjmp.
  template <typename Fn>
  auto Read(Fn&& read) const -> decltype(read()) {
    if (file->read_into_memory()) return read();
    if (absl::Status intact = file->CheckIntact(); !intact.ok()) return intact;
    std::optional<decltype(read())> result;
    std::exception_ptr failure;
    internal::RunWithFaultEscape([&] {
      try {
        result.emplace(read());
      } catch (...) {
        failure = std::current_exception();
      }
    });
    if (absl::Status intact = file->CheckIntact(); !intact.ok()) return intact;
    if (failure) std::rethrow_exception(failure);
    if (!result.has_value()) return absl::InternalError("a read of the database was abandoned");
    return *std::move(result);
  }

  // Read() of the plugin's probe of `position` (OpenDatabase::Probe).
  absl::StatusOr<Report> Probe(const std::string& position, const ParameterValues& options) const;
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
