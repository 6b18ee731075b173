// Opening a database with its game's plugin (retro/host/database_session.h).
#include "retro/host/database_session.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "retro/plugin.h"
#include "retro/status_macros.h"

namespace retro {

absl::StatusOr<std::unique_ptr<DatabaseSession>> OpenDatabaseSessionIn(
    const std::string& path, const std::vector<std::string>& search_dirs) {
  auto session = std::make_unique<DatabaseSession>();
  // The container's header first; the slice checksums only after the
  // plugin has checked the layout against the header's parameters, so that
  // a file claiming huge slices is refused before gigabytes are read.
  RETRO_ASSIGN_OR_RETURN(session->file, DatabaseFile::Open(path, /*verify_slices=*/false));
  const DatabaseIdentity& identity = session->file->identity();
  auto plugin = LoadGamePlugin(identity.game, search_dirs);
  if (!plugin.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat(path, " was made by game '", identity.game,
                     "', whose plugin cannot be loaded: ", plugin.status().message()));
  }
  session->plugin = std::move(*plugin);
  const GameDescription& game = session->plugin->module().Describe();
  // Whether the file opens is the container's version (DatabaseFile), the
  // codec (the plugin's Open) and the game's data version; the plugin ABI
  // it was written under is information only.
  if (identity.data_version != game.data_version) {
    return absl::FailedPreconditionError(
        absl::StrCat(path, " holds ", identity.game, " data version ", identity.data_version,
                     "; the installed plugin reads version ", game.data_version,
                     "; rebuild the database with retro solve"));
  }
  // Names the file once, whether or not the plugin's message already does.
  auto with_path = [&](const absl::Status& status) {
    if (absl::StrContains(status.message(), path)) return status;
    return absl::Status(status.code(), absl::StrCat(path, ": ", status.message()));
  };
  auto database = session->plugin->module().Open(*session->file);
  if (!database.ok()) return with_path(database.status());
  session->database = std::move(*database);
  if (absl::Status checksums = session->file->VerifySlices(); !checksums.ok()) {
    return with_path(checksums);
  }
  return session;
}

absl::StatusOr<Report> DatabaseSession::Probe(const std::string& position,
                                              const ParameterValues& options) const {
  return Read([&] { return database->Probe(position, options); });
}

absl::StatusOr<std::unique_ptr<DatabaseSession>> OpenDatabaseSession(
    const std::string& path, const std::vector<std::string>& plugin_dirs) {
  return OpenDatabaseSessionIn(path, PluginSearchDirs(plugin_dirs));
}

}  // namespace retro
