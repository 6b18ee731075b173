// Opens an oware book, Surakarta tables and Plakoto pin databases through the
// installed reader headers and prints what each holds:
//
//   probe_all BOOK TABLES PINS
#include <cstdio>
#include <string>

#include "games/oware/notation.h"
#include "plugins/oware/book.h"
#include "plugins/plakoto/pin_file.h"
#include "plugins/surakarta/dtc_tables.h"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: probe_all BOOK TABLES PINS\n");
    return 2;
  }
  auto book = retro::oware::Book::Open(argv[1]);
  auto tables = retro::surakarta::DtcTables::Open(argv[2]);
  auto pins = retro::plakoto::PinFile::Open(argv[3]);
  if (!book.ok() || !tables.ok() || !pins.ok()) {
    std::fprintf(stderr, "error: a file did not open\n");
    return 1;
  }
  auto board = retro::oware::ParseBoard("0 0 0 1 0 0 | 0 0 0 0 0 1");
  if (!board.ok()) return 1;
  auto value = (*book)->CheckedValue(*board, 3);
  if (!value.ok()) return 1;
  std::printf("oware %d seeds, value %d; surakarta %d pieces; plakoto P = %d, %d pins\n",
              (*book)->seeds(), *value, (*tables)->max_pieces(), (*pins)->points(),
              static_cast<int>((*pins)->pins().size()));
  return 0;
}
