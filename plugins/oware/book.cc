// The oware book reader: the kit's tables under oware's identity.
#include "plugins/oware/book.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "plugins/oware/book_rules.h"
#include "retro/kit/finite_horizon_reader.h"
#include "retro/status_macros.h"

namespace retro::oware {

kit::GameInfo OwareInfo() {
  // A value, not a never-destroyed static: a heap object a plugin keeps only
  // in its own statics leaks each time the plugin is unloaded.
  return {
      .name = "oware",
      .summary = "oware (abapa) net-score endgame book: every board with up to N seeds, every "
                 "plies-left",
      .codec = kBookCodec,
      .data_version = kBookDataVersion,
      .position_syntax = "12 house counts, the mover's 6 then the opponent's, e.g. \"0 0 0 1 0 0 "
                         "| 0 0 0 0 0 1\"",
      .cells_syntax = "12 integers, the house counts in the text's order: the mover's 6, then "
                      "the opponent's, e.g. {0,0,0,1,0,0, 0,0,0,0,0,1}",
      .database_name = "oware book",
  };
}

struct Book::Tables {
  std::unique_ptr<kit::FiniteHorizonTables<BookRules>> kit;
};

Book::Book(std::unique_ptr<Tables> tables)
    : tables_(std::move(tables)),
      stores_(&tables_->kit->store(0)),
      indexer_(&tables_->kit->rules().indexer()),
      rules_(&tables_->kit->rules().rules()),
      seeds_(tables_->kit->rules().seeds()) {}

Book::~Book() = default;

absl::StatusOr<std::unique_ptr<Book>> Book::Open(const std::string& path) {
  RETRO_ASSIGN_OR_RETURN(auto kit, kit::FiniteHorizonTables<BookRules>::Open(path, OwareInfo()));
  return std::unique_ptr<Book>(new Book(std::unique_ptr<Tables>(new Tables{std::move(kit)})));
}

absl::StatusOr<std::unique_ptr<Book>> Book::FromFile(const DatabaseFile& file) {
  RETRO_ASSIGN_OR_RETURN(auto kit,
                         kit::FiniteHorizonTables<BookRules>::FromFile(file, OwareInfo()));
  return std::unique_ptr<Book>(new Book(std::unique_ptr<Tables>(new Tables{std::move(kit)})));
}

int Book::fixed_point() const { return tables_->kit->fixed_point(); }

uint64_t Book::IndexFinalValues() { return tables_->kit->IndexFinalValues(); }

absl::StatusOr<int> Book::CheckedValue(const Board& board, int plies_left) const {
  return tables_->kit->CheckedValue(board, plies_left);
}

}  // namespace retro::oware
