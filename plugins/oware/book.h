// The oware endgame book as a C++ library, for engines that probe it inside
// their own search (and for the plugin's probe, stats and verify, which the
// finite-horizon kit answers from the same tables):
//
//   auto book = retro::oware::Book::Open("oware-9.retro");
//   if (!book.ok()) { ... }
//   int v = (*book)->Value(board, plies_left);  // net seeds for the mover
//
// Value() is exact for every board with at most seeds() seeds and every
// 0 <= plies_left <= turn_limit(); for plies_left at or beyond
// fixed_point() the value no longer depends on it. A lookup is a rank and a
// short scan of the state's value changes: well under a microsecond.
// Link with the `retro_oware_reader` CMake target. The header names format
// and game types only; the kit's reader (retro/kit/finite_horizon_reader.h)
// is instantiated in book.cc.
#ifndef PLUGINS_OWARE_BOOK_H_
#define PLUGINS_OWARE_BOOK_H_

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "games/oware/board.h"
#include "games/oware/colex_indexer.h"
#include "games/oware/rules.h"
#include "retro/database.h"
#include "retro/format/finite_horizon/store.h"

namespace retro::oware {

// An opened book: the kit's tables (retro/kit/finite_horizon_reader.h) of
// BookRules (book_rules.h), with oware's names.
class Book {
 public:
  Book(const Book&) = delete;
  Book& operator=(const Book&) = delete;
  ~Book();

  // Opens a book file and checks it (container, header, every store).
  //   Parameters: path, a file written by `retro solve --game oware`.
  //   Returns: the book, owning the memory-mapped file.
  //   Errors: the container reader's (missing or unreadable file, bad
  //     checksum, another game or layout) and FromFile's.
  //   Thread safety: any thread; the book is then read-only.
  //   Cost: root only (maps the file and validates every store once).
  static absl::StatusOr<std::unique_ptr<Book>> Open(const std::string& path);
  // Interprets an already opened database.
  //   Parameters: file, which must outlive the book.
  //   Returns: the book.
  //   Errors: InvalidArgument or DataLoss when the structure disagrees with
  //     the header's parameters, so that no lookup can read outside the file
  //     (FiniteHorizonTables::FromFile: the parameters strictly, the slices
  //     seeds-0..seeds-N, each store's header, offset tables and entries,
  //     values within -n..n on n seeds).
  //   Thread safety: any thread.
  //   Cost: root only (one pass over every store).
  static absl::StatusOr<std::unique_ptr<Book>> FromFile(const DatabaseFile& file);

  // The largest seed count covered, the rules, the turn limit T.
  //   Returns: the values of the book's header; no errors.
  //   Thread safety: any thread. Cost: fit for every node.
  int seeds() const { return seeds_; }
  const Rules& rules() const { return *rules_; }
  int turn_limit() const { return rules().turn_limit; }
  // The smallest t from which no stored value changes any more (with
  // `seeds`: for the boards of that many seeds, 0 <= seeds <= seeds()).
  //   Returns: a layer 0..turn_limit(); no errors.
  //   Thread safety: any thread. Cost: fit for every node.
  int fixed_point() const;
  // The same for the boards with `seeds` seeds.
  int fixed_point(int seeds) const { return static_cast<int>(stores_[seeds].last_change()); }

  // V_t of a board: the net score the side to move will gain with at most
  // `plies_left` more plies.
  //   Parameters: board, with TotalSeeds(board) <= seeds(); plies_left,
  //     0..turn_limit().
  //   Returns: the value, -n..n on n seeds.
  //   Errors: none checked (CheckedValue checks); out-of-range arguments
  //     are undefined behaviour.
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (a rank and a short scan, under a
  //     microsecond; less after IndexFinalValues).
  int Value(const Board& board, int plies_left) const {
    return stores_[TotalSeeds(board)].ValueAt(indexer_->Rank(board),
                                               static_cast<uint32_t>(plies_left));
  }

  // Makes Value faster for an engine's search: keeps each board's final
  // value and the plies left from which it holds in memory, so that a
  // lookup at or past the board's last change (most of a search's, whose
  // plies left are many) decodes nothing. The file is unchanged.
  //   Returns: the bytes held (2 a board: 0.56 MiB for 9 seeds).
  //   Errors: none.
  //   Thread safety: not with other calls; call once, before probing from
  //     several threads.
  //   Cost: root only (decodes every list once, on all hardware threads).
  uint64_t IndexFinalValues();

  // Value with its arguments checked.
  //   Parameters: as Value.
  //   Returns: the value.
  //   Errors: InvalidArgument or OutOfRange naming the problem (an invalid
  //     board, too many seeds, plies_left out of range).
  //   Thread safety: any number of threads at once.
  //   Cost: fit for every node (Value and a few comparisons).
  absl::StatusOr<int> CheckedValue(const Board& board, int plies_left) const;

  // The store of the boards with `seeds` seeds (0..seeds()) and the
  // indexer ranking them.
  //   Returns: references valid while the book lives; no errors.
  //   Thread safety: any thread. Cost: fit for every node.
  const FiniteHorizonStoreView& store(int seeds) const { return stores_[seeds]; }
  const ColexIndexer& indexer() const { return *indexer_; }

 private:
  struct Tables;  // the kit's tables (book.cc)
  explicit Book(std::unique_ptr<Tables> tables);

  std::unique_ptr<Tables> tables_;
  // What Value reads, kept by the tables: their stores by seed count, the
  // indexer, the rules.
  const FiniteHorizonStoreView* stores_;
  const ColexIndexer* indexer_;
  const Rules* rules_;
  int seeds_;
};

}  // namespace retro::oware

#endif  // PLUGINS_OWARE_BOOK_H_
