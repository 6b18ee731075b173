// Implementation of the oware book reader.
#include "plugins/oware/book.h"

#include <algorithm>
#include <span>

#include "absl/strings/str_cat.h"
#include "games/oware/hash_indexer.h"
#include "games/oware/incremental_indexer.h"
#include "games/oware/lexicographic_indexer.h"
#include "games/oware/notation.h"
#include "games/oware/pext_indexer.h"
#include "retro/database_layout.h"
#include "retro/status_macros.h"

namespace retro::oware {

std::string SliceName(int seeds) { return absl::StrCat("seeds-", seeds); }

int IndexerSeedLimit(std::string_view indexer) {
  if (indexer == "colex") return ColexIndexer::kMaxSeeds;
  if (indexer == "lexicographic") return LexicographicIndexer::kMaxSeeds;
  if (indexer == "pext") return PextIndexer::kMaxSeeds;
  if (indexer == "incremental") return IncrementalIndexer::kMaxSeeds;
  if (indexer == "hash") return HashIndexer::kMaxSeeds;
  return 0;
}

absl::StatusOr<std::unique_ptr<Book>> Book::Open(const std::string& path) {
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<DatabaseFile> file, DatabaseFile::Open(path));
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<Book> book, FromFile(*file));
  book->owned_file_ = std::move(file);
  return book;
}

absl::StatusOr<std::unique_ptr<Book>> Book::FromFile(const DatabaseFile& file) {
  const DatabaseIdentity& id = file.identity();
  if (id.game != "oware") {
    return absl::FailedPreconditionError(
        absl::StrCat("not an oware book: it was made by game '", id.game, "'"));
  }
  if (id.data_version != kBookDataVersion || id.codec != kBookCodec) {
    return absl::FailedPreconditionError(absl::StrCat(
        "unsupported oware book layout (data version ", id.data_version, ", codec '", id.codec,
        "'); this build reads version ", kBookDataVersion, " '", kBookCodec, "'"));
  }
  // 1. The header's parameters, strictly. The indexer that ranked the
  //    boards while solving is a note (the book is in colex order whatever
  //    it was); books written by other programs may leave it out.
  RETRO_ASSIGN_OR_RETURN(
      const HeaderParameters params,
      HeaderParameters::Read(file, "oware book", {"seeds", "turn-limit", "grand-slam", "at-limit"},
                             {"indexer"}));
  RETRO_ASSIGN_OR_RETURN(const int64_t seeds, params.Int("seeds", 1, kMaxBookSeeds));
  RETRO_ASSIGN_OR_RETURN(const int64_t turn_limit, params.Int("turn-limit", 1, kMaxTurnLimit));
  RETRO_ASSIGN_OR_RETURN(const std::string grand_slam,
                         params.Choice("grand-slam", {"forfeit", "capture", "forced-only"}));
  RETRO_ASSIGN_OR_RETURN(const std::string at_limit,
                         params.Choice("at-limit", {"nobody", "own-side"}));
  if (params.Has("indexer")) {
    RETRO_ASSIGN_OR_RETURN(const std::string indexer, params.Choice("indexer", kIndexerNames));
    if (seeds > IndexerSeedLimit(indexer)) {
      return params.Error("indexer", absl::StrCat("ranks boards of at most ",
                                                  IndexerSeedLimit(indexer),
                                                  " seeds; the book has ", seeds));
    }
  }
  Rules rules;
  rules.turn_limit = static_cast<int>(turn_limit);
  RETRO_ASSIGN_OR_RETURN(rules.grand_slam, ParseGrandSlam(grand_slam));
  RETRO_ASSIGN_OR_RETURN(rules.at_limit, ParseAtLimit(at_limit));
  std::unique_ptr<Book> book(new Book(static_cast<int>(seeds), rules));

  // 2. Exactly the slices seeds-0..seeds-N, and each store's header against
  //    the parameters (O(1) each).
  std::vector<std::string> names;
  for (int n = 0; n <= seeds; ++n) names.push_back(SliceName(n));
  RETRO_ASSIGN_OR_RETURN(const std::vector<std::span<const uint8_t>> slices,
                         ExpectSlices(file, names, absl::StrCat("a ", seeds, "-seed oware book")));
  for (int n = 0; n <= seeds; ++n) {
    auto view = FiniteHorizonStoreView::OpenHeader(slices[n]);
    if (!view.ok()) {
      return absl::DataLossError(
          absl::StrCat("slice '", names[n], "': ", view.status().message()));
    }
    const uint64_t boards = book->indexer_.Size(n);
    if (view->states() != boards) {
      return absl::DataLossError(absl::StrCat("slice '", names[n], "' holds ", view->states(),
                                              " boards; ", n, " seeds imply ", boards));
    }
    if (view->horizon() != static_cast<uint32_t>(turn_limit)) {
      return absl::DataLossError(absl::StrCat("slice '", names[n], "' is solved to t = ",
                                              view->horizon(), "; the book's turn limit is ",
                                              turn_limit));
    }
    book->stores_.push_back(*view);
  }

  // 3. One pass over each store: offset tables and entries (values are net
  //    seeds, so within -n..n on n seeds).
  for (int n = 0; n <= seeds; ++n) {
    if (absl::Status s = book->stores_[n].Validate(-n, n); !s.ok()) {
      return absl::DataLossError(absl::StrCat("slice '", names[n], "': ", s.message()));
    }
  }
  return book;
}

int Book::fixed_point() const {
  uint32_t last = 0;
  for (const FiniteHorizonStoreView& store : stores_) last = std::max(last, store.last_change());
  return static_cast<int>(last);
}

absl::StatusOr<int> Book::CheckedValue(const Board& board, int plies_left) const {
  RETRO_RETURN_IF_ERROR(CheckSeedsCovered(board, seeds_));
  if (plies_left < 0 || plies_left > turn_limit()) {
    return absl::OutOfRangeError(absl::StrCat("plies left ", plies_left,
                                              " is outside this book; valid: 0..", turn_limit()));
  }
  return Value(board, plies_left);
}

}  // namespace retro::oware
