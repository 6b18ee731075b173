// Creation of the book oracle: the rule check and the fixed-point test.
#include "plugins/oware/book_oracle.h"

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"

namespace retro::oware {

BookOracle::BookOracle(const Book& book)
    : book_(&book),
      stable_beyond_limit_(book.fixed_point() < book.turn_limit()) {}

absl::StatusOr<BookOracle> BookOracle::Create(const Book& book,
                                              const Rules& rules) {
  if (book.rules().grand_slam != rules.grand_slam ||
      book.rules().at_limit != rules.at_limit) {
    return absl::InvalidArgumentError(
        absl::StrCat("the book was solved under ", FormatRules(book.rules()),
                     "; the game is played under ", FormatRules(rules)));
  }
  return BookOracle(book);
}

}  // namespace retro::oware
