// Opening and looking up the databases of `retro explore`.
#include "cli/explore/explore_catalog.h"

#include <cctype>
#include <filesystem>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "retro/progress.h"
#include "retro/thread_pool.h"

namespace retro::cli {

std::string DatabaseId(std::string_view path) {
  std::string id = std::filesystem::path(std::string(path)).stem().string();
  for (char& c : id) {
    const bool plain = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' ||
                       c == '-';
    if (!plain) c = '-';
  }
  return id.empty() ? std::string("database") : id;
}

absl::StatusOr<std::unique_ptr<ExploreCatalog>> ExploreCatalog::Open(
    const std::vector<std::string>& paths, const std::vector<std::string>& plugin_dirs,
    int threads) {
  std::unique_ptr<ExploreCatalog> catalog(new ExploreCatalog(threads));
  for (const std::string& path : paths) {
    auto session = OpenDatabaseSession(path, plugin_dirs);
    if (!session.ok()) return session.status();
    // 1. A unique id: the file's name, then "-2", "-3", ... when taken.
    const std::string base = DatabaseId(path);
    std::string id = base;
    for (int n = 2; catalog->Find(id).ok(); ++n) id = absl::StrCat(base, "-", n);
    // 2. The database.
    auto database = std::make_unique<ExploreDatabase>();
    database->id = id;
    database->path = path;
    database->session = *std::move(session);
    catalog->databases_.push_back(std::move(database));
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

absl::StatusOr<std::string> ExploreCatalog::Stats(const ExploreDatabase& database) {
  size_t slot = 0;
  while (databases_[slot].get() != &database) ++slot;
  std::lock_guard<std::mutex> lock(stats_mutex_);
  if (!stats_[slot].has_value()) {
    ThreadPool pool(threads_);
    Progress progress;
    absl::StatusOr<Report> report =
        database.session->database->Stats(WorkContext{&pool, &progress});
    stats_[slot] = report.ok() ? absl::StatusOr<std::string>(report->json)
                               : absl::StatusOr<std::string>(report.status());
  }
  return *stats_[slot];
}

}  // namespace retro::cli
