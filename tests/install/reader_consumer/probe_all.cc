// An engine built against the installed reader library (retro::reader): opens
// an oware book, Surakarta tables and Plakoto pin databases through the game
// readers and probes one position in each, printing the answers in the form
// `retro probe --json` gives them (the install test compares the two):
//
//   probe_all BOOK TABLES PINS OWARE_POSITION PLIES_LEFT SURAKARTA_POSITION PLAKOTO_POSITION
#include <charconv>
#include <cstdio>
#include <string>

#include "games/oware/notation.h"
#include "games/plakoto/notation.h"
#include "games/surakarta/notation.h"
#include "plugins/oware/book.h"
#include "plugins/plakoto/pin_file.h"
#include "plugins/surakarta/dtc_tables.h"

namespace {

// Prints `what` and a reason on stderr and returns the exit status 1.
int Fail(const char* what, const absl::Status& status) {
  std::fprintf(stderr, "error: %s: %s\n", what, std::string(status.message()).c_str());
  return 1;
}

const char* ResultName(retro::Wdl result) {
  switch (result) {
    case retro::Wdl::kWin: return "win";
    case retro::Wdl::kLoss: return "loss";
    default: return "draw";
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 8) {
    std::fprintf(stderr, "usage: probe_all BOOK TABLES PINS OWARE_POSITION PLIES_LEFT "
                         "SURAKARTA_POSITION PLAKOTO_POSITION\n");
    return 2;
  }
  auto book = retro::oware::Book::Open(argv[1]);
  if (!book.ok()) return Fail("oware book", book.status());
  auto tables = retro::surakarta::DtcTables::Open(argv[2]);
  if (!tables.ok()) return Fail("surakarta tables", tables.status());
  auto pins = retro::plakoto::PinFile::Open(argv[3]);
  if (!pins.ok()) return Fail("plakoto pins", pins.status());
  // 1. Oware: the net score at the plies left.
  auto board = retro::oware::ParseBoard(argv[4]);
  if (!board.ok()) return Fail("oware position", board.status());
  auto value = (*book)->CheckedValue(*board, std::stoi(argv[5]));
  if (!value.ok()) return Fail("oware probe", value.status());
  std::printf("oware \"value\":%d\n", *value);
  // 2. Surakarta: the result and its distance.
  auto position = retro::surakarta::ParsePosition(argv[6]);
  if (!position.ok()) return Fail("surakarta position", position.status());
  auto outcome = (*tables)->Probe(*position);
  if (!outcome.ok()) return Fail("surakarta probe", outcome.status());
  std::printf("surakarta \"result\":\"%s\",\"distance\":%d\n", ResultName(outcome->result),
              outcome->distance);
  // 3. Plakoto: the expected turns the pin holds.
  auto pinned = retro::plakoto::ParsePosition(argv[7]);
  if (!pinned.ok()) return Fail("plakoto position", pinned.status());
  auto database = (*pins)->DatabaseOf(*pinned);
  if (!database.ok()) return Fail("plakoto database", database.status());
  auto turns = (*database)->Value(*pinned);
  if (!turns.ok()) return Fail("plakoto probe", turns.status());
  // The shortest text that reads back as the double, as JSON prints it.
  char text[32];
  *std::to_chars(text, text + sizeof text - 1, *turns).ptr = '\0';
  std::printf("plakoto \"expected_turns\":%s\n", text);
  return 0;
}
