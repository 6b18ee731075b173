// BookCppCode (book_build.h): the oware side of the C++ header `retro
// export --format cpp` writes
// (retro/export/cpp_book.h): what the book is, the board's slice (its seed
// count) and colex rank written out as standalone C++ (the same rank as
// games/oware/colex_indexer.h), and the lookup function bots call.
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "plugins/oware/book_build.h"

namespace retro::oware {
namespace {

// Inside the header's namespace: the rank of a board among the boards with
// as many seeds, sum over bars i of C(seeds in houses 0..i + i, i + 1).
constexpr char kLocate[] = R"(inline constexpr int kSeeds = @SEEDS@;

// C(n, k) for n < kSeeds + 12 and k < 12 (0 when k > n): Pascal's
// triangle, built by the compiler, so a rank takes no division.
struct Binomials {
  long long c[kSeeds + 12][12];
  constexpr Binomials() : c() {
    for (int n = 0; n < kSeeds + 12; ++n) {
      c[n][0] = 1;
      for (int k = 1; k < 12 && k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k < n ? c[n - 1][k] : 0);
    }
  }
};
inline constexpr Binomials kBinomials{};

// The board's slice (its seed count) and colex rank; false for a board the
// book does not cover (a negative house, more than kSeeds seeds).
inline bool Locate(const int houses[12], int* slice, long long* index) {
  int seeds = 0;
  for (int h = 0; h < 12; ++h) {
    if (houses[h] < 0 || houses[h] > kSeeds) return false;
    seeds += houses[h];
  }
  if (seeds > kSeeds) return false;
  long long rank = 0;
  int below = 0;
  for (int bar = 0; bar < 11; ++bar) {
    below += houses[bar];
    rank += kBinomials.c[below + bar][bar + 1];
  }
  *slice = seeds;
  *index = rank;
  return true;
}
)";

constexpr char kInterface[] = R"(// The net score V_t of a board for the side to move with t = plies_left
// plies left: the seeds it will capture from now on minus the opponent's,
// under perfect play. houses: the mover's houses 0..5, then the opponent's
// 6..11, each in sowing order. *exact (unless null) is set to 1 when the
// value is the book's exact V_t (plies_left at or past the board's stored
// threshold), 0 when plies_left is below it (the value is then the board's
// final one, a guess) or the board is outside the book (the value is 0).
inline int retro_oware_book_value(const int houses[12], int plies_left, int* exact) {
  int slice = 0;
  long long index = 0;
  if (!retro_oware_book::Locate(houses, &slice, &index)) {
    if (exact != nullptr) *exact = 0;
    return 0;
  }
  return retro_oware_book::Lookup(slice, index, plies_left, exact);
}
)";

}  // namespace

CppBookCode BookCppCode(const BookRules& book) {
  const int seeds = book.seeds();
  const Rules& rules = book.rules();
  CppBookCode code;
  code.name = "retro_oware_book";
  code.about = {
      absl::StrCat("Oware (abapa) endgame book: every board with 0..", seeds,
                   " seeds, written by `retro export --format cpp`."),
      absl::StrCat("Rules: grand slam ", GrandSlamName(rules.grand_slam), ", seeds at the limit ",
                   AtLimitName(rules.at_limit), ", turn limit ", rules.turn_limit,
                   " plies (docs/games/oware.md)."),
      "Standalone C++17, no includes; the book is decoded at the first call (tens of",
      "milliseconds for 9 seeds) into 3 bytes a board.",
      "",
      "  int houses[12] = {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1};  // mover's 6, then opponent's",
      "  int exact;",
      "  int v = retro_oware_book_value(houses, /*plies_left=*/3, &exact);",
      "  // v: the board's value; exact: 1 if v is V_3 itself, 0 if it is the board's",
      "  // final value and 3 plies are below its stored threshold.",
      "",
  };
  code.locate = absl::StrReplaceAll(kLocate, {{"@SEEDS@", absl::StrCat(seeds)}});
  code.interface = kInterface;
  return code;
}

}  // namespace retro::oware
