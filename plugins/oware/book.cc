// The oware book reader: the kit's tables under oware's identity.
#include "plugins/oware/book.h"

#include "retro/status_macros.h"

namespace retro::oware {

const kit::GameInfo& OwareInfo() {
  static const kit::GameInfo* const info = new kit::GameInfo{
      .name = "oware",
      .summary = "oware (abapa) net-score endgame book: every board with up to N seeds, every "
                 "plies-left",
      .codec = kBookCodec,
      .data_version = kBookDataVersion,
      .position_syntax = "12 house counts, the mover's 6 then the opponent's, e.g. \"0 0 0 1 0 0 "
                         "| 0 0 0 0 0 1\"",
      .database_name = "oware book",
  };
  return *info;
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
