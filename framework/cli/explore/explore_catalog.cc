// Opening and looking up the databases of `retro explore`.
#include "cli/explore/explore_catalog.h"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "retro/progress.h"
#include "retro/status_macros.h"
#include "retro/thread_pool.h"

namespace retro::cli {

absl::StatusOr<FileIdentity> IdentifyFile(const std::string& path) {
  struct stat info {};
  if (stat(path.c_str(), &info) != 0) {
    return absl::UnavailableError(absl::StrCat("cannot stat ", path, ": ", std::strerror(errno)));
  }
  FileIdentity identity;
  identity.device = static_cast<uint64_t>(info.st_dev);
  identity.inode = static_cast<uint64_t>(info.st_ino);
  identity.size = static_cast<int64_t>(info.st_size);
  identity.mtime_ns = static_cast<int64_t>(info.st_mtim.tv_sec) * 1000000000 +
                      static_cast<int64_t>(info.st_mtim.tv_nsec);
  return identity;
}

std::string DatabaseId(std::string_view path) {
  std::string id = std::filesystem::path(std::string(path)).stem().string();
  std::replace_if(
      id.begin(), id.end(),
      [](unsigned char c) { return !(std::isalnum(c) || c == '.' || c == '_' || c == '-'); }, '-');
  return id.empty() ? std::string("database") : id;
}

absl::StatusOr<std::unique_ptr<ExploreCatalog>> ExploreCatalog::Open(
    const std::vector<std::string>& paths, const std::vector<std::string>& plugin_dirs,
    int threads) {
  std::unique_ptr<ExploreCatalog> catalog(new ExploreCatalog(threads));
  for (const std::string& path : paths) {
    // The identity before opening: a file changed while being opened then
    // differs from it at its first request.
    absl::StatusOr<FileIdentity> identity = IdentifyFile(path);
    auto session = OpenDatabaseSession(path, plugin_dirs);
    if (!session.ok()) return session.status();
    if (!identity.ok()) return identity.status();
    // 1. A unique id: the file's name, then "-2", "-3", ... when taken.
    const std::string base = DatabaseId(path);
    std::string id = base;
    for (int n = 2; catalog->Find(id).ok(); ++n) id = absl::StrCat(base, "-", n);
    // 2. The database.
    catalog->databases_.push_back(std::make_unique<ExploreDatabase>(ExploreDatabase{
        .id = id, .path = path, .session = *std::move(session), .opened = *identity}));
  }
  catalog->stats_.resize(catalog->databases_.size());
  return catalog;
}

absl::StatusOr<ExploreDatabase*> ExploreCatalog::Find(std::string_view id) const {
  std::vector<std::string> ids;
  for (const auto& database : databases_) {
    if (database->id == id) return database.get();
    ids.push_back(database->id);
  }
  return absl::NotFoundError(absl::StrCat("unknown database '", std::string(id),
                                          "'; valid: ", absl::StrJoin(ids, ", ")));
}

absl::StatusOr<ExploreDatabase*> ExploreCatalog::FindToRead(std::string_view id) const {
  RETRO_ASSIGN_OR_RETURN(ExploreDatabase* const database, Find(id));
  RETRO_RETURN_IF_ERROR(CheckUnchanged(*database));
  return database;
}

absl::Status ExploreCatalog::CheckRead(const ExploreDatabase& database) {
  if (!database.session->file->Faulted()) return absl::OkStatus();
  return absl::UnavailableError(absl::StrCat(
      "database '", database.id, "' (", database.path, ") was truncated on disk while "
      "retro explore read it; it is no longer read. Restart retro explore to serve the file "
      "as it is now"));
}

absl::Status ExploreCatalog::CheckUnchanged(const ExploreDatabase& database) {
  RETRO_RETURN_IF_ERROR(CheckRead(database));
  const absl::StatusOr<FileIdentity> now = IdentifyFile(database.path);
  if (now.ok() && *now == database.opened) return absl::OkStatus();
  std::string what = "is gone or unreadable";
  if (now.ok()) {
    std::vector<std::string> changes;
    if (now->device != database.opened.device || now->inode != database.opened.inode) {
      changes.push_back("replaced by another file");
    }
    if (now->size != database.opened.size) {
      changes.push_back(absl::StrCat("size ", database.opened.size, " -> ", now->size, " bytes"));
    }
    if (now->mtime_ns != database.opened.mtime_ns) changes.push_back("modification time");
    what = absl::StrCat("changed on disk (", absl::StrJoin(changes, ", "), ")");
  }
  return absl::UnavailableError(absl::StrCat(
      "database '", database.id, "' (", database.path, ") ", what,
      " since retro explore opened it; it is no longer read. Restart retro explore to serve "
      "the file as it is now"));
}

absl::StatusOr<std::string> ExploreCatalog::Stats(const ExploreDatabase& database) {
  size_t slot = 0;
  while (databases_[slot].get() != &database) ++slot;
  std::lock_guard<std::mutex> lock(stats_mutex_);
  if (!stats_[slot].has_value()) {
    ThreadPool pool(threads_);
    Progress progress;
    absl::StatusOr<Report> report = database.session->Read(
        [&] { return database.session->database->Stats(WorkContext{&pool, &progress}); });
    // Statistics of a file truncated meanwhile are not kept.
    RETRO_RETURN_IF_ERROR(CheckRead(database));
    stats_[slot] = report.ok() ? absl::StatusOr<std::string>(report->json)
                               : absl::StatusOr<std::string>(report.status());
  }
  return *stats_[slot];
}

}  // namespace retro::cli
