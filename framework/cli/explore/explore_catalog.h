// The databases `retro explore` serves: exactly the files named on its
// command line, each opened once at start with its plugin (read-only) and
// named by a short id for URLs, with its statistics computed on first
// demand and kept. A file that changes on disk (another inode, size or
// modification time) is refused from then on instead of being read.
#ifndef RETRO_CLI_EXPLORE_EXPLORE_CATALOG_H_
#define RETRO_CLI_EXPLORE_EXPLORE_CATALOG_H_

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "retro/host/database_session.h"

namespace retro::cli {

// What identifies a file's contents cheaply: its device and inode, size and
// modification time (nanoseconds).
struct FileIdentity {
  uint64_t device = 0;
  uint64_t inode = 0;
  int64_t size = 0;
  int64_t mtime_ns = 0;
  bool operator==(const FileIdentity&) const = default;
};

// The identity of the file at `path` (stat), or the error naming it.
absl::StatusOr<FileIdentity> IdentifyFile(const std::string& path);

// One served database.
struct ExploreDatabase {
  std::string id;    // from the file's name, e.g. "oware-3" for dir/oware-3.retro
  std::string path;  // as given on the command line
  std::unique_ptr<DatabaseSession> session;
  FileIdentity opened;  // the file's identity when it was opened
};

class ExploreCatalog {
 public:
  // Opens every file of `paths` (OpenDatabaseSession); the first failure is
  // the error. `threads`: the workers of a statistics computation.
  static absl::StatusOr<std::unique_ptr<ExploreCatalog>> Open(
      const std::vector<std::string>& paths, const std::vector<std::string>& plugin_dirs,
      int threads);

  const std::vector<std::unique_ptr<ExploreDatabase>>& databases() const { return databases_; }

  // The database called `id`; NotFound listing the ids otherwise.
  absl::StatusOr<ExploreDatabase*> Find(std::string_view id) const;

  // The database called `id`, to be read: Find, then Unavailable when its
  // file is no longer the one opened (CheckUnchanged).
  absl::StatusOr<ExploreDatabase*> FindToRead(std::string_view id) const;

  // OK while the file at `database.path` has the device, inode, size and
  // modification time it had when opened; else Unavailable saying it
  // changed on disk (nothing more is read from it: restart to serve it).
  static absl::Status CheckUnchanged(const ExploreDatabase& database);

  // After a read of `database`: Unavailable when its file was truncated
  // under its mapping meanwhile (DatabaseFile::Faulted: the read may have
  // got zeros, and the answer is not sent); then every later request is
  // refused by CheckUnchanged too. One atomic load.
  static absl::Status CheckRead(const ExploreDatabase& database);

  // The JSON result of `retro stats --json` for `database`, computed once
  // (one computation at a time, with all the catalog's threads) and kept.
  absl::StatusOr<std::string> Stats(const ExploreDatabase& database);

 private:
  explicit ExploreCatalog(int threads) : threads_(threads) {}

  std::vector<std::unique_ptr<ExploreDatabase>> databases_;
  int threads_;
  std::mutex stats_mutex_;
  // By position in databases_; guarded by stats_mutex_.
  std::vector<std::optional<absl::StatusOr<std::string>>> stats_;
};

// The id of a database file at `path`: its file name without the extension,
// with any character other than letters, digits, '.', '_' and '-' as '-'.
std::string DatabaseId(std::string_view path);

}  // namespace retro::cli

#endif  // RETRO_CLI_EXPLORE_EXPLORE_CATALOG_H_
