// The binding of an opened oware book (plugins/oware/book.h) to the engine's
// EndgameOracle interface (games/oware/endgame_oracle.h), so that the
// whole-game engine probes the book at every covered node:
//
//   auto book = Book::Open("oware-9.retro");
//   auto oracle = BookOracle::Create(**book, options.game.rules);
//   if (!oracle.ok()) { ... }  // the book was solved under other rules
//   Engine<BookOracle> engine(options, *oracle);
//
// A probe is Book::Value (a colex rank and a short scan), inlined into the
// search. The book must outlive the oracle.
#ifndef PLUGINS_OWARE_BOOK_ORACLE_H_
#define PLUGINS_OWARE_BOOK_ORACLE_H_

#include <optional>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "games/oware/board.h"
#include "games/oware/rules.h"
#include "plugins/oware/book.h"

namespace retro::oware {

class BookOracle {
 public:
  // An oracle over `book` for games under `rules`: refuses a book whose
  // grand slam or at-limit rule differs (its values would be those of another
  // game). The turn limits may differ: plies left beyond the book's turn
  // limit are answered when the book reached its fixed point before it.
  static absl::StatusOr<BookOracle> Create(const Book& book, const Rules& rules) {
    if (book.rules().grand_slam != rules.grand_slam || book.rules().at_limit != rules.at_limit) {
      return absl::InvalidArgumentError(
          absl::StrCat("the book was solved under ", FormatRules(book.rules()),
                       "; the game is played under ", FormatRules(rules)));
    }
    return BookOracle(book);
  }

  int max_seeds() const { return book_->seeds(); }

  // V_t of `board`, t = plies_left; nullopt when the board has more seeds
  // than the book or t is beyond what the book determines.
  std::optional<int> NetValue(const Board& board, int plies_left) const {
    if (TotalSeeds(board) > book_->seeds()) return std::nullopt;
    if (plies_left > book_->turn_limit()) {
      if (!stable_beyond_limit_) return std::nullopt;
      plies_left = book_->turn_limit();
    }
    return book_->Value(board, plies_left);
  }

 private:
  explicit BookOracle(const Book& book)
      : book_(&book), stable_beyond_limit_(book.fixed_point() < book.turn_limit()) {}

  const Book* book_;
  // The book's values no longer change at its turn limit, so V_t = V_T for
  // every t > T.
  bool stable_beyond_limit_;
};

}  // namespace retro::oware

#endif  // PLUGINS_OWARE_BOOK_ORACLE_H_
