// Implementation of the oware book reader.
#include "plugins/oware/book.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "games/oware/notation.h"
#include "retro/parameters.h"
#include "retro/status_macros.h"

namespace retro::oware {

std::string SliceName(int seeds) { return absl::StrCat("seeds-", seeds); }

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
  ParameterValues values;
  for (const auto& [key, value] : file.parameters()) values[key] = value;
  for (const char* key : {"seeds", "turn-limit", "grand-slam", "at-limit"}) {
    if (values.count(key) == 0) {
      return absl::DataLossError(absl::StrCat("oware book header lacks parameter '", key, "'"));
    }
  }
  RETRO_ASSIGN_OR_RETURN(const int64_t seeds,
                         GetIntParameter(values, "seeds", 0, ColexIndexer::kMaxSeeds));
  RETRO_ASSIGN_OR_RETURN(const int64_t turn_limit,
                         GetIntParameter(values, "turn-limit", 1, 1 << 23));
  Rules rules;
  rules.turn_limit = static_cast<int>(turn_limit);
  RETRO_ASSIGN_OR_RETURN(rules.grand_slam, ParseGrandSlam(values["grand-slam"]));
  RETRO_ASSIGN_OR_RETURN(rules.at_limit, ParseAtLimit(values["at-limit"]));
  std::unique_ptr<Book> book(new Book(static_cast<int>(seeds), rules));
  for (int n = 0; n <= seeds; ++n) {
    const auto index = file.FindSlice(SliceName(n));
    if (!index.has_value()) {
      return absl::DataLossError(absl::StrCat("oware book lacks slice ", SliceName(n)));
    }
    auto view = FiniteHorizonStoreView::Open(file.SliceBytes(*index));
    if (!view.ok()) {
      return absl::DataLossError(absl::StrCat("slice ", SliceName(n), ": ", view.status().message()));
    }
    if (view->states() != book->indexer_.Size(n) ||
        view->horizon() != static_cast<uint32_t>(turn_limit)) {
      return absl::DataLossError(absl::StrCat("slice ", SliceName(n),
                                              " does not match the book's parameters"));
    }
    book->stores_.push_back(*view);
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
