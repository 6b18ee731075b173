// The oware endgame book as a C++ library, for engines that probe it inside
// their own search (and for the plugin's probe, stats and verify):
//
//   auto book = retro::oware::Book::Open("oware-9.retro");
//   if (!book.ok()) { ... }
//   int v = (*book)->Value(board, plies_left);  // net seeds for the mover
//
// Value() is exact for every board with at most seeds() seeds and every
// 0 <= plies_left <= turn_limit(); for plies_left at or beyond
// fixed_point() the value no longer depends on it. A lookup is a rank and a
// short scan of the state's value changes: well under a microsecond.
// Link with the `retro_oware_book` CMake target.
#ifndef PLUGINS_OWARE_BOOK_H_
#define PLUGINS_OWARE_BOOK_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "games/oware/board.h"
#include "games/oware/colex_indexer.h"
#include "games/oware/rules.h"
#include "retro/database.h"
#include "retro/solver/finite_horizon_store.h"

namespace retro::oware {

// The version of the book's data layout (slices and codec); part of the
// database identity.
inline constexpr uint32_t kBookDataVersion = 1;
inline constexpr char kBookCodec[] = "oware-net-score-changes-v1";

// The largest book the parameters allow (the indexers' table limit), and
// the largest turn limit.
inline constexpr int kMaxBookSeeds = 48;
inline constexpr int kMaxTurnLimit = 1 << 23;

// The name of the slice holding the boards with `seeds` seeds.
std::string SliceName(int seeds);

// The indexing schemes a book can be solved with (--indexer; the book itself
// is always in colex order), and the largest book `indexer` can rank (0 for
// an unknown name).
inline constexpr std::string_view kIndexerNames[] = {"colex", "lexicographic", "pext",
                                                     "incremental", "hash"};
int IndexerSeedLimit(std::string_view indexer);

class Book {
 public:
  // Opens and validates a book file (container checks and book structure).
  static absl::StatusOr<std::unique_ptr<Book>> Open(const std::string& path);
  // Interprets an already opened database; `file` must outlive the book.
  // Checks the whole structure against the header's parameters, so that no
  // lookup can read outside the file: the parameters (strict, in range), the
  // slices seeds-0..seeds-N (each once, nothing else), each store's header
  // (states, horizon, counts, size) and then, in one pass over each store,
  // its offset tables and entries (FiniteHorizonStoreView::Validate, values
  // within -n..n on n seeds). The slices' checksums need not be verified
  // yet: the checks before the pass cost O(slices) and refuse a header that
  // claims more than the parameters allow.
  static absl::StatusOr<std::unique_ptr<Book>> FromFile(const DatabaseFile& file);

  // The largest seed count covered, the rules, the turn limit T.
  int seeds() const { return seeds_; }
  const Rules& rules() const { return rules_; }
  int turn_limit() const { return rules_.turn_limit; }
  // The smallest t from which no stored value changes any more.
  int fixed_point() const;
  // The same for the boards with `seeds` seeds.
  int fixed_point(int seeds) const { return stores_[seeds].last_change(); }

  // V_t of `board` (the net score the side to move will gain with at most
  // `plies_left` more plies). Requires TotalSeeds(board) <= seeds() and
  // 0 <= plies_left <= turn_limit().
  int Value(const Board& board, int plies_left) const {
    const int n = TotalSeeds(board);
    return stores_[n].ValueAt(indexer_.Rank(board), static_cast<uint32_t>(plies_left));
  }

  // Checked version of Value: errors name the problem (too many seeds,
  // plies_left out of range).
  absl::StatusOr<int> CheckedValue(const Board& board, int plies_left) const;

  // The store of the boards with `seeds` seeds, and the indexer ranking them.
  const FiniteHorizonStoreView& store(int seeds) const { return stores_[seeds]; }
  const ColexIndexer& indexer() const { return indexer_; }

 private:
  Book(int seeds, Rules rules) : seeds_(seeds), rules_(rules), indexer_(seeds) {}
  std::unique_ptr<DatabaseFile> owned_file_;
  int seeds_;
  Rules rules_;
  ColexIndexer indexer_;
  std::vector<FiniteHorizonStoreView> stores_;
};

}  // namespace retro::oware

#endif  // PLUGINS_OWARE_BOOK_H_
