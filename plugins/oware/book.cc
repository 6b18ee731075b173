// The oware book reader: the kit's tables under oware's identity.
#include "plugins/oware/book.h"

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

absl::StatusOr<std::unique_ptr<Book>> Book::Open(const std::string& path) {
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<Tables> tables, Tables::Open(path, OwareInfo()));
  return std::unique_ptr<Book>(new Book(std::move(tables)));
}

absl::StatusOr<std::unique_ptr<Book>> Book::FromFile(const DatabaseFile& file) {
  RETRO_ASSIGN_OR_RETURN(std::unique_ptr<Tables> tables, Tables::FromFile(file, OwareInfo()));
  return std::unique_ptr<Book>(new Book(std::move(tables)));
}

}  // namespace retro::oware
