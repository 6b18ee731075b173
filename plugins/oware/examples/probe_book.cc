// Example: probing an oware book from C++ (what an engine does inside its
// search once few seeds are left). Build target: oware_probe_example.
//
//   oware_probe_example oware-9.retro "0 0 0 1 0 0 | 0 0 0 0 0 1" 3
//
// prints the value of the board with 3 plies left and the best move.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "games/oware/movegen.h"
#include "games/oware/notation.h"
#include "plugins/oware/book.h"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s BOOK \"BOARD\" PLIES_LEFT\n", argv[0]);
    return 2;
  }
  // 1. Open the book once (validates checksums and structure).
  auto book = retro::oware::Book::Open(argv[1]);
  if (!book.ok()) {
    std::fprintf(stderr, "error: %s\n", std::string(book.status().message()).c_str());
    return 1;
  }
  // An engine that probes inside its search would also call
  // (*book)->IndexFinalValues() here: 2 bytes a board in memory, and a
  // lookup at or past the board's last change decodes nothing.
  auto board = retro::oware::ParseBoard(argv[2]);
  if (!board.ok()) {
    std::fprintf(stderr, "error: %s\n", std::string(board.status().message()).c_str());
    return 2;
  }
  const int plies_left = std::atoi(argv[3]);
  // 2. The checked lookup validates the board and t; an engine that already
  //    knows both are in range calls Value() directly (no checks, ~25 ns).
  auto value = (*book)->CheckedValue(*board, plies_left);
  if (!value.ok()) {
    std::fprintf(stderr, "error: %s\n", std::string(value.status().message()).c_str());
    return 2;
  }
  // 3. The best move: the one maximising captures - V_{t-1}(child).
  retro::oware::Move moves[retro::oware::kMaxMoves];
  const int count =
      plies_left > 0 ? GenerateMoves(*board, (*book)->rules(), moves) : 0;
  int best_house = -1;
  for (int m = 0; m < count; ++m) {
    const int net = moves[m].captured - (*book)->Value(moves[m].child, plies_left - 1);
    if (net == *value && best_house < 0) best_house = moves[m].house;
  }
  std::printf("value %d, best move %d\n", *value, best_house);
  return 0;
}
